package registerdata

import (
	"context"
	"iter"
	"net/http"
	"net/url"

	"github.com/registerdata/registerdata-go/filters"
)

// GetInsolvency fetches one insolvency proceeding with its full event
// history (GET /v1/insolvency/{insolvency_id}). id is the ID of an
// InsolvencySummary of a company record or of an InsolvencySearchResult.
// It costs CostInsolvencyLookup credits. An id that cannot be a path
// segment is refused before sending; an unknown one fails with
// ErrNotFound.
func (c *Client) GetInsolvency(ctx context.Context, id string, opts ...CallOption) (*Insolvency, error) {
	if err := checkPathID("insolvency id", id); err != nil {
		return nil, err
	}
	var out Insolvency
	err := c.do(ctx, request{method: http.MethodGet, path: "/v1/insolvency/" + url.PathEscape(id), cost: CostInsolvencyLookup}, &out, opts)
	if err != nil {
		return nil, err
	}
	return &out, nil
}

// Validate reports what is wrong with r before it is sent, as an error
// wrapping ErrInvalidRequest, or nil: the filters must pass
// filters.Validate for an insolvency search (fields the SDK does not know
// pass unchecked), and page and per_page must not be negative.
func (r InsolvencySearchRequest) Validate() error {
	return checkSearch(filters.ScopeInsolvency, r.Filters, r.Pagination)
}

// SearchInsolvencies returns one page of the insolvency proceedings
// matching every part of req. It costs CostInsolvencySearch credits. A
// request that fails Validate is refused before sending. Results is never
// nil.
func (c *Client) SearchInsolvencies(ctx context.Context, req InsolvencySearchRequest, opts ...CallOption) (*InsolvencySearchResponse, error) {
	if err := req.Validate(); err != nil {
		return nil, err
	}
	var out InsolvencySearchResponse
	if err := c.do(ctx, request{method: http.MethodPost, path: "/v1/search/insolvency", body: req, cost: CostInsolvencySearch}, &out, opts); err != nil {
		return nil, err
	}
	nonNil(&out.Results)
	return &out, nil
}

// SearchInsolvenciesSeq walks the results of an insolvency search page by
// page, as SearchCompaniesSeq does; every page costs CostInsolvencySearch
// credits.
func (c *Client) SearchInsolvenciesSeq(ctx context.Context, req InsolvencySearchRequest, opts ...CallOption) iter.Seq2[InsolvencySearchResult, error] {
	return walkPages(ctx, req.Pagination, opts, func(ctx context.Context, p PageRequest) ([]InsolvencySearchResult, Pagination, error) {
		req.Pagination = p
		res, err := c.SearchInsolvencies(ctx, req, opts...)
		if err != nil {
			return nil, Pagination{}, err
		}
		return res.Results, res.Pagination, nil
	})
}
