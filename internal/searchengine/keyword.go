package searchengine

import (
	"slices"
	"strings"
)

// gramLen is the length in bytes of the n-grams the keyword index uses.
const gramLen = 3

// gramMinValues: a column with fewer distinct values is searched by
// reading every value, without an n-gram index.
const gramMinValues = 256

// gramIndex maps each 3-byte sequence to the distinct values (positions
// in values) that contain it. A keyword of at least three bytes can only
// be in values that hold all of its trigrams, so its candidates are the
// values of its rarest trigram, each then checked with strings.Contains.
type gramIndex struct {
	values []string
	grams  map[string][]uint32
}

func newGramIndex(values []string) *gramIndex {
	g := &gramIndex{values: values, grams: map[string][]uint32{}}
	for i, v := range values {
		for j := 0; j+gramLen <= len(v); j++ {
			gram := v[j : j+gramLen]
			list := g.grams[gram]
			if n := len(list); n > 0 && list[n-1] == uint32(i) {
				continue // a repeated trigram of the same value
			}
			g.grams[gram] = append(list, uint32(i))
		}
	}
	return g
}

// containing returns the distinct values of ps that contain every one of
// kws (lower-cased) as a substring. The values are read from the n-gram
// index when the column has many, else one by one.
func (ps *postings) containing(kws []string) []string {
	all := ps.keys
	var cands []uint32
	useIndex := false
	if len(all) >= gramMinValues {
		rarest := -1
		g := ps.gramIndex()
		for _, k := range kws {
			for j := 0; j+gramLen <= len(k); j++ {
				list := g.grams[k[j:j+gramLen]]
				if rarest < 0 || len(list) < rarest {
					rarest, cands = len(list), list
				}
			}
		}
		useIndex = rarest >= 0
		all = g.values
	}
	holds := func(v string) bool {
		for _, k := range kws {
			if !strings.Contains(v, k) {
				return false
			}
		}
		return true
	}
	var out []string
	if useIndex {
		for _, i := range cands {
			if holds(all[i]) {
				out = append(out, all[i])
			}
		}
		return out
	}
	for _, v := range all {
		if holds(v) {
			out = append(out, v)
		}
	}
	return out
}

// gramIndex returns the n-gram index of the current values, building it
// when the values have changed since it was last built. Concurrent
// searches may build it at once; each builds the same index.
func (ps *postings) gramIndex() *gramIndex {
	if g := ps.grams.Load(); g != nil {
		return g
	}
	g := newGramIndex(slices.Clone(ps.keys))
	ps.grams.Store(g)
	return g
}
