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
// words and lists d under each of them.
func (t *docs) storeFormer(d uint32, words []string) {
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
	}
	t.formerWords[d] = kept
}

// dropFormer forgets document d's former-name words.
func (t *docs) dropFormer(d uint32) {
	for _, w := range t.formerWords[d] {
		if id, ok := t.former.id(w); ok && w != "" {
			t.former.remove(id, d)
		}
	}
	delete(t.formerWords, d)
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
// starting with it.
func (t *table[R]) formerNameConds(ws []string) []*cond {
	out := make([]*cond, 0, len(ws)+1)
	for _, w := range ws {
		c := &cond{lists: t.former.withPrefix(w)}
		for _, p := range c.lists {
			c.est += len(p.docs)
		}
		c.match = func(r doc) bool { return r.hasFormerPrefix(w) }
		out = append(out, c)
	}
	return append(out, &cond{scan: true, est: t.size(), match: func(r doc) bool {
		return r.formerNameMatches(ws) && !r.hasAllTokenPrefixes(ws)
	}})
}
