package registerdata

import (
	"context"
	"net/http"
	"net/url"
)

// GetCompanyParams are the optional query parameters of GetCompany.
type GetCompanyParams struct {
	// Realtime fetches the record live from the official register: slower,
	// and 10 credits more (20 in all).
	Realtime bool
	// Export returns the record without sources.
	Export bool
}

// GetCompany fetches one company record by its identifier, such as
// "DE-HRB-F1103-267645". params may be nil. It costs 10 credits, 20 with
// Realtime. An identifier that cannot be a path segment (empty, holding
// '/', '?', '#', '%' or white space) is refused before sending; an
// unknown one fails with ErrNotFound.
//
// With WithCache, a record found in the cache costs nothing and sends
// nothing; Realtime bypasses the cache and refreshes it. The cache key is
// the path and query, so Export and plain records are cached apart.
func (c *Client) GetCompany(ctx context.Context, id string, params *GetCompanyParams, opts ...CallOption) (*Company, error) {
	if err := checkCompanyID(id); err != nil {
		return nil, err
	}
	var p GetCompanyParams
	if params != nil {
		p = *params
	}
	q := url.Values{}
	if p.Realtime {
		q.Set("realtime", "true")
	}
	if p.Export {
		q.Set("export", "true")
	}
	var co Company
	err := c.do(ctx, request{
		method: http.MethodGet,
		path:   "/v1/company/" + url.PathEscape(id),
		query:  q,
		cost:   CompanyLookupCost(p.Realtime),
		cache:  true,
	}, &co, opts)
	if err != nil {
		return nil, err
	}
	return &co, nil
}
