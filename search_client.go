package registerdata

import (
	"context"
	"fmt"
	"iter"
	"math"
	"net/http"

	"github.com/registerdata/registerdata-go/filters"
)

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
// of req (query, filters, location). It costs CostCompanySearch credits.
// A request that fails Validate is refused before sending, so it costs
// nothing. Results is never nil.
func (c *Client) SearchCompanies(ctx context.Context, req CompanySearchRequest, opts ...CallOption) (*CompanySearchResponse, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	var out CompanySearchResponse
	if err := c.do(ctx, request{method: http.MethodPost, path: "/v1/search/company", body: req, cost: CostCompanySearch}, &out, opts); err != nil {
		return nil, err
	}
	nonNil(&out.Results)
	return &out, nil
}

// SearchPersons returns one page of the natural persons matching every
// part of req. It costs CostPersonSearch credits. A request that fails
// Validate is refused before sending. Results is never nil.
func (c *Client) SearchPersons(ctx context.Context, req PersonSearchRequest, opts ...CallOption) (*PersonSearchResponse, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	var out PersonSearchResponse
	if err := c.do(ctx, request{method: http.MethodPost, path: "/v1/search/person", body: req, cost: CostPersonSearch}, &out, opts); err != nil {
		return nil, err
	}
	nonNil(&out.Results)
	return &out, nil
}

// SearchCompaniesSeq walks the results of a company search page by page,
// from req.Pagination.Page (default 1) with req.Pagination.PerPage per
// page, fetching each page when the loop reaches it; every page costs
// CostCompanySearch credits.
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
// SearchCompaniesSeq does; every page costs CostPersonSearch credits.
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
