package matchtext

// The name comparison is hand-written: an optimal-string-alignment
// (Damerau) distance and a word-set score are a few dozen lines, and the
// SDK module takes no string-similarity dependency for them. Jaro-Winkler
// was tried first and dropped: it rates "nordbau" and "nordbank" 0.92,
// the same as a real typo, so near-misses passed for the company.

// editDistance is the optimal-string-alignment distance of a and b over
// bytes (insertions, deletions, substitutions and swaps of neighbours),
// stopping early above limit (it then returns limit+1).
func editDistance(a, b string, limit int) int {
	if a == b {
		return 0
	}
	la, lb := len(a), len(b)
	if d := la - lb; d > limit || -d > limit {
		return limit + 1
	}
	var rows [3][48]int // words are short: no allocation for them
	var prev2, prev, cur []int
	if lb < len(rows[0]) {
		prev2, prev, cur = rows[0][:lb+1], rows[1][:lb+1], rows[2][:lb+1]
	} else {
		prev2, prev, cur = make([]int, lb+1), make([]int, lb+1), make([]int, lb+1)
	}
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= la; i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= lb; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin > limit {
			return limit + 1
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[lb], limit+1)
}

// wordSimilarity is 1 for equal words, 0.95 for words of at least five
// letters one typo apart, 0.9 for words of at least ten letters two typos
// apart, and 0 otherwise: different words are different, however alike.
//
// A single letter is an initial: it is 0.9 like a word it starts ("A."
// for "Anna").
func wordSimilarity(a, b string) float64 {
	if a == b {
		return 1
	}
	if len(a) == 1 && len(b) > 1 && b[0] == a[0] || len(b) == 1 && len(a) > 1 && a[0] == b[0] {
		return 0.9
	}
	n := min(len(a), len(b))
	if n < 5 {
		return 0 // too short for a typo to count
	}
	limit := 2
	if n < 10 {
		limit = 1 // two typos count only in long words
	}
	switch d := editDistance(a, b, limit); {
	case d == 1:
		return 0.95
	case d == 2 && n >= 10:
		return 0.9
	}
	return 0
}

// tokenSetScore compares two word lists as sets: each word of q is paired
// with its most similar unpaired word of c, and the score is the paired
// similarity weighted by word length over the length of both lists, so a
// dropped or extra word lowers it in proportion to its length.
func tokenSetScore(q, c []string) float64 {
	if len(q) == 0 || len(c) == 0 {
		return 0
	}
	used := make([]bool, len(c))
	var paired, total float64
	for _, x := range q {
		total += float64(len(x))
	}
	for _, y := range c {
		total += float64(len(y))
	}
	for _, x := range q {
		best, bj := 0.0, -1
		for j, y := range c {
			if used[j] {
				continue
			}
			if s := wordSimilarity(x, y); s > best {
				best, bj = s, j
			}
		}
		if bj >= 0 {
			used[bj] = true
			paired += best * float64(len(x)+len(c[bj]))
		}
	}
	return paired / total
}

// NameSimilarity is how alike two normalised names are (0..1): the
// better of the word-set score and the comparison of the names written
// without spaces (so "Solar-Technik" and "Solartechnik" agree).
func NameSimilarity(q, c Name) float64 {
	if q.Joined == "" || c.Joined == "" {
		return 0
	}
	if q.Joined == c.Joined {
		return 1
	}
	return max(tokenSetScore(q.Words, c.Words), wordSimilarity(q.Joined, c.Joined), subsetScore(q.Words, c.Words))
}

// subsetScore rates a query of two or more words that all appear in a
// longer name (a word left out, "Anna Nordbau" for "Anna Müller
// Nordbau"): from 0.8 up, by the share of the name the query covers, so
// it stays below the name written in full (1) by a clear margin.
func subsetScore(q, c []string) float64 {
	if len(q) < 2 || len(c) <= len(q) {
		return 0
	}
	used := make([]bool, len(c))
	covered, total := 0, 0
	for _, y := range c {
		total += len(y)
	}
	for _, x := range q {
		found := false
		for j, y := range c {
			if !used[j] && wordSimilarity(x, y) >= 0.9 {
				used[j], found = true, true
				covered += len(y)
				break
			}
		}
		if !found {
			return 0
		}
	}
	return 0.8 + 0.15*float64(covered)/float64(total)
}
