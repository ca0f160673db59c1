package searchengine

import (
	"cmp"
	"slices"
	"sort"
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
// sorted, so that a range is two binary searches. A field with one value
// per document (byDoc set: the column's per-document values) keeps only
// the documents, sorted by their value then number: 4 bytes a value
// instead of 16.
//
// The sorted pairs are built from the column's values when a search
// first reads them (see column.numbers), not by a bulk load: a register
// has dozens of numeric fields, most of which a given use never filters
// on, and at a million companies their lists take seconds and a tenth of
// the index's memory. Once built, changes keep them current.
type numIndex struct {
	multi   bool       // documents may hold several values (insolvency dates)
	byDoc   *numValues // each document's value, for a single-valued field
	docs    []uint32   // with byDoc
	entries []numEntry // without byDoc

	// unbuilt: docs or entries are still to be built (see
	// column.numbers); once built, changes keep them current.
	unbuilt firstUse

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

// size returns the number of entries; entry i is (valAt(i), docAt(i)).
func (x *numIndex) size() int {
	if x.byDoc != nil {
		return len(x.docs)
	}
	return len(x.entries)
}

func (x *numIndex) docAt(i int) uint32 {
	if x.byDoc != nil {
		return x.docs[i]
	}
	return x.entries[i].d
}

func (x *numIndex) valAt(i int) float64 {
	if x.byDoc != nil {
		return x.byDoc.get(x.docs[i])
	}
	return x.entries[i].v
}

// find returns where (v, d) is or would be, and whether it is there.
func (x *numIndex) find(v float64, d uint32) (int, bool) {
	e := numEntry{v, d}
	i := sort.Search(x.size(), func(i int) bool { return cmpEntry(numEntry{x.valAt(i), x.docAt(i)}, e) >= 0 })
	return i, i < x.size() && x.valAt(i) == v && x.docAt(i) == d
}

// add inserts (v, d); with byDoc, document d's value must be v already.
func (x *numIndex) add(v float64, d uint32) {
	i, _ := x.find(v, d)
	if x.byDoc != nil {
		x.docs = slices.Insert(x.docs, i, d)
	} else {
		x.entries = slices.Insert(x.entries, i, numEntry{v, d})
	}
	x.prefix.Store(nil)
}

// remove deletes (v, d); with byDoc, document d's value must still be v.
func (x *numIndex) remove(v float64, d uint32) {
	if i, found := x.find(v, d); found {
		if x.byDoc != nil {
			x.docs = slices.Delete(x.docs, i, i+1)
		} else {
			x.entries = slices.Delete(x.entries, i, i+1)
		}
		x.prefix.Store(nil)
	}
}

// span returns the positions [a, b) of the entries with lo <= v <= hi.
func (x *numIndex) span(lo, hi float64) (a, b int) {
	a = sort.Search(x.size(), func(i int) bool { return x.valAt(i) >= lo })
	b = sort.Search(x.size(), func(i int) bool { return x.valAt(i) > hi })
	return a, max(a, b)
}

// fill sets in dst (cleared, sized for n documents) the documents of the
// entries [a, b).
func (x *numIndex) fill(dst bitset, n, a, b int) {
	if x.multi || b-a < 4*n/prefixBlocks {
		for i := a; i < b; i++ {
			dst.set(x.docAt(i))
		}
		return
	}
	p := x.build(n)
	ja, jb := a/p.block, b/p.block
	copy(dst, p.sets[jb])
	dst.andNot(p.sets[ja])
	// Add the tail block first: when a and b share a block, the clearing
	// below takes back what lies before a.
	for i := jb * p.block; i < b; i++ {
		dst.set(x.docAt(i))
	}
	for i := ja * p.block; i < a; i++ {
		dst.clear(x.docAt(i))
	}
}

// build returns the cumulative bitsets for n documents, making them if
// needed.
func (x *numIndex) build(n int) *prefixSets {
	if p := x.prefix.Load(); p != nil && len(p.sets[0]) >= (n+63)/64 {
		return p
	}
	p := &prefixSets{block: max(64, (x.size()+prefixBlocks-1)/prefixBlocks)}
	blocks := x.size()/p.block + 1
	p.sets = make([]bitset, blocks)
	cur := newBitset(n)
	for j := range blocks {
		p.sets[j] = slices.Clone(cur)
		end := min((j+1)*p.block, x.size())
		for i := j * p.block; i < end; i++ {
			cur.set(x.docAt(i))
		}
	}
	x.prefix.Store(p)
	return p
}
