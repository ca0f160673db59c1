package fake

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestFinancialsAgreeWithIndicators: for curated and generated companies,
// GetFinancials holds one indicator year and one report per summary year,
// newest first, with the summary's 13 figures unchanged, and the report
// tables and merged view show the same figures.
func TestFinancialsAgreeWithIndicators(t *testing.T) {
	t.Parallel() // a fake (or snapshots) of its own: runs beside the package's other parallel tests
	srv, _ := newTestServer(t, WithGenerated(60))
	c := newSDKClient(t, srv)
	ctx := context.Background()
	withFigures := 0
	for _, id := range srv.CompanyIDs() {
		co, ok := srv.Company(id)
		require.True(t, ok)
		f, err := c.GetFinancials(ctx, id)
		require.NoError(t, err, id)
		require.Len(t, f.Indicators, len(co.Indicators), id)
		require.Len(t, f.Reports, len(co.Indicators), id)
		if len(co.Indicators) == 0 {
			assert.Nil(t, f.Merged, id)
			continue
		}
		withFigures++
		require.NotNil(t, f.Merged, id)
		for i, year := range f.Indicators {
			if i > 0 {
				assert.True(t, year.Date.Before(f.Indicators[i-1].Date), "%s: newest first", id)
			}
			assert.Equal(t, summaryFor(t, co, year.ReportID), year.Summary(), "%s %s", id, year.Date)
			r := f.Reports[i]
			assert.Equal(t, year.ReportID, r.ReportID)
			assert.Equal(t, year.Date, r.ReportEndDate)
			require.Len(t, r.Sources, 1)
			checkRows(t, r.Aktiva.Rows, &year)
			checkRows(t, r.Passiva.Rows, &year)
			checkMerged(t, f.Merged.Aktiva.Rows, &year)
			checkMerged(t, f.Merged.Passiva.Rows, &year)
			if r.GuV != nil {
				checkRows(t, r.GuV.Rows, &year)
				require.NotNil(t, f.Merged.GuV)
				checkMerged(t, f.Merged.GuV.Rows, &year)
			}
		}
	}
	assert.Greater(t, withFigures, 20, "enough companies have figures to mean something")
}

// summaryFor returns the summary of co with report id.
func summaryFor(t *testing.T, co registerdata.Company, reportID string) registerdata.IndicatorSummary {
	t.Helper()
	for _, s := range co.Indicators {
		if s.ReportID == reportID {
			return s
		}
	}
	t.Fatalf("%s: no summary with report id %s", co.ID, reportID)
	return registerdata.IndicatorSummary{}
}

// rowFigures maps the row names of the tables to their indicator, as the
// fake lays them out; checkRows fails on a row it does not know.
var rowFigures = map[string]string{
	"Summe Aktiva": "balance_sheet_total", "Summe Passiva": "balance_sheet_total",
	"Kassenbestand, Guthaben bei Kreditinstituten": "cash", "Eigenkapital": "equity",
	"Verbindlichkeiten": "liabilities", "Umsatzerlöse": "revenue", "Jahresüberschuss": "net_income",
	"Personalaufwand": "salaries", "Materialaufwand": "materials", "Kapitalrücklage": "capital_reserves",
	"Rückstellungen für Pensionen": "pension_provisions", "Grundstücke und Bauten": "real_estate",
	"Steuern vom Einkommen und vom Ertrag": "taxes", "Verbindlichkeiten gegenüber Kreditinstituten": "bank_debt",
}

func checkRows(t *testing.T, rows []registerdata.ReportRow, year *registerdata.FinancialIndicators) {
	t.Helper()
	for _, r := range rows {
		if name, ok := rowFigures[r.Name]; ok {
			want, _ := year.Figure(name)
			assert.Equal(t, want, r.CurrentValue, "row %s of %s", r.Name, year.Date)
		}
		checkRows(t, r.Children, year)
	}
}

func checkMerged(t *testing.T, rows []registerdata.MergedReportRow, year *registerdata.FinancialIndicators) {
	t.Helper()
	for _, r := range rows {
		if name, ok := rowFigures[r.Name]; ok {
			want, _ := year.Figure(name)
			got, has := r.Values[year.Date.String()]
			if want == nil {
				assert.False(t, has, "merged row %s of %s", r.Name, year.Date)
			} else {
				assert.Equal(t, *want, got, "merged row %s of %s", r.Name, year.Date)
			}
		}
		checkMerged(t, r.Children, year)
	}
}

// TestFinancialsDeterministic: the same company gives the same reports
// on another server, apart from the presigned sources.
func TestFinancialsDeterministic(t *testing.T) {
	a, _ := newTestServer(t, WithGenerated(10))
	b, _ := newTestServer(t, WithGenerated(10))
	ca, cb := newSDKClient(t, a), newSDKClient(t, b)
	for _, id := range a.CompanyIDs() {
		fa, err := ca.GetFinancials(context.Background(), id)
		require.NoError(t, err)
		fb, err := cb.GetFinancials(context.Background(), id)
		require.NoError(t, err)
		for _, f := range []*registerdata.Financials{fa, fb} {
			for i := range f.Reports {
				f.Reports[i].Sources = nil
			}
		}
		assert.Equal(t, fa, fb, id)
	}
}

// TestFinancialsFollowUpdates: a changed indicator summary shows in the
// next answer.
func TestFinancialsFollowUpdates(t *testing.T) {
	srv, _ := newTestServer(t)
	c := newSDKClient(t, srv)
	v := int64(123_456_78)
	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Indicators[0].Revenue = &v }))
	co, _ := srv.Company(richID)
	f, err := c.GetFinancials(context.Background(), richID)
	require.NoError(t, err)
	for _, y := range f.Indicators {
		if y.ReportID == co.Indicators[0].ReportID {
			assert.Equal(t, &v, y.Revenue)
			return
		}
	}
	t.Fatal("the changed year is missing")
}

// TestReportSourceExpires: a report's html_url serves HTML for 30
// minutes on the fake clock, then 403.
func TestReportSourceExpires(t *testing.T) {
	srv, clk := newTestServer(t)
	f, err := newSDKClient(t, srv).GetFinancials(context.Background(), richID)
	require.NoError(t, err)
	require.NotEmpty(t, f.Reports)
	u := f.Reports[0].Sources[0].HTMLURL
	status, ctype, body := fetch(t, u)
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, "text/html; charset=utf-8", ctype)
	assert.Contains(t, string(body), "<html>")
	clk.Advance(ReportURLValidity - time.Second)
	status, _, _ = fetch(t, u)
	assert.Equal(t, http.StatusOK, status)
	clk.Advance(time.Second)
	status, _, _ = fetch(t, u)
	assert.Equal(t, http.StatusForbidden, status)
}

// fetch gets u without credentials.
func fetch(t *testing.T, u string) (status int, contentType string, body []byte) {
	t.Helper()
	resp, err := http.Get(u)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err = io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, resp.Header.Get("Content-Type"), body
}

func TestFinancialsUnknownCompany(t *testing.T) {
	srv, _ := newTestServer(t)
	before := srv.Credits(srv.APIKey)
	_, err := newSDKClient(t, srv).GetFinancials(context.Background(), "DE-HRB-F1103-999999")
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
	assert.Equal(t, before, srv.Credits(srv.APIKey), "a 404 costs nothing")
}
