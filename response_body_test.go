package registerdata

import (
	"context"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// Hand-written answers of the endpoints, with nulls, absent optional
// keys and values the SDK does not know.
const (
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
