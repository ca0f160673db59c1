package registerdata

import (
	"context"
	"net/http"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// Hand-written answers of the endpoints, with nulls, absent optional
// keys and values the SDK does not know.
const (
	financialsJSON = `{
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
	documentJSON = `{"id": "d-1", "date": "2021-03-12", "name": "Gesellschafterliste vom 12.03.2021",
  "type": "minutes_of_meeting", "url": "https://files.example/d.pdf"}`
	realtimeJSON = `{"category": "register_photo", "file_date": "12.03.2021", "file_name": null, "url": "https://files.example/x.pdf"}`
	contactJSON  = `{"source_url": "https://nordlicht.example/impressum", "email": "info@nordlicht.example"}`
	lookupJSON   = `{"company_id": "DE-HRB-F1103-267645", "vat_id": "DE123456789"}`
	autoJSON     = `{"results": [{"company_id": "DE-HRB-F1103-267645", "name": "Nordlicht GmbH", "active": true, "country": null,
  "legal_form": "gmbh_neu", "register_court": "Hamburg", "register_number": "267645", "register_type": "HRB",
  "address": null, "purpose": null}]}`
	creditsJSON = `{"included_credits": 1000, "used_credits": 1200, "remaining_credits": 0, "overage_credits": 200,
  "paid": true, "period": {"reset_at": "2026-12-01T00:00:00Z", "type": "prepaid_block"}}`
)

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

func TestDecodeSurfaceRecords(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder("GET", "https://api.test/v1/document/d-1", httpmock.NewStringResponder(200, documentJSON))
	mt.RegisterResponder("GET", "https://api.test/v1/document", httpmock.NewStringResponder(200, realtimeJSON))
	mt.RegisterResponder("GET", "https://api.test/v0/company/DE-HRB-F1103-267645/contact", httpmock.NewStringResponder(200, contactJSON))
	mt.RegisterResponder("GET", "https://api.test/v0/search/lookup", httpmock.NewStringResponder(200, lookupJSON))
	mt.RegisterResponder("GET", "https://api.test/v1/autocomplete/company", httpmock.NewStringResponder(200, autoJSON))
	mt.RegisterResponder("GET", "https://api.test/v1/credits", httpmock.NewStringResponder(200, creditsJSON))
	ctx := context.Background()

	d, err := c.GetDocument(ctx, "d-1")
	require.NoError(t, err)
	assert.Equal(t, enums.DocumentType("minutes_of_meeting"), d.Type, "an unknown type is kept")
	assert.False(t, d.Type.IsKnown())
	assert.Equal(t, NewDate(2021, 3, 12), d.Date)

	rd, err := c.GetRealtimeDocument(ctx, "DE-HRB-F1103-267645", enums.DocumentCategoryCurrentPrintout)
	require.NoError(t, err)
	assert.Equal(t, enums.DocumentCategory("register_photo"), rd.Category)
	assert.Nil(t, rd.FileDate, "a file date in an unknown form is dropped, not an error")
	assert.Nil(t, rd.FileName)

	cd, err := c.GetContactDetails(ctx, "DE-HRB-F1103-267645")
	require.NoError(t, err)
	assert.Equal(t, ContactDetails{SourceURL: "https://nordlicht.example/impressum", Email: "info@nordlicht.example"}, *cd)

	lk, err := c.LookupCompanyByURL(ctx, "nordlicht.example")
	require.NoError(t, err)
	assert.Equal(t, URLLookup{CompanyID: "DE-HRB-F1103-267645", VATID: "DE123456789"}, *lk)

	ac, err := c.AutocompleteCompanies(ctx, "nordl")
	require.NoError(t, err)
	require.Len(t, ac, 1)
	assert.Nil(t, ac[0].Country, "a null country is nil")
	assert.Equal(t, enums.LegalForm("gmbh_neu"), ac[0].LegalForm)

	cr, err := c.GetCredits(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(1000), cr.Included)
	assert.Equal(t, int64(1200), cr.Used)
	assert.Equal(t, int64(200), cr.Overage)
	assert.Equal(t, "prepaid_block", cr.Period.Type, "an unknown period type is kept")
	assert.Equal(t, 2026, cr.Period.ResetAt.Year())
}

func TestRealtimeDocumentFileDateForms(t *testing.T) {
	for body, want := range map[string]*Date{
		`{"category":"current_printout","file_date":"2021-03-12","file_name":"a.pdf","url":"u"}`:           {Year: 2021, Month: 3, Day: 12},
		`{"category":"current_printout","file_date":"2021-03-12T08:00:00Z","file_name":"a.pdf","url":"u"}`: {Year: 2021, Month: 3, Day: 12},
		`{"category":"current_printout","file_date":null,"file_name":"a.pdf","url":"u"}`:                   nil,
		`{"category":"current_printout","file_date":"","file_name":"a.pdf","url":"u"}`:                     nil,
	} {
		var d RealtimeDocument
		require.NoError(t, d.UnmarshalJSON([]byte(body)), body)
		assert.Equal(t, want, d.FileDate, body)
	}
	var d RealtimeDocument
	assert.Error(t, d.UnmarshalJSON([]byte(`{"file_date": 12}`)), "a number is not a date")
}

// TestSurfaceEmptyAnswers: a 200 with null, {} or a record without its
// identifier is an error for every endpoint.
func TestSurfaceEmptyAnswers(t *testing.T) {
	ctx := context.Background()
	calls := map[string]func(*Client) error{
		"/v1/company/DE-HRB-X1-1/financials": func(c *Client) error { _, err := c.GetFinancials(ctx, "DE-HRB-X1-1"); return err },
		"/v1/document/d":                     func(c *Client) error { _, err := c.GetDocument(ctx, "d"); return err },
		"/v1/document": func(c *Client) error {
			_, err := c.GetRealtimeDocument(ctx, "DE-HRB-X1-1", enums.DocumentCategoryShareholderList)
			return err
		},
		"/v0/company/DE-HRB-X1-1/contact": func(c *Client) error { _, err := c.GetContactDetails(ctx, "DE-HRB-X1-1"); return err },
		"/v0/search/lookup":               func(c *Client) error { _, err := c.LookupCompanyByURL(ctx, "a.example"); return err },
		"/v1/autocomplete/company":        func(c *Client) error { _, err := c.AutocompleteCompanies(ctx, "a"); return err },
		"/v1/credits":                     func(c *Client) error { _, err := c.GetCredits(ctx); return err },
	}
	for path, call := range calls {
		for _, body := range []string{"null", "{}", `{"unrelated": 1}`} {
			c, mt := newMockClient(t)
			mt.RegisterResponder("GET", "https://api.test"+path, httpmock.NewStringResponder(200, body))
			err := call(c)
			var re *ResponseError
			assert.ErrorAs(t, err, &re, "%s answering %s", path, body)
		}
	}
}

// TestSurfaceRefusesBadInput: hostile ids, bad categories, empty texts
// and malformed addresses are refused before anything is sent.
func TestSurfaceRefusesBadInput(t *testing.T) {
	ctx := context.Background()
	c, mt := newMockClient(t)
	for _, id := range []string{"", "../monitor", "a/b", "a b", "x?y", "%2e"} {
		_, err := c.GetFinancials(ctx, id)
		assert.ErrorIs(t, err, ErrInvalidRequest, id)
		_, err = c.GetDocument(ctx, id)
		assert.ErrorIs(t, err, ErrInvalidRequest, id)
		_, err = c.GetContactDetails(ctx, id)
		assert.ErrorIs(t, err, ErrInvalidRequest, id)
		_, err = c.GetRealtimeDocument(ctx, id, enums.DocumentCategoryCurrentPrintout)
		assert.ErrorIs(t, err, ErrInvalidRequest, id)
	}
	_, err := c.GetRealtimeDocument(ctx, "DE-HRB-F1103-267645", "photo")
	assert.ErrorIs(t, err, ErrInvalidRequest)
	for _, u := range []string{"", " ", "https://", "exa mple.de", "http://\x00x"} {
		_, err := c.LookupCompanyByURL(ctx, u)
		assert.ErrorIs(t, err, ErrInvalidRequest, "%q", u)
	}
	for _, q := range []string{"", "  ", string(make([]byte, 300)), "\xff"} {
		_, err := c.AutocompleteCompanies(ctx, q)
		assert.ErrorIs(t, err, ErrInvalidRequest, "%q", q)
	}
	assert.Zero(t, mt.GetTotalCallCount(), "nothing was sent")
}

// TestSetBudgetFromCredits: the budget becomes what is spent plus the
// account's remaining credits.
func TestSetBudgetFromCredits(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder("GET", "https://api.test/v1/credits", httpmock.NewStringResponder(200,
		`{"included_credits": 100, "used_credits": 75, "remaining_credits": 25, "overage_credits": 0, "paid": false,
		  "period": {"reset_at": "2026-12-01T00:00:00Z", "type": "rolling_30_days"}}`))
	mt.RegisterResponder("GET", "https://api.test/v0/company/DE-HRB-F1103-267645/contact", httpmock.NewStringResponder(200, contactJSON))
	u, err := c.SetBudgetFromCredits(context.Background())
	require.NoError(t, err)
	assert.Equal(t, int64(25), u.Remaining)
	left, ok := c.CreditsRemaining()
	require.True(t, ok)
	assert.Equal(t, int64(25), left)
	for i := range 2 {
		_, err := c.GetContactDetails(context.Background(), "DE-HRB-F1103-267645")
		require.NoError(t, err, i)
	}
	_, err = c.GetContactDetails(context.Background(), "DE-HRB-F1103-267645")
	assert.ErrorIs(t, err, ErrBudgetExceeded, "25 credits cover two calls of 10")
	assert.Equal(t, int64(20), c.CreditsSpent())
	assert.Equal(t, 3, mt.GetTotalCallCount(), "the refused call was not sent")

	mt.RegisterResponder("GET", "https://api.test/v1/credits", httpmock.NewStringResponder(http.StatusUnauthorized, `{"error":{"code":"unauthorized","message":"no"}}`))
	_, err = c.SetBudgetFromCredits(context.Background())
	assert.ErrorIs(t, err, ErrUnauthorized)
	left, _ = c.CreditsRemaining()
	assert.Equal(t, int64(5), left, "a failed read leaves the budget as it was")
}
