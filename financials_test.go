package registerdata

import (
	"context"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// financialsJSON is a hand-written answer of GET
// /v1/company/{id}/financials, with nulls, absent optional keys and
// figures the SDK does not know.
const financialsJSON = `{
  "indicators": [{"date": "2024-12-31", "report_id": "3f1c2b1e-3f7a-4b8e-9a51-0c9d2e7f4a10",
    "revenue": 150000000, "ebitda": -2500, "employees": 12, "bank_debt": null, "gross_profit": 99,
    "new_figure_next_year": 5}],
  "merged": {
    "aktiva": {"rows": [{"name": "Anlagevermögen", "formatted_name": "A. Anlagevermögen",
      "values": {"2024-12-31": 100, "2023-12-31": 90},
      "children": [{"name": "Sachanlagen", "formatted_name": "II. Sachanlagen", "values": {}, "children": null}]}]},
    "passiva": {"rows": []}
  },
  "reports": [{
    "report_id": "3f1c2b1e-3f7a-4b8e-9a51-0c9d2e7f4a10",
    "report_start_date": null,
    "report_end_date": "2024-12-31T00:00:00Z",
    "consolidated": true,
    "aktiva": {"rows": [{"name": "Kasse", "formatted_name": "III. Kasse", "current_value": 5, "previous_value": null, "children": []}]},
    "passiva": {"rows": null},
    "guv": null,
    "sources": [{"html_url": "https://files.example/r.html"}]
  }, {
    "report_id": "b", "report_start_date": "2023-01-01", "report_end_date": "2023-12-31", "consolidated": false,
    "aktiva": {"rows": []}, "passiva": {"rows": []}
  }]
}`

func TestDecodeFinancials(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder("GET", "https://api.test/v1/company/DE-HRB-F1103-267645/financials", httpmock.NewStringResponder(200, financialsJSON))
	f, err := c.GetFinancials(context.Background(), "DE-HRB-F1103-267645")
	require.NoError(t, err)
	require.Len(t, f.Indicators, 1)
	in := f.Indicators[0]
	assert.Equal(t, NewDate(2024, 12, 31), in.Date)
	assert.Equal(t, int64(150000000), *in.Revenue)
	assert.Equal(t, int64(-2500), *in.EBITDA)
	assert.Equal(t, int64(12), *in.Employees)
	assert.Nil(t, in.BankDebt, "null is nil")
	assert.Nil(t, in.EBIT, "absent is nil")
	gp, ok := in.Figure("gross_profit")
	require.True(t, ok)
	assert.Equal(t, int64(99), *gp)
	_, ok = in.Figure("new_figure_next_year")
	assert.False(t, ok)

	require.NotNil(t, f.Merged)
	row := f.Merged.Aktiva.Rows[0]
	assert.Equal(t, map[string]int64{"2024-12-31": 100, "2023-12-31": 90}, row.Values)
	assert.NotNil(t, row.Children[0].Children, "null children become empty")
	assert.NotNil(t, f.Merged.Passiva.Rows)
	assert.Nil(t, f.Merged.GuV, "an absent guv is nil")

	require.Len(t, f.Reports, 2)
	r := f.Reports[0]
	assert.Nil(t, r.ReportStartDate)
	assert.Equal(t, NewDate(2024, 12, 31), r.ReportEndDate, "a date-time keeps its date")
	assert.True(t, r.Consolidated)
	assert.Equal(t, int64(5), *r.Aktiva.Rows[0].CurrentValue)
	assert.Nil(t, r.Aktiva.Rows[0].PreviousValue)
	assert.NotNil(t, r.Passiva.Rows)
	assert.Nil(t, r.GuV)
	assert.Equal(t, "https://files.example/r.html", r.Sources[0].HTMLURL)
	assert.Equal(t, NewDate(2023, 1, 1), *f.Reports[1].ReportStartDate)
	assert.NotNil(t, f.Reports[1].Sources, "absent sources become empty")
}

func TestDecodeFinancialsWithoutReports(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder("GET", "https://api.test/v1/company/DE-HRB-X1-1/financials", httpmock.NewStringResponder(200,
		`{"indicators": null, "merged": null, "reports": []}`))
	f, err := c.GetFinancials(context.Background(), "DE-HRB-X1-1")
	require.NoError(t, err)
	assert.Nil(t, f.Merged)
	assert.NotNil(t, f.Indicators)
	assert.Empty(t, f.Reports)
}
