package searchengine

import (
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// Former names. The service's query "searches company names and previous
// names" (https://docs.openregister.de/filtering): a company matches a
// query when every word of the query starts a word of its current name,
// or a word of one of its former names (the entries of Company.Names
// other than the current name). Current-name matches come first, in the
// usual result order, then the companies matched only by a former name,
// in the same order.

// formerWords appends to dst (empty) the words of c's former names: each
// name's distinct lower-case words (as tokens gives them), followed by
// "". A name equal to the current one, an empty one and a repeated one
// are left out; a company never renamed has none.
func formerWords(dst []string, c *registerdata.Company) []string {
	var seen []string
	for i := range c.Names {
		n := c.Names[i].Name
		if strings.TrimSpace(n) == "" || n == c.Name.Name || slices.Contains(seen, n) {
			continue
		}
		seen = append(seen, n)
		start := len(dst)
		dst = append(dst, tokens(nil, n)...)
		if len(dst) == start {
			continue // no letter or digit in it
		}
		dst = append(dst, "")
	}
	return dst
}

// storeFormer keeps words (see formerWords) as document d's former-name
// words and lists d under each of them in former, and in formerOnly
// under those that are no word of the current name, whose words are
// current (sorted).
func (t *docs) storeFormer(d uint32, words, current []string) {
	t.dropFormer(d)
	if len(words) == 0 {
		return
	}
	kept := make([]string, len(words))
	for k, w := range words {
		if w == "" {
			continue
		}
		id := t.former.intern(w)
		kept[k] = t.former.vals[id]
		t.former.add(id, d)
		if _, inCurrent := slices.BinarySearch(current, w); !inCurrent {
			t.formerOnly.add(t.formerOnly.intern(w), d)
		}
	}
	t.formerWords[d] = kept
}

// dropFormer forgets document d's former-name words.
func (t *docs) dropFormer(d uint32) {
	for _, w := range t.formerWords[d] {
		if w == "" {
			continue
		}
		if id, ok := t.former.id(w); ok {
			t.former.remove(id, d)
		}
		if id, ok := t.formerOnly.id(w); ok {
			t.formerOnly.remove(id, d)
		}
	}
	delete(t.formerWords, d)
}

// hasToken reports whether w is a word of the current name.
func (r doc) hasToken(w string) bool {
	at, n := r.ds.tokAt[r.d], uint32(r.ds.tokN[r.d])
	for _, id := range r.ds.tokIDs[at : at+n] {
		if r.ds.tokens.vals[id] == w {
			return true
		}
	}
	return false
}

// hasFormerOnlyPrefix reports whether a word of a former name that is
// no word of the current name starts with one of ws.
func (r doc) hasFormerOnlyPrefix(ws []string) bool {
	for _, have := range r.ds.formerWords[r.d] {
		if have != "" && slices.ContainsFunc(ws, func(w string) bool { return strings.HasPrefix(have, w) }) && !r.hasToken(have) {
			return true
		}
	}
	return false
}

// hasAllTokenPrefixes reports whether every word of ws starts a word of
// the current name.
func (r doc) hasAllTokenPrefixes(ws []string) bool {
	for _, w := range ws {
		if !r.hasTokenPrefix(w) {
			return false
		}
	}
	return true
}

// hasFormerPrefix reports whether a word of a former name starts with w.
func (r doc) hasFormerPrefix(w string) bool {
	return slices.ContainsFunc(r.ds.formerWords[r.d], func(have string) bool { return have != "" && strings.HasPrefix(have, w) })
}

// formerNameMatches reports whether every word of ws starts a word of
// one and the same former name.
func (r doc) formerNameMatches(ws []string) bool {
	words := r.ds.formerWords[r.d]
	for len(words) > 0 {
		end := slices.Index(words, "")
		name := words[:end]
		words = words[end+1:]
		all := true
		for _, w := range ws {
			if !slices.ContainsFunc(name, func(have string) bool { return strings.HasPrefix(have, w) }) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// formerNameConds matches the documents that the query words ws (not
// empty) find by a former name only: every word starts a word of one
// former name, and not every word starts a word of the current name.
// Each word's candidates are the documents with a former-name word
// starting with it. Such a document also has a former-name word that is
// no word of the current name starting with one of ws (the word the
// current name lacks starts one): those documents are candidates too, so
// a query the current names answer costs little here.
func (t *table[R]) formerNameConds(ws []string) []*cond {
	out := make([]*cond, 0, len(ws)+2)
	fewest := -1
	for _, w := range ws {
		c := &cond{lists: t.former.withPrefix(w)}
		for _, p := range c.lists {
			c.est += len(p.docs)
		}
		c.match = func(r doc) bool { return r.hasFormerPrefix(w) }
		out = append(out, c)
		if fewest < 0 || c.est < fewest {
			fewest = c.est
		}
	}
	only := &cond{match: func(r doc) bool { return r.hasFormerOnlyPrefix(ws) }}
	for _, w := range ws {
		only.lists = append(only.lists, t.formerOnly.withPrefix(w)...)
	}
	for _, p := range only.lists {
		only.est += len(p.docs)
	}
	if only.est < fewest { // else it narrows nothing and costs a check
		out = append(out, only)
	}
	return append(out, &cond{scan: true, est: t.size(), match: func(r doc) bool {
		return r.formerNameMatches(ws) && !r.hasAllTokenPrefixes(ws)
	}})
}
