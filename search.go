package registerdata

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"math"
	"net/http"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// CompanySearchRequest is the body of a company search. Every part is
// optional; the parts combine with AND.
type CompanySearchRequest struct {
	Query      string           // free text matched against the company's names and previous names, as the service documents it; sent as {"query": {"value": Query}}
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
	// service's default. The service publishes no bounds for its v1
	// searches (its legacy v0 company search documented pages of up to
	// 100), so the SDK sends any positive value as given and refuses
	// only a negative one; the fake takes 1 to 100 and defaults to 10,
	// and answers 400 to more.
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

// Validate reports what is wrong with r before it is sent, as an error
// wrapping ErrInvalidRequest, or nil: the filters must pass
// filters.Validate for a company search (fields the SDK does not know
// pass unchecked), the location must be a finite point with a radius
// that is zero (left out: the service's default) or positive, and page
// and per_page must not be negative.
func (r CompanySearchRequest) Validate() error {
	if err := checkSearch(filters.ScopeCompany, r.Filters, r.Pagination); err != nil {
		return err
	}
	if l := r.Location; l != nil {
		if !finite(l.Latitude) || !finite(l.Longitude) || l.Latitude < -90 || l.Latitude > 90 || l.Longitude < -180 || l.Longitude > 180 {
			return fmt.Errorf("%w: location (%v, %v) is not a point: latitude must be within [-90, 90] and longitude within [-180, 180] degrees",
				ErrInvalidRequest, l.Latitude, l.Longitude)
		}
		if !finite(l.Radius) || l.Radius < 0 {
			return fmt.Errorf("%w: location radius %v: want a positive number of kilometres, or zero for the service's default", ErrInvalidRequest, l.Radius)
		}
	}
	return nil
}

// Validate reports what is wrong with r before it is sent, as an error
// wrapping ErrInvalidRequest, or nil: the filters must pass
// filters.Validate for a person search, and page and per_page must not be
// negative.
func (r PersonSearchRequest) Validate() error {
	return checkSearch(filters.ScopePerson, r.Filters, r.Pagination)
}

func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

func checkSearch(scope filters.Scope, fs []filters.Filter, p PageRequest) error {
	if err := filters.Validate(scope, fs); err != nil {
		return fmt.Errorf("%w: %w", ErrInvalidRequest, err)
	}
	if p.Page < 0 || p.PerPage < 0 {
		return fmt.Errorf("%w: pagination page %d, per_page %d: pages count from 1 and per_page must be positive (0 leaves either to the service)",
			ErrInvalidRequest, p.Page, p.PerPage)
	}
	return nil
}

// SearchCompanies returns one page of the companies matching every part
// of req (query, filters, location). It is billed at its route's price (see Prices).
// A request that fails Validate is refused before sending, so it costs
// nothing. Results is never nil.
func (c *Client) SearchCompanies(ctx context.Context, req CompanySearchRequest, opts ...CallOption) (*CompanySearchResponse, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	var out CompanySearchResponse
	if err := c.do(ctx, request{method: http.MethodPost, endpoint: pathOf("/v1/search/company"), body: req}, &out, opts); err != nil {
		return nil, err
	}
	nonNil(&out.Results)
	return &out, nil
}

// SearchPersons returns one page of the natural persons matching every
// part of req. It is billed at its route's price (see Prices). A request that fails
// Validate is refused before sending. Results is never nil.
func (c *Client) SearchPersons(ctx context.Context, req PersonSearchRequest, opts ...CallOption) (*PersonSearchResponse, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	var out PersonSearchResponse
	if err := c.do(ctx, request{method: http.MethodPost, endpoint: pathOf("/v1/search/person"), body: req}, &out, opts); err != nil {
		return nil, err
	}
	nonNil(&out.Results)
	return &out, nil
}

// SearchCompaniesSeq walks the results of a company search page by page,
// from req.Pagination.Page (default 1) with req.Pagination.PerPage per
// page, fetching each page when the loop reaches it; every page is
// billed at the route's price (see Prices).
//
// Breaking out of the loop sends no further request. A failure is yielded
// once, with a zero result, and ends the walk: an error wrapping
// ErrBudgetExceeded when the client's credit budget (WithCreditBudget)
// cannot pay for the next page, ErrInvalidRequest when req fails
// Validate. MaxPages bounds the walk.
//
//	for co, err := range c.SearchCompaniesSeq(ctx, req, registerdata.MaxPages(5)) {
//		if err != nil {
//			return err
//		}
//		fmt.Println(co.Name)
//	}
func (c *Client) SearchCompaniesSeq(ctx context.Context, req CompanySearchRequest, opts ...CallOption) iter.Seq2[CompanySearchResult, error] {
	return walkPages(ctx, req.Pagination, opts, func(ctx context.Context, p PageRequest) ([]CompanySearchResult, Pagination, error) {
		req.Pagination = p
		res, err := c.SearchCompanies(ctx, req, opts...)
		if err != nil {
			return nil, Pagination{}, err
		}
		return res.Results, res.Pagination, nil
	})
}

// SearchPersonsSeq walks the results of a person search page by page, as
// SearchCompaniesSeq does; every page is billed at the route's price (see Prices).
func (c *Client) SearchPersonsSeq(ctx context.Context, req PersonSearchRequest, opts ...CallOption) iter.Seq2[PersonSearchResult, error] {
	return walkPages(ctx, req.Pagination, opts, func(ctx context.Context, p PageRequest) ([]PersonSearchResult, Pagination, error) {
		req.Pagination = p
		res, err := c.SearchPersons(ctx, req, opts...)
		if err != nil {
			return nil, Pagination{}, err
		}
		return res.Results, res.Pagination, nil
	})
}

// walkPages yields the results of fetch page after page, starting at
// start.Page (1 when zero), until the last page, an empty page, the page
// bound, an error (yielded once) or the caller's break.
func walkPages[T any](ctx context.Context, start PageRequest, opts []CallOption, fetch func(context.Context, PageRequest) ([]T, Pagination, error)) iter.Seq2[T, error] {
	cfg := newCallConfig(opts)
	return func(yield func(T, error) bool) {
		var zero T
		if cfg.err != nil {
			yield(zero, cfg.err)
			return
		}
		p := start
		if p.Page == 0 {
			p.Page = 1
		}
		for fetched := 0; cfg.maxPages == 0 || fetched < cfg.maxPages; fetched++ {
			if ctx != nil && ctx.Err() != nil {
				yield(zero, ctx.Err())
				return
			}
			results, page, err := fetch(ctx, p)
			if err != nil {
				yield(zero, err)
				return
			}
			for _, r := range results {
				if !yield(r, nil) {
					return
				}
			}
			if len(results) == 0 || p.Page >= page.TotalPages {
				return
			}
			p.Page++
		}
	}
}
