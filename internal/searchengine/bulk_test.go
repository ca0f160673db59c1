package searchengine

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/stretchr/testify/require"
)

// TestRadixSortIsAStableSortByValue compares radixSort with a stable
// comparison sort on values that share most bytes, negatives, both
// zeros, infinities and NaN, each listed in document order.
func TestRadixSortIsAStableSortByValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), -1e-300, 1e300, 2020, 2021, -2020}
	for _, n := range []int{0, 1, 2, 17, 1000} {
		var ps []keyed
		var want []numEntry
		for d := range n {
			v := special[rng.IntN(len(special))]
			if rng.IntN(2) == 0 {
				v = float64(rng.IntN(40) - 20)
			}
			ps = append(ps, keyed{orderKey(v), uint32(d)})
			want = append(want, numEntry{v, uint32(d)})
		}
		slices.SortStableFunc(want, func(a, b numEntry) int { return cmp.Compare(a.v, b.v) })
		got := radixSort(ps, make([]keyed, n))
		require.Len(t, got, n)
		for i, p := range got {
			require.Equal(t, want[i].d, p.d, "n=%d position %d", n, i)
			if w := want[i].v; w == w {
				require.Equal(t, w, keyValue(p.k), "n=%d position %d", n, i)
			}
		}
	}
}

// TestBulkLoadMatchesOneByOne builds one engine with LoadSource and one
// with an Update per company, some holding several values of a field
// (and one value twice), and checks that the bulk load left every
// structure in the order the searches rely on, with the same content.
func TestBulkLoadMatchesOneByOne(t *testing.T) {
	cs := generate(400)
	for i := 0; i < len(cs); i += 7 {
		opened := registerdata.NewDate(2020+i%4, 3, 1)
		cs[i].Insolvencies = []registerdata.InsolvencySummary{
			{CurrentStatus: enums.InsolvencyStatusOpened, OpenedAt: &opened},
			{CurrentStatus: enums.InsolvencyStatusOpened, OpenedAt: &opened},
		}
		cs[i].IndustryCodes.WZ2025 = []registerdata.IndustryCode{{Code: "62.01"}, {Code: "62.01"}, {Code: "70.22"}}
	}
	bulk := New(fixedDay)
	bulk.LoadSource(Source{Len: len(cs), At: func(i int) *registerdata.Company { return &cs[i] }})
	single := New(fixedDay)
	for i := range cs {
		single.Update(registerdata.Company{}, cs[i])
	}
	checkTable(t, bulk.ct, single.ct)
	checkTable(t, bulk.pt, single.pt)

	// A source that writes records into the engine's buffers, reusing the
	// memory of their representation, and scribbles over what it wrote
	// before: an engine that kept anything of a buffer would differ.
	var into atomic.Int64
	reusing := New(fixedDay)
	reusing.LoadSource(Source{Len: len(cs), At: func(i int) *registerdata.Company { return &cs[i] },
		Into: func(i int, buf *registerdata.Company) *registerdata.Company {
			into.Add(1)
			for k := range buf.Representation {
				buf.Representation[k] = registerdata.Representative{Name: "Overwritten"}
			}
			reps := append(buf.Representation[:0], cs[i].Representation...)
			*buf = cs[i]
			buf.Name.Name = strings.Clone(cs[i].Name.Name)
			buf.Representation = reps
			return buf
		}})
	require.EqualValues(t, len(cs), into.Load())
	checkTable(t, reusing.ct, single.ct)
	checkTable(t, reusing.pt, single.pt)
}

// checkTable checks that got's structures are ordered as the incremental
// path keeps them and hold what want's hold, compared by document id.
func checkTable[R any](t *testing.T, got, want *table[R]) {
	t.Helper()
	require.True(t, slices.IsSortedFunc(got.order, got.cmpDocs), "order")
	require.Equal(t, idsOf(want, want.order), idsOf(got, got.order), "order")
	require.Equal(t, contents(want), contents(got))
	for i := range got.cols {
		c := &got.cols[i]
		if c.num != nil {
			c.numbers(got.alive)
			for k := 1; k < c.num.size(); k++ {
				a, b := numEntry{c.num.valAt(k - 1), c.num.docAt(k - 1)}, numEntry{c.num.valAt(k), c.num.docAt(k)}
				require.LessOrEqual(t, cmpEntry(a, b), 0, "%s entries %d and %d", c.info.Name, k-1, k)
			}
			continue
		}
		c.postings(got.alive).each(func(v string, p *posting) {
			require.True(t, slices.IsSorted(p.docs), "%s %q", c.info.Name, v)
			require.Len(t, slices.Compact(slices.Clone(p.docs)), len(p.docs), "%s %q holds a document twice", c.info.Name, v)
		})
		require.True(t, slices.IsSorted(c.post.keys), c.info.Name)
	}
	rank := got.ranks()
	got.tokens.each(func(v string, p *posting) {
		require.True(t, slices.IsSortedFunc(p.docs, func(a, b uint32) int { return cmp.Compare(rank[a], rank[b]) }), "token %q", v)
		require.Len(t, slices.Compact(slices.Clone(p.docs)), len(p.docs), "token %q holds a document twice", v)
	})
}

func idsOf[R any](t *table[R], ds []uint32) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = t.ids[d]
	}
	return out
}

// contents lists every index entry of t as text, by document id, sorted.
func contents[R any](t *table[R]) []string {
	var out []string
	for i := range t.cols {
		c := &t.cols[i]
		if c.num != nil {
			c.numbers(t.alive)
			for k := range c.num.size() {
				out = append(out, fmt.Sprintf("%s=%v:%s", c.info.Name, c.num.valAt(k), t.ids[c.num.docAt(k)]))
			}
			continue
		}
		c.postings(t.alive).each(func(v string, p *posting) {
			for _, id := range idsOf(t, p.docs) {
				out = append(out, fmt.Sprintf("%s=%q:%s", c.info.Name, v, id))
			}
		})
	}
	t.tokens.each(func(v string, p *posting) {
		out = append(out, fmt.Sprintf("token %q: %v", v, idsOf(t, p.docs)))
	})
	slices.Sort(out)
	return out
}

// TestSortParallel sorts distinct numbers, in several orders and sizes
// around the parallel threshold and part boundaries.
func TestSortParallel(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{0, 1, 1<<15 - 1, 1 << 15, 1<<15 + 1, 100_003} {
		s := make([]uint32, n)
		for i := range s {
			s[i] = uint32(i)
		}
		rng.Shuffle(n, func(i, j int) { s[i], s[j] = s[j], s[i] })
		got := sortParallel(s, cmp.Compare[uint32], slices.Sort[[]uint32])
		require.Len(t, got, n)
		for i, v := range got {
			if v != uint32(i) {
				require.Equal(t, uint32(i), v, "n=%d position %d", n, i)
			}
		}
	}
}

// TestUncheckedNumberingMergesRepeats interns a field of one new value a
// document until it is numbered unchecked, then values seen before and
// new ones, and checks that merge gives every number the number of its
// value among the distinct values in sorted order.
func TestUncheckedNumberingMergesRepeats(t *testing.T) {
	ps := newPostings()
	ps.expect = 10 * uniqueAt
	for i := range 3 * uniqueAt {
		v := fmt.Sprintf("v%07d", (i*7919)%(2*uniqueAt)) // repeats once past 2*uniqueAt
		require.Equal(t, v, ps.vals[ps.intern(v)])
	}
	require.True(t, ps.unchecked, "a field of distinct values is numbered unchecked")
	old := slices.Clone(ps.vals)
	canon := ps.merge()
	require.False(t, ps.unchecked)
	require.True(t, slices.IsSorted(ps.vals))
	require.Len(t, slices.Compact(slices.Clone(ps.vals)), len(ps.vals), "no value twice")
	require.Greater(t, len(old), len(ps.vals), "repeats were numbered anew")
	require.Len(t, ps.vals, 2*uniqueAt)
	for id, v := range old {
		require.Equal(t, v, ps.vals[canon[id]])
	}
	for id, v := range ps.vals {
		got, _ := ps.id(v)
		require.EqualValues(t, id, got)
	}
}

// TestBulkLoadOfAFieldNumberedUnchecked loads more companies than
// uniqueAt, whose register numbers are distinct but for the last
// thousand, which repeat earlier ones, and checks every company's number
// through the index and a search.
func TestBulkLoadOfAFieldNumberedUnchecked(t *testing.T) {
	t.Parallel() // the package's longest; an engine of its own
	n := uniqueAt + 4000
	cs := generate(n)
	for i := n - 1000; i < n; i++ {
		cs[i].Register.RegisterNumber = cs[i-n+1000].Register.RegisterNumber
	}
	e := New(fixedDay)
	e.LoadSource(Source{Len: n, At: func(i int) *registerdata.Company { return &cs[i] }})
	col := e.ct.byName[filters.RegisterNumber]
	ps := e.ct.cols[col].postings(e.ct.alive)
	require.True(t, slices.IsSorted(ps.vals))
	require.Len(t, ps.vals, n-1000)
	for i := range cs { // plain comparisons: testify per company was most of the time under -race
		d, _ := e.ct.lookup(cs[i].ID)
		want := cs[i].Register.RegisterNumber
		if got := (doc{&e.ct.docs, d}).strsOf(col); len(got) != 1 || got[0] != want {
			t.Fatalf("%s: register numbers %q, want [%q]", cs[i].ID, got, want)
		}
		if !slices.Contains(ps.posting(want).docs, d) {
			t.Fatalf("%s: document %d is not in the posting of %q", cs[i].ID, d, want)
		}
	}
	require.Equal(t, 2, companyCount(t, e, filters.Filter{Field: filters.RegisterNumber, Value: cs[0].Register.RegisterNumber}))
	require.Equal(t, 1, companyCount(t, e, filters.Filter{Field: filters.RegisterNumber, Value: cs[2000].Register.RegisterNumber}))
}

// TestUncheckedFieldChangedBeforeItsFirstSearch changes register numbers
// (numbered unchecked by the load) before any search on them, to a new
// number and to one another company holds, and checks the searches.
func TestUncheckedFieldChangedBeforeItsFirstSearch(t *testing.T) {
	n := uniqueAt + 2000
	cs := generate(n)
	e := New(fixedDay)
	e.LoadSource(Source{Len: n, At: func(i int) *registerdata.Company { return &cs[i] }})
	col := &e.ct.cols[e.ct.byName[filters.RegisterNumber]]
	require.True(t, col.post.unchecked && col.post.unbuilt.pending.Load(), "the load leaves the numbering to the first search")
	renumber := func(i int, number string) {
		after := cs[i]
		after.Register.RegisterNumber = number
		e.Update(cs[i], after)
		cs[i] = after
	}
	taken := cs[10].Register.RegisterNumber
	renumber(5, taken)
	renumber(6, "HRB 999999 X")
	renumber(10, "HRB 999999 X")
	require.Equal(t, 1, companyCount(t, e, filters.Filter{Field: filters.RegisterNumber, Value: taken}))
	require.Equal(t, 2, companyCount(t, e, filters.Filter{Field: filters.RegisterNumber, Value: "HRB 999999 X"}))
	require.False(t, col.post.unchecked, "the first search numbers the values")
	require.Equal(t, 1, companyCount(t, e, filters.Filter{Field: filters.RegisterNumber, Value: cs[7].Register.RegisterNumber}))
	renumber(7, taken) // after
	require.Equal(t, 2, companyCount(t, e, filters.Filter{Field: filters.RegisterNumber, Value: taken}))
}
