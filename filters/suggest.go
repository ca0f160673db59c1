package filters

import "strings"

// Suggest returns the known field of the scope nearest to f, when f is
// not a known field itself and the nearest is at most two edits away
// ("cty" -> "city"). It is what a tool says after "did you mean": a
// field farther from every known one may be a field the service added
// after this SDK, and is best sent as it is.
func Suggest(scope Scope, f Field) (Field, bool) {
	if fi, ok := Lookup(f); ok && fi.Scope&scope != 0 {
		return "", false
	}
	best, bestD := Field(""), 3
	for _, fi := range Fields(scope) {
		if d := editDistance(string(f), string(fi.Name)); d < bestD {
			best, bestD = fi.Name, d
		}
	}
	return best, best != ""
}

// SuggestValue returns the code of codes a misspelt value was probably
// meant to be ("gmbhx" -> "gmbh"): one equal to it but for case and
// separators, else the nearest within 1 edit for values of up to 4
// letters and 2 for longer ones (codes are short: "ag" is one edit from
// "eg", so short values get the stricter bound).
func SuggestValue(value string, codes []string) (string, bool) {
	limit := 2
	if len(value) <= 4 {
		limit = 1
	}
	best, bestD := "", limit+1
	for _, c := range codes {
		if foldSeparators(c) == foldSeparators(value) {
			return c, true
		}
		if d := editDistance(strings.ToLower(value), strings.ToLower(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best, best != ""
}

// foldSeparators drops case and separators: "Legal-Form" is "legalform".
func foldSeparators(s string) string {
	return separators.Replace(strings.ToLower(s))
}

var separators = strings.NewReplacer("_", "", "-", "", ".", "", " ", "")

// editDistance is the Levenshtein distance of a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
