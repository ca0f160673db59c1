package searchengine

import (
	"slices"
	"strings"
	"sync/atomic"
)

// posting is the sorted list of documents holding one value of a field,
// with a bitset copy built on demand for large lists and dropped when the
// list changes. Searches (under the engine's read lock) may build the
// copy concurrently: it is published atomically, and two searches
// building it at once build the same set.
type posting struct {
	docs []uint32
	bits atomic.Pointer[bitset]
}

// finder locates d in a posting's list: its position, and whether it is
// there.
type finder func(docs []uint32, d uint32) (int, bool)

func (p *posting) add(d uint32, find finder) {
	i, found := find(p.docs, d)
	if !found {
		p.docs = slices.Insert(p.docs, i, d)
		p.bits.Store(nil)
	}
}

func (p *posting) remove(d uint32, find finder) {
	if i, found := find(p.docs, d); found {
		p.docs = slices.Delete(p.docs, i, i+1)
		p.bits.Store(nil)
	}
}

// bitset returns the list as a bitset of at least n documents. The result
// is shared: callers must not modify it.
func (p *posting) bitset(n int) bitset {
	if b := p.bits.Load(); b != nil && len(*b) >= (n+63)/64 {
		return *b
	}
	b := newBitset(n)
	for _, d := range p.docs {
		b.set(d)
	}
	p.bits.Store(&b)
	return b
}

// postings maps each value of a field to its posting, and keeps the
// distinct values sorted so that prefix queries are a binary search.
// Every value ever seen also has a number (intern), so that documents
// hold their values as numbers and postings are found without hashing.
type postings struct {
	ids   strIndex                  // value -> its number, resolved by vals
	vals  []string                  // number -> value
	lists []*posting                // number -> posting; nil while no document holds the value
	keys  []string                  // sorted distinct values with a non-empty posting
	find  finder                    // the order of the lists; by document number by default
	grams atomic.Pointer[gramIndex] // built on demand, dropped when keys change
	// recent caches intern's latest answers; a value keeps its number for
	// good, so an entry never goes stale.
	recent [recentSize]recentValue
	// During a bulk load: the documents expected, the values interned so
	// far, and whether new values are numbered without a look-up; see
	// uniqueAt.
	expect, seen int
	unchecked    bool
	// unbuilt: a bulk load left the lists (and keys) to be built on
	// first use; see column.postings.
	unbuilt firstUse
}

func newPostings() *postings {
	return &postings{ids: newStrIndex(0), find: slices.BinarySearch[[]uint32]}
}

// intern returns the number of v, giving it one if it has none. Most
// fields have few distinct values, which the recent cache answers
// without hashing.
func (ps *postings) intern(v string) uint32 {
	slot := &ps.recent[recentSlot(v)]
	if slot.v == v && slot.held {
		return slot.id
	}
	if ps.unchecked {
		ps.vals, ps.lists = append(ps.vals, v), append(ps.lists, nil)
		return uint32(len(ps.vals) - 1)
	}
	ps.seen++
	id, ok := ps.id(v)
	if !ok {
		id = uint32(len(ps.vals))
		ps.vals = append(ps.vals, v)
		ps.lists = append(ps.lists, nil)
		ps.ids.put(v, id, ps.vals)
		if ps.ids.len() == uniqueAt && ps.expect > uniqueAt && ps.seen < 2*uniqueAt {
			ps.unchecked = true
			ps.vals = slices.Grow(ps.vals, ps.expect-len(ps.vals))
			ps.lists = slices.Grow(ps.lists, ps.expect-len(ps.lists))
		}
	}
	*slot = recentValue{v: v, id: id, held: true}
	return id
}

// uniqueAt is when a bulk load judges a field's cardinality: a field
// whose first uniqueAt distinct values took fewer than twice as many map
// look-ups has about one value a document (an address, a register
// number). Its values are then numbered unchecked, a new number each, and
// the repeated ones are merged when the field's lists are first built
// (see merge and column.postings), instead of a map look-up each. A
// wrong guess costs memory until then, never correctness.
const uniqueAt = 1 << 14

// recentSize is the number of entries of the cache of recently interned
// values, a power of two.
const recentSize = 32

// recentValue is an entry of the cache of recently interned values.
type recentValue struct {
	v    string
	id   uint32
	held bool
}

// recentSlot places v in the cache by its length and three of its bytes.
func recentSlot(v string) int {
	h := len(v)
	if n := len(v); n > 0 {
		h = h*31 + int(v[0])
		h = h*31 + int(v[n/2])
		h = h*31 + int(v[n-1])
	}
	return h & (recentSize - 1)
}

// id returns the number of v, if it has one.
func (ps *postings) id(v string) (uint32, bool) { return ps.ids.get(v, ps.vals) }

// list returns the posting of value number id, making it if needed.
func (ps *postings) list(id uint32) *posting {
	if p := ps.lists[id]; p != nil {
		return p
	}
	p := &posting{}
	v := ps.vals[id]
	ps.lists[id] = p
	i, _ := slices.BinarySearch(ps.keys, v)
	ps.keys = slices.Insert(ps.keys, i, v)
	ps.grams.Store(nil)
	return p
}

// posting returns the posting of value v, nil when no document holds it.
func (ps *postings) posting(v string) *posting {
	if id, ok := ps.id(v); ok {
		return ps.lists[id]
	}
	return nil
}

// each calls fn with every value some document holds and its posting.
func (ps *postings) each(fn func(v string, p *posting)) {
	for id, p := range ps.lists {
		if p != nil {
			fn(ps.vals[id], p)
		}
	}
}

// add puts d in the posting of value number id.
func (ps *postings) add(id, d uint32) { ps.list(id).add(d, ps.find) }

// remove takes d out of the posting of value number id.
func (ps *postings) remove(id, d uint32) {
	p := ps.lists[id]
	if p == nil {
		return
	}
	p.remove(d, ps.find)
	if len(p.docs) == 0 {
		v := ps.vals[id]
		ps.lists[id] = nil
		if i, found := slices.BinarySearch(ps.keys, v); found {
			ps.keys = slices.Delete(ps.keys, i, i+1)
		}
		ps.grams.Store(nil)
	}
}

// addMany puts d in the postings of the values vs (interned already).
// The values new to the field go into keys in one merge, so a document
// holding n new values costs one pass over keys, not n insertions.
func (ps *postings) addMany(vs []string, d uint32) {
	var fresh []string
	for _, v := range vs {
		id, _ := ps.id(v)
		p := ps.lists[id]
		if p == nil {
			p = &posting{}
			ps.lists[id] = p
			fresh = append(fresh, v)
		}
		p.add(d, ps.find)
	}
	if len(fresh) == 0 {
		return
	}
	slices.Sort(fresh)
	merged := make([]string, 0, len(ps.keys)+len(fresh))
	i := 0
	for _, v := range fresh {
		for i < len(ps.keys) && ps.keys[i] < v {
			merged = append(merged, ps.keys[i])
			i++
		}
		merged = append(merged, v)
	}
	ps.keys = append(merged, ps.keys[i:]...)
	ps.grams.Store(nil)
}

// removeMany takes d out of the postings of the values vs. The values no
// document holds any more leave keys in one pass, as in addMany.
func (ps *postings) removeMany(vs []string, d uint32) {
	var gone []string
	for _, v := range vs {
		id, ok := ps.id(v)
		if !ok || ps.lists[id] == nil {
			continue
		}
		p := ps.lists[id]
		p.remove(d, ps.find)
		if len(p.docs) == 0 {
			ps.lists[id] = nil
			gone = append(gone, v)
		}
	}
	if len(gone) == 0 {
		return
	}
	slices.Sort(gone)
	kept, g := ps.keys[:0], 0
	for _, k := range ps.keys {
		for g < len(gone) && gone[g] < k {
			g++
		}
		if g < len(gone) && gone[g] == k {
			continue
		}
		kept = append(kept, k)
	}
	clear(ps.keys[len(kept):])
	ps.keys = kept
	ps.grams.Store(nil)
}

// withPrefix returns the postings of every value starting with prefix.
func (ps *postings) withPrefix(prefix string) []*posting {
	i, _ := slices.BinarySearch(ps.keys, prefix)
	var out []*posting
	for ; i < len(ps.keys) && strings.HasPrefix(ps.keys[i], prefix); i++ {
		out = append(out, ps.posting(ps.keys[i]))
	}
	return out
}
