package searchengine

import (
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/registerdata/registerdata-go/filters"
)

// column is one filterable field of a table with its index (a numIndex
// for numbers and dates, postings of the values for enums, booleans and
// lower-cased text) and every document's values, held column-wise in
// pointer-free arrays: a document's one value inline, several in a map.
type column struct {
	info filters.FieldInfo
	num  *numIndex
	post *postings

	nv       numValues            // numbers: noNumber, manyNumbers or the value
	manyNums map[uint32][]float64 // documents with several numbers
	sv       []uint32             // strings: 0 for none, manyStrings, or the value's id + 1
	manyStrs map[uint32][]string  // documents with several strings
}

// Markers of the per-document arrays. noNumber and manyNumbers are NaNs
// with distinct payloads: a value is never NaN.
var (
	noNumber    = math.Float64frombits(0x7ff8_0000_0000_0d0c)
	manyNumbers = math.Float64frombits(0x7ff8_0000_0000_0d0d)
)

const manyStrings = math.MaxUint32

// table is the index of one kind of document (companies or persons):
// documents are numbered densely, freed numbers are reused, and R is the
// search result a document returns, built by result when a page needs it.
type table[R any] struct {
	docs
	byName  map[filters.Field]int
	result  func(d uint32) R
	results *resultCache[R] // of result, for pages
	ids     []string        // "" for a free number
	byID    strIndex        // id -> document, resolved by ids
	free    []uint32
	alive   bitset
	live    int
	order   []uint32                 // live documents sorted by key
	rank    atomic.Pointer[[]uint32] // see ranks; dropped when order changes
	scratch sync.Pool                // of *bitset, for searches running at once
	loading bool                     // bulk load: finish orders and indexes (see bulk.go)
	// columnsLater: a bulk load numbers documents (reserve) before it
	// knows how many; the columns are made at their size by sizeColumns.
	columnsLater bool
}

func newTable[R any](scope filters.Scope, multi ...filters.Field) *table[R] {
	t := &table[R]{byName: map[filters.Field]int{}, byID: newStrIndex(0), results: new(resultCache[R])}
	t.tokens = newPostings()
	t.former, t.formerOnly, t.formerWords = newPostings(), newPostings(), map[uint32][]string{}
	// Name words are kept in result order, so that a name search reads
	// its page straight from the list.
	t.tokens.find = func(docs []uint32, d uint32) (int, bool) {
		i, found := slices.BinarySearchFunc(docs, t.keys[d], t.cmpKey)
		return i, found && docs[i] == d
	}
	for _, fi := range filters.Fields(scope) {
		c := column{info: fi}
		switch fi.Kind {
		case filters.KindNumber, filters.KindDate:
			c.num = &numIndex{multi: slices.Contains(multi, fi.Name)}
			c.num.unbuilt.pending.Store(true) // built on first use
			c.manyNums = map[uint32][]float64{}
		default:
			c.post = newPostings()
			c.manyStrs = map[uint32][]string{}
		}
		t.byName[fi.Name] = len(t.cols)
		t.cols = append(t.cols, c)
		t.names = append(t.names, fi.Name)
	}
	for i := range t.cols {
		if c := &t.cols[i]; c.num != nil && !c.num.multi {
			c.num.byDoc = &c.nv // cols is complete: the pointer stays valid
		}
	}
	return t
}

// size returns how many document numbers are in use or free.
func (t *table[R]) size() int { return len(t.keys) }

// grow pre-allocates room for n documents, before a bulk load.
func (t *table[R]) grow(n int) {
	if t.byID.len() == 0 {
		t.byID.reserve(n)
	}
	// Hundreds of megabytes for a large register: the memory is zeroed,
	// and faulted in, by one worker per processor.
	jobs := []func(){func() {
		t.keys = slices.Grow(t.keys, n)
		t.ids = slices.Grow(t.ids, n)
		t.order = slices.Grow(t.order, n)
		t.tokAt = slices.Grow(t.tokAt, n)
		t.tokN = slices.Grow(t.tokN, n)
	}}
	for i := range t.cols {
		c := &t.cols[i]
		if c.post != nil {
			c.post.expect = n
		}
		if t.columnsLater {
			continue // sizeColumns makes them
		}
		jobs = append(jobs, func() {
			if c.num != nil {
				c.nv.grow(n)
			} else {
				c.sv = slices.Grow(c.sv, n)
			}
		})
	}
	runJobs(jobs)
}

// sizeColumns ends columnsLater: it makes every column's values for the
// documents numbered so far. Their values are left for set to write:
// every document reserve numbered is given its row before the load ends.
func (t *table[R]) sizeColumns() {
	t.columnsLater = false
	n := len(t.keys)
	for i := range t.cols {
		c := &t.cols[i]
		if c.num != nil {
			c.nv.make(n, 0)
		} else {
			c.sv = make([]uint32, n)
		}
	}
}

// put adds the document id, or replaces it, and returns its number. A
// bulk load looks id up only once: a repeated id shows in the map's size,
// and only then is the earlier document found and removed.
func (t *table[R]) put(id string, r row) uint32 {
	if !t.loading {
		t.remove(id)
	}
	if strings.HasSuffix(r.key, id) {
		id = r.key[len(r.key)-len(id):] // one string for both
	}
	held := t.byID.len()
	d := t.number(id)
	if t.loading && t.byID.len() == held {
		t.dropEarlier(id, d)
	}
	t.set(d, r)
	return d
}

// dropEarlier removes, during a bulk load, the document id had before d.
func (t *table[R]) dropEarlier(id string, d uint32) {
	for k := len(t.ids) - 1; k >= 0; k-- {
		if uint32(k) != d && t.ids[k] == id && t.alive.has(uint32(k)) {
			t.byID.put(id, uint32(k), t.ids)
			t.remove(id)
			break
		}
	}
	t.byID.put(id, d, t.ids)
}

// reserve returns the number of document id during a bulk load, giving
// it a new one, and reporting so, when it has none yet; set gives the
// document its row later.
func (t *table[R]) reserve(id string) (uint32, bool) {
	if d, ok := t.lookup(id); ok {
		return d, false
	}
	return t.number(id), true
}

// setReserved is set for a document numbered by reserve. Its id is then
// made to share the memory of the key.
func (t *table[R]) setReserved(d uint32, r row) {
	if id := t.ids[d]; strings.HasSuffix(r.key, id) {
		t.ids[d] = r.key[len(r.key)-len(id):]
	}
	t.set(d, r)
}

// number gives id a free or new document number, not live yet.
func (t *table[R]) number(id string) uint32 {
	var d uint32
	if n := len(t.free); n > 0 {
		d, t.free = t.free[n-1], t.free[:n-1]
		t.ids[d] = id
	} else {
		d = uint32(len(t.keys))
		t.keys, t.ids = append(t.keys, ""), append(t.ids, id)
		t.tokAt, t.tokN = append(t.tokAt, 0), append(t.tokN, 0)
		for i := range t.cols {
			c := &t.cols[i]
			switch {
			case t.columnsLater, t.loading: // made later, or extended by store
			case c.num != nil:
				c.nv.push()
			default:
				c.sv = append(c.sv, 0)
			}
		}
		t.alive.grow(len(t.keys))
	}
	t.byID.put(id, d, t.ids)
	return d
}

// lookup returns the document of id.
func (t *table[R]) lookup(id string) (uint32, bool) { return t.byID.get(id, t.ids) }

// set gives document d, numbered and not live, the row r, and makes it
// live.
func (t *table[R]) set(d uint32, r row) {
	t.results.changed()
	t.keys[d] = r.key
	t.store(d, &r)
	t.alive.set(d)
	t.live++
	if !t.loading { // a bulk load orders and indexes in finish
		i, _ := slices.BinarySearchFunc(t.order, r.key, t.cmpKey)
		t.order = slices.Insert(t.order, i, d)
		t.rank.Store(nil)
		t.index(d, true)
	}
	if r.b != nil {
		r.b.r.tokens = r.tokens[:0] // the builder keeps the room
		r.b.r.former = r.former[:0]
		t.builders.Put(r.b)
	}
}

// store keeps the values of r as document d's.
func (t *table[R]) store(d uint32, r *row) {
	for i := range t.cols {
		c := &t.cols[i]
		if c.num != nil {
			switch vs := r.numsOf(i); len(vs) {
			case 0:
				c.nv.put(d, noNumber)
			case 1:
				c.nv.put(d, vs[0])
			default:
				c.nv.put(d, manyNumbers)
				c.manyNums[d] = slices.Clone(vs)
			}
			continue
		}
		var v uint32
		switch vs := r.strsOf(i); len(vs) {
		case 0:
		case 1:
			v = c.post.intern(vs[0]) + 1
		default:
			v = manyStrings
			kept := make([]string, len(vs))
			for k, s := range vs {
				kept[k] = c.post.vals[c.post.intern(s)]
			}
			c.manyStrs[d] = kept
		}
		if int(d) == len(c.sv) { // a bulk load's new document
			c.sv = append(c.sv, v)
		} else {
			c.sv[d] = v
		}
	}
	toks := r.tokens[:min(len(r.tokens), math.MaxUint16)]
	if len(toks) <= int(t.tokN[d]) { // reuse the document's old place
		t.tokN[d] = uint16(len(toks))
	} else {
		t.tokAt[d], t.tokN[d] = uint32(len(t.tokIDs)), uint16(len(toks))
		t.tokIDs = slices.Grow(t.tokIDs, len(toks))
		t.tokIDs = t.tokIDs[:len(t.tokIDs)+len(toks)]
	}
	at := t.tokAt[d]
	for k, tok := range toks {
		t.tokIDs[int(at)+k] = t.tokens.intern(tok)
	}
	t.storeFormer(d, r.former, r.tokens)
}

// fit returns s without the spare capacity appending left, when that is
// more than an eighth.
func fit[T any](s []T) []T {
	if cap(s)-len(s) > len(s)/8 {
		return slices.Clone(s)
	}
	return s
}

func (t *table[R]) cmpDocs(a, b uint32) int { return strings.Compare(t.keys[a], t.keys[b]) }

// remove drops the document id if the table holds it.
func (t *table[R]) remove(id string) {
	d, ok := t.lookup(id)
	if !ok {
		return
	}
	if !t.loading {
		t.index(d, false)
		if i, found := slices.BinarySearchFunc(t.order, t.keys[d], t.cmpKey); found {
			t.order = slices.Delete(t.order, i, i+1)
			t.rank.Store(nil)
		}
	}
	t.results.changed()
	t.dropFormer(d)
	t.byID.delete(id, t.ids)
	t.alive.clear(d)
	t.live--
	for i := range t.cols {
		c := &t.cols[i]
		if c.num != nil {
			c.nv.set(d, noNumber)
			delete(c.manyNums, d)
		} else {
			c.sv[d] = 0
			delete(c.manyStrs, d)
		}
	}
	t.keys[d], t.ids[d] = "", ""
	t.free = append(t.free, d)
}

func (t *table[R]) cmpKey(d uint32, key string) int { return strings.Compare(t.keys[d], key) }

// bits returns a cleared bitset sized for every document, for one
// search; give it back with release.
func (t *table[R]) bits() bitset {
	var b bitset
	if p, ok := t.scratch.Get().(*bitset); ok {
		b = *p
	}
	w := (t.size() + 63) / 64
	if cap(b) < w {
		return newBitset(t.size())
	}
	b = b[:w]
	b.reset()
	return b
}

// release gives back a bitset from bits.
func (t *table[R]) release(b bitset) { t.scratch.Put(&b) }
