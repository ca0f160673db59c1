package registerdata

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"
)

// maxAutocompleteQuery bounds the text of AutocompleteCompanies.
const maxAutocompleteQuery = 256

// autocompleteResponse is the answer of GET /v1/autocomplete/company.
type autocompleteResponse struct {
	Results []CompanySearchResult `json:"results"`
}

func (r *autocompleteResponse) listKey() (string, bool) { return "results", r.Results == nil }

// AutocompleteCompanies suggests companies whose names match the text
// typed so far, such as "nordl" for "Nordlicht Logistik GmbH": the same
// items as a company search, without pagination. It is billed at its
// route's price (see Prices: nothing in DefaultPrices, though the
// service lists 402 among its answers). Empty or blank text, or text longer than 256 bytes
// or not UTF-8, is refused before sending. The result is never nil.
func (c *Client) AutocompleteCompanies(ctx context.Context, query string, opts ...CallOption) ([]CompanySearchResult, error) {
	switch {
	case strings.TrimSpace(query) == "":
		return nil, fmt.Errorf("%w: the autocomplete text is empty: pass the start of a company name", ErrInvalidRequest)
	case len(query) > maxAutocompleteQuery:
		return nil, fmt.Errorf("%w: the autocomplete text is %d bytes long, the limit is %d", ErrInvalidRequest, len(query), maxAutocompleteQuery)
	case !utf8.ValidString(query):
		return nil, fmt.Errorf("%w: the autocomplete text is not valid UTF-8", ErrInvalidRequest)
	}
	q := url.Values{}
	q.Set("query", query)
	var r autocompleteResponse
	err := c.do(ctx, request{
		method:   http.MethodGet,
		endpoint: pathOf("/v1/autocomplete/company"),
		query:    q,
	}, &r, opts)
	if err != nil {
		return nil, err
	}
	nonNil(&r.Results)
	return r.Results, nil
}
