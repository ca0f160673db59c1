package searchengine

import (
	"cmp"
	"slices"
)

// numEntry is one value of a numeric or date field held by a document.
type numEntry struct {
	v float64
	d uint32
}

func cmpEntry(a, b numEntry) int {
	if c := cmp.Compare(a.v, b.v); c != 0 {
		return c
	}
	return cmp.Compare(a.d, b.d)
}

// prefixBlocks is how many cumulative bitsets a single-valued numeric
// index keeps: a range query costs two binary searches, one pass over the
// bitset words and at most two blocks of entries, so its cost grows with
// n/64 rather than with the number of matches.
const prefixBlocks = 64

// numIndex holds every (value, document) pair of a number or date field,
// sorted, so that a range is two binary searches.
type numIndex struct {
	multi   bool // documents may hold several values (insolvency dates)
	entries []numEntry

	// Built on demand for single-valued fields, dropped on change:
	// prefix[j] holds the documents of entries[:j*block].
	block  int
	prefix []bitset
}

func (x *numIndex) add(v float64, d uint32) {
	e := numEntry{v, d}
	i, _ := slices.BinarySearchFunc(x.entries, e, cmpEntry)
	x.entries = slices.Insert(x.entries, i, e)
	x.prefix = nil
}

func (x *numIndex) remove(v float64, d uint32) {
	if i, found := slices.BinarySearchFunc(x.entries, numEntry{v, d}, cmpEntry); found {
		x.entries = slices.Delete(x.entries, i, i+1)
		x.prefix = nil
	}
}

// span returns the positions [a, b) of the entries with lo <= v <= hi.
func (x *numIndex) span(lo, hi float64) (a, b int) {
	a, _ = slices.BinarySearchFunc(x.entries, lo, func(e numEntry, t float64) int { return cmp.Compare(e.v, t) })
	b, _ = slices.BinarySearchFunc(x.entries, hi, func(e numEntry, t float64) int {
		if e.v <= t {
			return -1
		}
		return 1
	})
	return a, max(a, b)
}

// fill sets in dst (cleared, sized for n documents) the documents of the
// entries [a, b).
func (x *numIndex) fill(dst bitset, n, a, b int) {
	if x.multi || b-a < 4*n/prefixBlocks {
		for _, e := range x.entries[a:b] {
			dst.set(e.d)
		}
		return
	}
	x.build(n)
	ja, jb := a/x.block, b/x.block
	copy(dst, x.prefix[jb])
	dst.andNot(x.prefix[ja])
	// Add the tail block first: when a and b share a block, the clearing
	// below takes back what lies before a.
	for _, e := range x.entries[jb*x.block : b] {
		dst.set(e.d)
	}
	for _, e := range x.entries[ja*x.block : a] {
		dst.clear(e.d)
	}
}

func (x *numIndex) build(n int) {
	if x.prefix != nil && len(x.prefix[0]) >= (n+63)/64 {
		return
	}
	x.block = max(64, (len(x.entries)+prefixBlocks-1)/prefixBlocks)
	blocks := len(x.entries)/x.block + 1
	x.prefix = make([]bitset, blocks)
	cur := newBitset(n)
	for j := range blocks {
		x.prefix[j] = slices.Clone(cur)
		end := min((j+1)*x.block, len(x.entries))
		for _, e := range x.entries[j*x.block : end] {
			cur.set(e.d)
		}
	}
}
