package searchengine

import (
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/registerdata/registerdata-go/filters"
)

// column is one filterable field of a table with its index: a numIndex
// for numbers and dates, postings of the values for enums and booleans,
// postings of the lower-cased values for text.
type column struct {
	info filters.FieldInfo
	num  *numIndex
	post *postings
}

// row is what a table holds of one document: its sort key, the values of
// every column (flattened: column i owns nums[numAt[i]:numAt[i+1]] and
// strs[strAt[i]:strAt[i+1]]), the tokens of its name and its position.
type row struct {
	key      string
	nums     []float64
	numAt    []uint32
	strs     []string
	strAt    []uint32
	tokens   []string
	lat, lon float64
	hasGeo   bool
}

func (r *row) numsOf(i int) []float64 { return r.nums[r.numAt[i]:r.numAt[i+1]] }
func (r *row) strsOf(i int) []string  { return r.strs[r.strAt[i]:r.strAt[i+1]] }

// rowBuilder appends the values of each column in column order.
type rowBuilder struct{ r row }

func newRowBuilder(key string, columns int) *rowBuilder {
	return &rowBuilder{r: row{key: key, numAt: make([]uint32, 1, columns+1), strAt: make([]uint32, 1, columns+1)}}
}

// next closes the current column with the given values.
func (b *rowBuilder) next(nums []float64, strs []string) {
	b.r.nums = append(b.r.nums, nums...)
	b.r.strs = append(b.r.strs, strs...)
	b.r.numAt = append(b.r.numAt, uint32(len(b.r.nums)))
	b.r.strAt = append(b.r.strAt, uint32(len(b.r.strs)))
}

// table is the index of one kind of document (companies or persons):
// documents are numbered densely, freed numbers are reused, and R is the
// search result a document returns, built by result when a page needs it.
type table[R any] struct {
	cols    []column
	byName  map[filters.Field]int
	rows    []row
	result  func(d uint32) R
	ids     []string // "" for a free number
	byID    map[string]uint32
	free    []uint32
	alive   bitset
	live    int
	order   []uint32                 // live documents sorted by row key
	rank    atomic.Pointer[[]uint32] // see ranks; dropped when order changes
	tokens  *postings
	scratch sync.Pool // of *bitset, for searches running at once
	loading bool      // bulk load: order and numeric entries are sorted by finish
}

func newTable[R any](scope filters.Scope, multi ...filters.Field) *table[R] {
	t := &table[R]{byName: map[filters.Field]int{}, byID: map[string]uint32{}, tokens: newPostings()}
	// Name words are kept in result order, so that a name search reads
	// its page straight from the list.
	t.tokens.find = func(docs []uint32, d uint32) (int, bool) {
		i, found := slices.BinarySearchFunc(docs, t.rows[d].key, t.cmpKey)
		return i, found && docs[i] == d
	}
	for _, fi := range filters.Fields(scope) {
		c := column{info: fi}
		switch fi.Kind {
		case filters.KindNumber, filters.KindDate:
			c.num = &numIndex{multi: slices.Contains(multi, fi.Name)}
		default:
			c.post = newPostings()
		}
		t.byName[fi.Name] = len(t.cols)
		t.cols = append(t.cols, c)
	}
	return t
}

// put adds the document id, or replaces it, and returns its number.
func (t *table[R]) put(id string, r row) uint32 {
	t.remove(id)
	var d uint32
	if n := len(t.free); n > 0 {
		d, t.free = t.free[n-1], t.free[:n-1]
		t.rows[d], t.ids[d] = r, id
	} else {
		d = uint32(len(t.rows))
		t.rows, t.ids = append(t.rows, r), append(t.ids, id)
		t.alive.grow(len(t.rows))
	}
	t.byID[id] = d
	t.alive.set(d)
	t.live++
	if t.loading {
		t.order = append(t.order, d)
	} else {
		i, _ := slices.BinarySearchFunc(t.order, r.key, t.cmpKey)
		t.order = slices.Insert(t.order, i, d)
		t.rank.Store(nil)
	}
	t.index(d, true)
	return d
}

// finish ends a bulk load: it sorts what put appended unsorted.
func (t *table[R]) finish() {
	t.loading = false
	slices.SortFunc(t.order, t.cmpDocs)
	t.rank.Store(nil)
	for _, c := range t.cols {
		if c.num != nil {
			slices.SortFunc(c.num.entries, cmpEntry)
		}
	}
	for _, c := range t.cols {
		if c.post != nil {
			c.post.finish(nil)
		}
	}
	t.tokens.finish(t.cmpDocs)
}

func (t *table[R]) cmpDocs(a, b uint32) int { return strings.Compare(t.rows[a].key, t.rows[b].key) }

// remove drops the document id if the table holds it.
func (t *table[R]) remove(id string) {
	d, ok := t.byID[id]
	if !ok {
		return
	}
	t.index(d, false)
	if i, found := slices.BinarySearchFunc(t.order, t.rows[d].key, t.cmpKey); found {
		t.order = slices.Delete(t.order, i, i+1)
		t.rank.Store(nil)
	}
	delete(t.byID, id)
	t.alive.clear(d)
	t.live--
	t.rows[d], t.ids[d] = row{}, ""
	t.free = append(t.free, d)
}

func (t *table[R]) cmpKey(d uint32, key string) int { return strings.Compare(t.rows[d].key, key) }

// index adds (or removes) document d to (or from) every column index.
func (t *table[R]) index(d uint32, add bool) {
	r := &t.rows[d]
	for i, c := range t.cols {
		for _, v := range r.numsOf(i) {
			switch {
			case add && t.loading:
				c.num.entries = append(c.num.entries, numEntry{v, d})
			case add:
				c.num.add(v, d)
			default:
				c.num.remove(v, d)
			}
		}
		for _, v := range r.strsOf(i) {
			t.post(c.post, v, d, add)
		}
	}
	for _, tok := range r.tokens {
		t.post(t.tokens, tok, d, add)
	}
}

// post adds d to (or removes it from) the posting of v in ps; during a
// bulk load it appends, and finish sorts.
func (t *table[R]) post(ps *postings, v string, d uint32, add bool) {
	switch {
	case add && t.loading:
		ps.append(v, d)
	case add:
		ps.add(v, d)
	default:
		ps.remove(v, d)
	}
}

// bits returns a cleared bitset sized for every document, for one
// search; give it back with release.
func (t *table[R]) bits() bitset {
	var b bitset
	if p, ok := t.scratch.Get().(*bitset); ok {
		b = *p
	}
	w := (len(t.rows) + 63) / 64
	if cap(b) < w {
		return newBitset(len(t.rows))
	}
	b = b[:w]
	b.reset()
	return b
}

// release gives back a bitset from bits.
func (t *table[R]) release(b bitset) { t.scratch.Put(&b) }
