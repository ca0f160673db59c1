package searchengine

import (
	"cmp"
	"slices"
	"sync/atomic"
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

	// Built on demand for single-valued fields (by concurrent searches
	// too, hence atomic), dropped on change.
	prefix atomic.Pointer[prefixSets]
}

// prefixSets are cumulative bitsets: sets[j] holds the documents of
// entries[:j*block].
type prefixSets struct {
	block int
	sets  []bitset
}

func (x *numIndex) add(v float64, d uint32) {
	e := numEntry{v, d}
	i, _ := slices.BinarySearchFunc(x.entries, e, cmpEntry)
	x.entries = slices.Insert(x.entries, i, e)
	x.prefix.Store(nil)
}

func (x *numIndex) remove(v float64, d uint32) {
	if i, found := slices.BinarySearchFunc(x.entries, numEntry{v, d}, cmpEntry); found {
		x.entries = slices.Delete(x.entries, i, i+1)
		x.prefix.Store(nil)
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
	p := x.build(n)
	ja, jb := a/p.block, b/p.block
	copy(dst, p.sets[jb])
	dst.andNot(p.sets[ja])
	// Add the tail block first: when a and b share a block, the clearing
	// below takes back what lies before a.
	for _, e := range x.entries[jb*p.block : b] {
		dst.set(e.d)
	}
	for _, e := range x.entries[ja*p.block : a] {
		dst.clear(e.d)
	}
}

// build returns the cumulative bitsets for n documents, making them if
// needed.
func (x *numIndex) build(n int) *prefixSets {
	if p := x.prefix.Load(); p != nil && len(p.sets[0]) >= (n+63)/64 {
		return p
	}
	p := &prefixSets{block: max(64, (len(x.entries)+prefixBlocks-1)/prefixBlocks)}
	blocks := len(x.entries)/p.block + 1
	p.sets = make([]bitset, blocks)
	cur := newBitset(n)
	for j := range blocks {
		p.sets[j] = slices.Clone(cur)
		end := min((j+1)*p.block, len(x.entries))
		for _, e := range x.entries[j*p.block : end] {
			cur.set(e.d)
		}
	}
	x.prefix.Store(p)
	return p
}
