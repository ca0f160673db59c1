package registerdata_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// TestDesignSurfaceNames uses the names and types DESIGN.md fixes for
// financials, documents, contact, lookup, autocomplete and credits, as it
// writes them, against the fake: a rename or a type change breaks the
// build.
func TestDesignSurfaceNames(t *testing.T) {
	srv, c, _ := newFakeClient(t, []fake.Option{fake.WithGenerated(20)})
	ctx := context.Background()
	id := "DE-HRB-F1103-267645"

	fin, err := c.GetFinancials(ctx, id)
	require.NoError(t, err)
	var (
		_ []registerdata.FinancialIndicators = fin.Indicators
		_ *registerdata.MergedReport         = fin.Merged
		_ []registerdata.FinancialReport     = fin.Reports
	)

	co, _ := srv.Company(id)
	doc, err := c.GetDocument(ctx, co.Documents[0].ID)
	require.NoError(t, err)
	var (
		_ string             = doc.ID
		_ string             = doc.Name
		_ registerdata.Date  = doc.Date
		_ enums.DocumentType = doc.Type
		_ string             = doc.URL
	)

	rd, err := c.GetRealtimeDocument(ctx, id, enums.DocumentCategoryCurrentPrintout)
	require.NoError(t, err)
	var (
		_ enums.DocumentCategory = rd.Category
		_ *registerdata.Date     = rd.FileDate
		_ *string                = rd.FileName
		_ string                 = rd.URL
	)

	cd, err := c.GetContactDetails(ctx, id)
	require.NoError(t, err)
	var _, _, _, _ string = cd.SourceURL, cd.Email, cd.Phone, cd.VATID

	lk, err := c.LookupCompanyByURL(ctx, co.Contact.WebsiteURL)
	require.NoError(t, err)
	var _, _, _, _ string = lk.CompanyID, lk.Email, lk.Phone, lk.VATID
	assert.Equal(t, id, lk.CompanyID)

	var ac []registerdata.CompanySearchResult
	ac, err = c.AutocompleteCompanies(ctx, "nordl")
	require.NoError(t, err)
	assert.NotEmpty(t, ac)

	cr, err := c.GetCredits(ctx)
	require.NoError(t, err)
	var (
		_, _, _, _ int64                     = cr.Included, cr.Used, cr.Remaining, cr.Overage
		_          bool                      = cr.Paid
		_          registerdata.CreditPeriod = cr.Period
		_          time.Time                 = cr.Period.ResetAt
		_          string                    = cr.Period.Type
	)
	assert.Equal(t, c.CreditsSpent(), cr.Used)
}
