package finreport

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

func cents(v int64) *int64 { return &v }

func company() *registerdata.Company {
	return &registerdata.Company{ID: "DE-HRB-F1103-1", Indicators: []registerdata.IndicatorSummary{
		{Date: registerdata.NewDate(2022, 12, 31), ReportID: "r22", Revenue: cents(500_000_00), Equity: cents(90_000_00)},
		{Date: registerdata.NewDate(2023, 12, 31), ReportID: "r23", BalanceSheetTotal: cents(800_000_00), NetIncome: cents(-5_000_00)},
		{Date: registerdata.NewDate(2021, 12, 31), ReportID: "r21"}, // no figures at all
	}}
}

// TestIndicatorsKeepTheSummary: the summary figures are unchanged, years
// come newest first, the same input gives the same output, and a year
// without figures gets none.
func TestIndicatorsKeepTheSummary(t *testing.T) {
	c := company()
	got := Indicators(c)
	require.Len(t, got, 3)
	assert.Equal(t, []string{"r23", "r22", "r21"}, []string{got[0].ReportID, got[1].ReportID, got[2].ReportID})
	assert.Equal(t, c.Indicators[1], got[0].Summary())
	assert.Equal(t, c.Indicators[0], got[1].Summary())
	assert.Equal(t, got, Indicators(company()), "deterministic")
	for _, name := range registerdata.FinancialFigureNames() {
		v, ok := got[2].Figure(name)
		require.True(t, ok)
		assert.Nil(t, v, name)
	}
	assert.NotNil(t, got[0].EBITDA)
	latest, ok := Latest(c)
	require.True(t, ok)
	assert.Equal(t, got[0], latest)
	_, ok = Latest(&registerdata.Company{})
	assert.False(t, ok)
}

// TestFinancialsTables: one report per year, previous values from the
// year before, the merged view keyed by end date.
func TestFinancialsTables(t *testing.T) {
	f := Financials(company())
	require.Len(t, f.Reports, 3)
	require.NotNil(t, f.Merged)
	sum := f.Reports[0].Aktiva.Rows[len(f.Reports[0].Aktiva.Rows)-1]
	assert.Equal(t, "Summe Aktiva", sum.Name)
	assert.Equal(t, cents(800_000_00), sum.CurrentValue)
	assert.Nil(t, sum.PreviousValue, "2022 has no balance sheet total")
	mergedSum := f.Merged.Aktiva.Rows[len(f.Merged.Aktiva.Rows)-1]
	assert.Equal(t, map[string]int64{"2023-12-31": 800_000_00}, mergedSum.Values)
	assert.Nil(t, f.Reports[2].GuV, "a year without figures has no GuV")
	assert.Empty(t, Financials(&registerdata.Company{}).Reports)
	assert.Nil(t, Financials(&registerdata.Company{}).Merged)
}

// BenchmarkLatest is the cost the search engine pays per indexed company
// for the extended indicators.
func BenchmarkLatest(b *testing.B) {
	c := company()
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Latest(c)
	}
}

// BenchmarkFinancials is the cost of one GET /v1/company/{id}/financials
// answer before encoding.
func BenchmarkFinancials(b *testing.B) {
	c := company()
	b.ReportAllocs()
	for b.Loop() {
		_ = Financials(c)
	}
}
