package registerdata

import (
	"context"
	"net/http"
)

// Financials is the answer of GET /v1/company/{id}/financials: the key
// figures per fiscal year, all report periods merged into one view, and
// each filed report with its balance sheet and profit-and-loss tables.
// After GetFinancials every slice and map in it is non-nil.
type Financials struct {
	// Indicators holds the full indicator set per fiscal year, newest
	// first.
	Indicators []FinancialIndicators `json:"indicators"`
	// Merged is every report period merged into one view; nil when the
	// service has none.
	Merged *MergedReport `json:"merged"`
	// Reports holds one entry per filed report.
	Reports []FinancialReport `json:"reports"`
}

// MergedReport holds the tables of all report periods merged: each row
// carries one value per report end date.
type MergedReport struct {
	// Aktiva is the assets side of the balance sheet.
	Aktiva MergedReportTable `json:"aktiva"`
	// Passiva is the equity-and-liabilities side of the balance sheet.
	Passiva MergedReportTable `json:"passiva"`
	// GuV is the profit and loss statement (Gewinn- und
	// Verlustrechnung); nil when no report has one.
	GuV *MergedReportTable `json:"guv,omitempty"`
}

// MergedReportTable is one merged table: a tree of rows.
type MergedReportTable struct {
	// Rows are the top-level rows; each may have children.
	Rows []MergedReportRow `json:"rows"`
}

// MergedReportRow is a row with values from several report periods.
type MergedReportRow struct {
	// Name is the row's name.
	Name string `json:"name"`
	// FormattedName is the row's name for display.
	FormattedName string `json:"formatted_name"`
	// Values maps a report end date ("YYYY-MM-DD") to the row's figure
	// for that period; a period without a figure has no key.
	Values map[string]int64 `json:"values"`
	// Children are the sub-rows.
	Children []MergedReportRow `json:"children"`
}

// FinancialReport is one filed report with its tables.
type FinancialReport struct {
	// ReportID identifies the report (a UUID); the indicators of its
	// year carry the same id.
	ReportID string `json:"report_id"`
	// ReportStartDate is the start of the report period; nil when unknown.
	ReportStartDate *Date `json:"report_start_date"`
	// ReportEndDate is the end of the report period.
	ReportEndDate Date `json:"report_end_date"`
	// Consolidated is true for a consolidated (group) report.
	Consolidated bool `json:"consolidated"`
	// Aktiva is the assets side of the balance sheet.
	Aktiva ReportTable `json:"aktiva"`
	// Passiva is the equity-and-liabilities side of the balance sheet.
	Passiva ReportTable `json:"passiva"`
	// GuV is the profit and loss statement; nil when the report has none.
	GuV *ReportTable `json:"guv,omitempty"`
	// Sources are the rendered reports; each address is presigned and
	// works for 30 minutes after the request.
	Sources []ReportSource `json:"sources"`
}

// ReportSource is a rendered report.
type ReportSource struct {
	// HTMLURL is the presigned address of the report as HTML, usable for
	// 30 minutes after the request.
	HTMLURL string `json:"html_url"`
}

// ReportTable is one table of a report: a tree of rows.
type ReportTable struct {
	// Rows are the top-level rows; each may have children.
	Rows []ReportRow `json:"rows"`
}

// ReportRow is a row of a report table with the figures of the report
// period and of the period before.
type ReportRow struct {
	// Name is the row's name.
	Name string `json:"name"`
	// FormattedName is the row's name for display.
	FormattedName string `json:"formatted_name"`
	// CurrentValue is the figure of the report period; nil when not reported.
	CurrentValue *int64 `json:"current_value"`
	// PreviousValue is the figure of the period before; nil when not reported.
	PreviousValue *int64 `json:"previous_value"`
	// Children are the sub-rows.
	Children []ReportRow `json:"children"`
}

// UnmarshalJSON decodes a report; its dates may come as "YYYY-MM-DD" or
// as a date-time, of which the date is kept.
func (r *FinancialReport) UnmarshalJSON(b []byte) error {
	*r = FinancialReport{}
	return decodeWhole(b, r, reportField, nil)
}

// Normalize replaces every nil slice and map in f with an empty one, as
// GetFinancials does.
func (f *Financials) Normalize() {
	nonNil(&f.Indicators)
	nonNil(&f.Reports)
	if f.Merged != nil {
		normalizeMerged(&f.Merged.Aktiva)
		normalizeMerged(&f.Merged.Passiva)
		if f.Merged.GuV != nil {
			normalizeMerged(f.Merged.GuV)
		}
	}
	for i := range f.Reports {
		r := &f.Reports[i]
		nonNil(&r.Sources)
		normalizeRows(&r.Aktiva.Rows)
		normalizeRows(&r.Passiva.Rows)
		if r.GuV != nil {
			normalizeRows(&r.GuV.Rows)
		}
	}
}

func normalizeMerged(t *MergedReportTable) { normalizeMergedRows(&t.Rows) }

func normalizeMergedRows(rows *[]MergedReportRow) {
	nonNil(rows)
	for i := range *rows {
		r := &(*rows)[i]
		if r.Values == nil {
			r.Values = map[string]int64{}
		}
		normalizeMergedRows(&r.Children)
	}
}

func normalizeRows(rows *[]ReportRow) {
	nonNil(rows)
	for i := range *rows {
		normalizeRows(&(*rows)[i].Children)
	}
}

func (f *Financials) listKey() (string, bool) { return "reports", f.Reports == nil }

// GetFinancials fetches the financial reports of a company: the full
// indicator set per year (the company record's Indicators are a subset of
// it), the merged tables and each report's balance sheet and profit and
// loss trees. It is billed at its route's price (see Prices). An
// identifier that cannot be a path segment is refused before sending; an
// unknown company fails with ErrNotFound.
func (c *Client) GetFinancials(ctx context.Context, companyID string, opts ...CallOption) (*Financials, error) {
	if err := checkCompanyID(companyID); err != nil {
		return nil, err
	}
	var f Financials
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v1/company/{company_id}/financials", companyID),
	}, &f, opts)
	if err != nil {
		return nil, err
	}
	f.Normalize()
	return &f, nil
}
