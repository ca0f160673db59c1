package registerdata_test

import (
	"context"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/filters"
)

// TestExtendedIndicatorFiltersAgreeWithFinancials: every extended
// indicator filter name (the figures beyond the record's 13, except
// gross_profit) is accepted by the fake's company search, finds
// companies, and each result's latest GetFinancials figure is in range.
func TestExtendedIndicatorFiltersAgreeWithFinancials(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other parallel tests
	_, c, _ := newFakeClient(t, []fake.Option{fake.WithGenerated(400)})
	ctx := context.Background()
	summary := []string{"date", "report_id", "balance_sheet_total", "net_income", "revenue", "cash", "employees", "equity",
		"real_estate", "materials", "pension_provisions", "salaries", "taxes", "liabilities", "capital_reserves", "gross_profit"}
	var names []string
	for _, n := range registerdata.FinancialFigureNames() {
		if !slices.Contains(summary, n) {
			names = append(names, n)
		}
	}
	require.Len(t, names, 34)
	for _, name := range names {
		fs, err := filters.Company().AtLeast(filters.Field(name), "1").Build()
		require.NoError(t, err, name)
		res, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Filters: fs, Pagination: registerdata.PageRequest{PerPage: 5}})
		require.NoError(t, err, name)
		assert.NotEmpty(t, res.Results, "%s finds companies", name)
		for _, r := range res.Results {
			fin, err := c.GetFinancials(ctx, r.CompanyID)
			require.NoError(t, err)
			require.NotEmpty(t, fin.Indicators, r.CompanyID)
			v, ok := fin.Indicators[0].Figure(name)
			require.True(t, ok)
			if assert.NotNil(t, v, "%s of %s", name, r.CompanyID) {
				assert.GreaterOrEqual(t, *v, int64(1), "%s of %s", name, r.CompanyID)
			}
		}
	}
}
