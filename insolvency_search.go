package registerdata

import (
	"encoding/json"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// InsolvencySearchRequest is the body of an insolvency search (POST
// /v1/search/insolvency). Every part is optional; the parts combine with
// AND.
type InsolvencySearchRequest struct {
	// Query is free text matched against the debtor name, case number,
	// administrator name and court; sent as {"query": {"value": Query}}.
	Query string
	// Filters are built with filters.Insolvency().
	Filters []filters.Filter
	// Pagination asks for one page; zero means the service's default.
	Pagination PageRequest
}

// MarshalJSON encodes r in the service's wire form.
func (r InsolvencySearchRequest) MarshalJSON() ([]byte, error) {
	return json.Marshal(newSearchBody(r.Query, r.Filters, nil, r.Pagination))
}

// UnmarshalJSON decodes the service's wire form (the fake uses it).
func (r *InsolvencySearchRequest) UnmarshalJSON(data []byte) error {
	var b searchBody
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	*r = InsolvencySearchRequest{Query: b.query(), Filters: b.Filters, Pagination: b.Pagination}
	return nil
}

// InsolvencySearchResponse is one page of insolvency search results.
type InsolvencySearchResponse struct {
	// Results are the proceedings of this page. Never nil after decoding.
	Results []InsolvencySearchResult `json:"results"`
	// Pagination describes the page.
	Pagination Pagination `json:"pagination"`
}

func (r *InsolvencySearchResponse) listKey() (string, bool) { return "results", r.Results == nil }

// InsolvencySearchResult is one proceeding found by an insolvency search.
// Its ID is the insolvency_id of GetInsolvency.
type InsolvencySearchResult struct {
	// ID identifies the proceeding.
	ID string `json:"id"`
	// CaseNumber is the court's case number, such as "36a IN 2792/24".
	CaseNumber string `json:"case_number"`
	// Court is the insolvency court.
	Court string `json:"court"`
	// DebtorName is the debtor's name as published.
	DebtorName string `json:"debtor_name"`
	// CurrentStatus is the status of the proceeding now.
	CurrentStatus enums.InsolvencyStatus `json:"current_status"`
	// HasOpenInsolvency is true while the proceeding is open.
	HasOpenInsolvency bool `json:"has_open_insolvency"`
	// AdministrationKind says who administers the estate; nil when unknown.
	AdministrationKind *enums.AdministrationKind `json:"administration_kind"`
	// AdministratorName is the insolvency administrator; nil when unknown.
	AdministratorName *string `json:"administrator_name"`
	// City is the debtor's city; nil when unknown.
	City *string `json:"city"`
	// ClosedAt is the date of closing; nil while open.
	ClosedAt *Date `json:"closed_at"`
	// CompanyID is the debtor's company identifier when the debtor was
	// matched to a registered company.
	CompanyID *string `json:"company_id"`
	// DebtorKind says whether the debtor is a legal or a natural person.
	DebtorKind *enums.DebtorKind `json:"debtor_kind"`
	// DebtorLegalForm is the debtor's legal form, such as "gmbh".
	DebtorLegalForm *string `json:"debtor_legal_form"`
	// InsolvencyGrounds are codes such as "illiquidity" and
	// "over_indebtedness". Never nil after decoding (the service may send
	// null, read as empty).
	InsolvencyGrounds []string `json:"insolvency_grounds"`
	// LastEventAt is the publication date of the latest event.
	LastEventAt *Date `json:"last_event_at"`
	// OpenedAt is the date of opening; nil when not opened.
	OpenedAt *Date `json:"opened_at"`
	// PersonID is the person identifier (UUID) when the debtor was matched
	// to a natural person of the register.
	PersonID *string `json:"person_id"`
	// ProceedingKind is regular or consumer insolvency; nil when unknown.
	ProceedingKind *enums.ProceedingKind `json:"proceeding_kind"`
}

// UnmarshalJSON decodes a result, accepting its dates as "YYYY-MM-DD" or
// as date-times; InsolvencyGrounds is never nil afterwards.
func (r *InsolvencySearchResult) UnmarshalJSON(b []byte) error {
	return decodeWhole(b, r, insolvencySearchResultField, func(r *InsolvencySearchResult) { nonNil(&r.InsolvencyGrounds) })
}
