package registerdata

import (
	"encoding/json"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// CompanySearchRequest is the body of a company search. Every part is
// optional; the parts combine with AND.
type CompanySearchRequest struct {
	Query      string           // free text matched against the company name; sent as {"query": {"value": Query}}
	Filters    []filters.Filter // build with filters.Company()
	Location   *Location        // restrict to a radius around a point
	Pagination PageRequest      // zero means the service's default
}

// PersonSearchRequest is the body of a person search.
type PersonSearchRequest struct {
	Query      string           // free text matched against the person's name
	Filters    []filters.Filter // build with filters.Person()
	Pagination PageRequest      // zero means the service's default
}

// Location restricts a company search to registered addresses within
// Radius kilometres of a point.
type Location struct {
	// Latitude of the point, in degrees.
	Latitude float64 `json:"latitude"`
	// Longitude of the point, in degrees.
	Longitude float64 `json:"longitude"`
	// Radius in kilometres; zero leaves it out of the request, and the
	// service applies its default (the fake: 10 km).
	Radius float64 `json:"radius,omitempty"`
}

// PageRequest asks for one page of results. Pages count from 1.
type PageRequest struct {
	// Page is the page to return, counting from 1; zero means the first.
	Page int `json:"page,omitempty"`
	// PerPage is the number of results per page; zero means the
	// service's default.
	PerPage int `json:"per_page,omitempty"`
}

// Pagination describes the page a search returned.
type Pagination struct {
	// Page is the number of this page, counting from 1.
	Page int `json:"page"`
	// PerPage is the page size the service applied.
	PerPage int `json:"per_page"`
	// TotalPages is the number of pages of the whole result.
	TotalPages int `json:"total_pages"`
	// TotalResults is the number of results across all pages.
	TotalResults int `json:"total_results"`
}

// searchQuery is the wire form of the free-text query.
type searchQuery struct {
	Value string `json:"value"`
}

// searchBody is the wire form shared by both search requests.
type searchBody struct {
	Query      *searchQuery     `json:"query,omitempty"`
	Filters    []filters.Filter `json:"filters"`
	Location   *Location        `json:"location,omitempty"`
	Pagination PageRequest      `json:"pagination"`
}

func newSearchBody(query string, fs []filters.Filter, loc *Location, p PageRequest) searchBody {
	b := searchBody{Filters: fs, Location: loc, Pagination: p}
	if query != "" {
		b.Query = &searchQuery{Value: query}
	}
	if b.Filters == nil {
		b.Filters = []filters.Filter{}
	}
	return b
}

func (b searchBody) query() string {
	if b.Query == nil {
		return ""
	}
	return b.Query.Value
}

// MarshalJSON encodes r in the service's wire form.
func (r CompanySearchRequest) MarshalJSON() ([]byte, error) {
	return json.Marshal(newSearchBody(r.Query, r.Filters, r.Location, r.Pagination))
}

// UnmarshalJSON decodes the service's wire form (the fake uses it).
func (r *CompanySearchRequest) UnmarshalJSON(data []byte) error {
	var b searchBody
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	*r = CompanySearchRequest{Query: b.query(), Filters: b.Filters, Location: b.Location, Pagination: b.Pagination}
	return nil
}

// MarshalJSON encodes r in the service's wire form.
func (r PersonSearchRequest) MarshalJSON() ([]byte, error) {
	return json.Marshal(newSearchBody(r.Query, r.Filters, nil, r.Pagination))
}

// UnmarshalJSON decodes the service's wire form (the fake uses it). A
// location in a person search is ignored.
func (r *PersonSearchRequest) UnmarshalJSON(data []byte) error {
	var b searchBody
	if err := json.Unmarshal(data, &b); err != nil {
		return err
	}
	*r = PersonSearchRequest{Query: b.query(), Filters: b.Filters, Pagination: b.Pagination}
	return nil
}

// CompanySearchResponse is one page of company search results.
type CompanySearchResponse struct {
	// Results are the companies of this page. Never nil after decoding.
	Results []CompanySearchResult `json:"results"`
	// Pagination says which page this is and how many there are.
	Pagination Pagination `json:"pagination"`
}

// PersonSearchResponse is one page of person search results.
type PersonSearchResponse struct {
	// Results are the persons of this page. Never nil after decoding.
	Results []PersonSearchResult `json:"results"`
	// Pagination says which page this is and how many there are.
	Pagination Pagination `json:"pagination"`
}

// CompanySearchResult is one company found by a search. Country, Address
// and Purpose are nil when the service sends null (or, for Address and
// Purpose, leaves them out, as older service versions do).
type CompanySearchResult struct {
	// CompanyID is the company's identifier.
	CompanyID string `json:"company_id"`
	// Name is the current company name.
	Name string `json:"name"`
	// Country is the ISO 3166-1 alpha-2 code of the register ("DE").
	Country *string `json:"country"`
	// RegisterNumber is the number in the register.
	RegisterNumber string `json:"register_number"`
	// RegisterType is the register (HRB, HRA, ...).
	RegisterType enums.RegisterType `json:"register_type"`
	// RegisterCourt is the register court.
	RegisterCourt string `json:"register_court"`
	// Active reports whether the company's status is active.
	Active bool `json:"active"`
	// LegalForm is the legal form code.
	LegalForm enums.LegalForm `json:"legal_form"`
	// Address is the registered address.
	Address *SearchAddress `json:"address"`
	// Purpose is the current business purpose.
	Purpose *string `json:"purpose"`
}

// SearchAddress is the address of a company search result.
type SearchAddress struct {
	// City of the address.
	City string `json:"city"`
	// Country is the ISO 3166-1 alpha-2 code ("DE").
	Country string `json:"country"`
	// FormattedValue is the whole address on one line.
	FormattedValue string `json:"formatted_value"`
	// Street and house number; empty when not sent.
	Street string `json:"street,omitempty"`
	// PostalCode of the address; empty when not sent.
	PostalCode string `json:"postal_code,omitempty"`
	// Extra is an address addition (c/o, building); empty when not sent.
	Extra string `json:"extra,omitempty"`
}

// PersonSearchResult is one natural person found by a search.
type PersonSearchResult struct {
	// ID is the person's UUID.
	ID string `json:"id"`
	// Name is the full name.
	Name string `json:"name"`
	// City of residence; nil when unknown.
	City *string `json:"city"`
	// DateOfBirth is nil when the register records none; the service
	// always sends the key, null when unknown.
	DateOfBirth *Date `json:"date_of_birth"`
	// Active reports whether the person holds at least one current
	// position.
	Active bool `json:"active"`
}

func (r *CompanySearchResponse) listKey() (string, bool) { return "results", r.Results == nil }

func (r *PersonSearchResponse) listKey() (string, bool) { return "results", r.Results == nil }
