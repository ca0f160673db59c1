package searchengine

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/stretchr/testify/require"
)

// TestNumIndexFill checks every range of a single-valued index holding
// value (d*7)%50 for each document d of 0..n-1 against the definition,
// for sizes where the cumulative bitsets come into play.
func TestNumIndexFill(t *testing.T) {
	for _, n := range []int{10, 200, 5000} {
		x := &numIndex{}
		for d := range n {
			x.add(float64((d*7)%50), uint32(d))
		}
		for lo := -1; lo <= 50; lo += 3 {
			for hi := lo; hi <= 51; hi += 5 {
				a, b := x.span(float64(lo), float64(hi))
				got := newBitset(n)
				x.fill(got, n, a, b)
				for d := range n {
					v := (d * 7) % 50
					require.Equal(t, lo <= v && v <= hi, got.has(uint32(d)), "n=%d [%d,%d] doc %d value %d", n, lo, hi, d, v)
				}
			}
		}
	}
}

// TestNumIndexRemove checks that removed entries no longer match.
func TestNumIndexRemove(t *testing.T) {
	x := &numIndex{}
	for d := range 300 {
		x.add(float64(d), uint32(d))
	}
	for d := 0; d < 300; d += 2 {
		x.remove(float64(d), uint32(d))
	}
	a, b := x.span(0, 299)
	require.Equal(t, 150, b-a)
	got := newBitset(300)
	x.fill(got, 300, a, b)
	require.Equal(t, 150, got.count())
	require.False(t, got.has(0))
	require.True(t, got.has(1))
}

// TestNumericIndexBuiltOnFirstUse checks that a bulk load leaves the
// numeric indexes to the first search filtering on their field, that
// changes made before and after that search are in its answers, and that
// a search builds only the index it reads.
func TestNumericIndexBuiltOnFirstUse(t *testing.T) {
	cs := generate(400)
	e := New(fixedDay)
	e.Load(cs)
	for i := range e.ct.cols {
		if c := &e.ct.cols[i]; c.num != nil {
			require.True(t, c.num.unbuilt.pending.Load(), "%s is built by the load", c.info.Name)
		}
	}
	revenue := func() []string {
		req := registerdata.CompanySearchRequest{Filters: []filters.Filter{{Field: filters.Revenue, Min: "20000000000"}}} // 200 M EUR
		return allPages(t, e, req, 100)
	}
	big := int64(50_000_000_000)
	raise := func(i int) {
		after := cs[i]
		after.Indicators = []registerdata.IndicatorSummary{{Date: registerdata.NewDate(2024, 12, 31), Revenue: &big}}
		e.Update(cs[i], after)
		cs[i] = after
	}
	raise(1) // before the index is built
	first := revenue()
	require.Contains(t, first, cs[1].ID)
	col := &e.ct.cols[e.ct.byName[filters.Revenue]]
	require.False(t, col.num.unbuilt.pending.Load(), "revenue's index after a revenue search")
	require.True(t, e.ct.cols[e.ct.byName[filters.Employees]].num.unbuilt.pending.Load(), "employees' index after a revenue search")
	raise(2) // after
	require.Contains(t, revenue(), cs[2].ID)
	e.Update(cs[1], registerdata.Company{})
	require.NotContains(t, revenue(), cs[1].ID)
	want := 0
	for _, c := range cs[2:] {
		if l, ok := c.LatestIndicators(); ok && l.Revenue != nil && *l.Revenue >= 20_000_000_000 {
			want++
		}
	}
	require.Len(t, revenue(), want)
}
