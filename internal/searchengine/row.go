package searchengine

import (
	"strings"
	"sync"

	"github.com/registerdata/registerdata-go/filters"
)

// row is what a table is given of one document: its sort key, the values
// of every column (flattened: column i owns nums[numAt[i]:numAt[i+1]]
// and strs[strAt[i]:strAt[i+1]]), the tokens of its name and the words
// of its former names (see formerWords). The table keeps the values
// column-wise, not the row. (lat, lon and hasGeo are not kept: positions
// come from the city column.)
type row struct {
	b        *rowBuilder // whose buffers the row uses, recycled by put
	key      string
	nums     []float64
	numAt    []uint32
	strs     []string
	strAt    []uint32
	tokens   []string
	former   []string
	lat, lon float64
	hasGeo   bool
}

func (r *row) numsOf(i int) []float64 { return r.nums[r.numAt[i]:r.numAt[i+1]] }
func (r *row) strsOf(i int) []string  { return r.strs[r.strAt[i]:r.strAt[i+1]] }

// rowBuilder appends the values of each column in column order.
type rowBuilder struct{ r row }

// builder returns an empty row builder for a row with key. Builders are
// recycled: put takes back the builder of the row it is given, so a row
// is valid until it is put. Safe for concurrent use.
func (t *docs) builder(key string) *rowBuilder {
	b, _ := t.builders.Get().(*rowBuilder)
	if b == nil {
		b = &rowBuilder{}
	}
	b.r = row{b: b, key: key, nums: b.r.nums[:0], numAt: append(b.r.numAt[:0], 0), strs: b.r.strs[:0], strAt: append(b.r.strAt[:0], 0), tokens: b.r.tokens[:0], former: b.r.former[:0]}
	return b
}

// next closes the current column with the given values.
func (b *rowBuilder) next(nums []float64, strs []string) {
	b.r.nums = append(b.r.nums, nums...)
	b.r.strs = append(b.r.strs, strs...)
	b.r.numAt = append(b.r.numAt, uint32(len(b.r.nums)))
	b.r.strAt = append(b.r.strAt, uint32(len(b.r.strs)))
}

// docs is the non-generic part of a table: the columns, sort keys and
// name tokens of every document.
type docs struct {
	cols     []column
	names    []filters.Field // the columns' fields, never changed: row builders read them concurrently
	keys     []string        // sort key; "" for a free number
	tokens   *postings
	tokAt    []uint32 // document -> its first token id in tokIDs
	tokN     []uint16 // document -> its number of tokens
	tokIDs   []uint32 // token ids (postings ids of tokens), appended to
	builders sync.Pool
	exOnce   sync.Once
	exs      any // the columns' extractors, see extractorsOf

	// The words of the former names of the documents that have any (a
	// company renamed), listing the documents in document order; those
	// of them that are no word of the document's current name; and each
	// such document's words (see formerWords). Documents without are not
	// in the map.
	former      *postings
	formerOnly  *postings
	formerWords map[uint32][]string
}

// doc is a view of one document's values, for checking conditions.
type doc struct {
	ds *docs
	d  uint32
}

// numsOf returns the numbers of column i, a single one in one. The
// result is shared.
func (r doc) numsOf(i int, one *[1]float64) []float64 {
	c := &r.ds.cols[i]
	if c.num == nil {
		return nil
	}
	switch v := c.nv.get(r.d); {
	case same(v, noNumber):
		return nil
	case same(v, manyNumbers):
		return c.manyNums[r.d]
	default:
		one[0] = v
		return one[:]
	}
}

// strsOf returns the strings of column i. The result is shared.
func (r doc) strsOf(i int) []string {
	c := &r.ds.cols[i]
	if c.post == nil {
		return nil
	}
	switch v := c.sv[r.d]; v {
	case 0:
		return nil
	case manyStrings:
		return c.manyStrs[r.d]
	default:
		return c.post.vals[v-1 : v]
	}
}

// hasTokenPrefix reports whether a token of the name starts with w.
func (r doc) hasTokenPrefix(w string) bool {
	at, n := r.ds.tokAt[r.d], uint32(r.ds.tokN[r.d])
	for _, id := range r.ds.tokIDs[at : at+n] {
		if strings.HasPrefix(r.ds.tokens.vals[id], w) {
			return true
		}
	}
	return false
}
