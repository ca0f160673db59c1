package searchengine

import "sync/atomic"

// Search results are cached: building one reads its record, which a
// source may draw anew from a seed for every read (the fake's generated
// companies), so a page of 20 results cost 20 records on every request.

// resultSlots is how many results a table keeps, each document in the
// slot its number picks (a direct-mapped cache: bounded memory, no lock).
const resultSlots = 1 << 14

// cachedResult is a result as built for document d while the table's
// documents were at generation gen.
type cachedResult[R any] struct {
	d   uint32
	gen uint64
	r   R
}

// resultCache keeps the results of a table. Any change to the table's
// documents starts a new generation, which leaves every result cached
// before it unused: a result may depend on other documents (a person's
// on their companies), and changes are rare next to searches.
type resultCache[R any] struct {
	gen   atomic.Uint64
	slots [resultSlots]atomic.Pointer[cachedResult[R]]
}

// changed starts a new generation.
func (c *resultCache[R]) changed() { c.gen.Add(1) }

// get returns the result of document d, built with build when the cache
// does not hold it for the current generation. Callers share the result
// and must not modify what it points to.
func (c *resultCache[R]) get(d uint32, build func(uint32) R) R {
	gen := c.gen.Load()
	slot := &c.slots[d%resultSlots]
	if e := slot.Load(); e != nil && e.d == d && e.gen == gen {
		return e.r
	}
	r := build(d)
	slot.Store(&cachedResult[R]{d: d, gen: gen, r: r})
	return r
}
