package registerdata

import (
	"context"
	"net/http"
	"net/url"
	"strings"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// call sends one request of the match: a paid one only when the match's
// credits left can pay for it. Every answer the client's cache may keep is
// marked cacheable, so a repeated match is served from the cache.
func (m *matcher) call(ctx context.Context, r request, out any) error {
	cost := m.c.priceOf(r, r.route())
	if cost > 0 && m.credits+cost > m.maxCredits {
		m.refused = true
		return errMatchRefused
	}
	r.cache = true
	var info ResponseInfo
	err := m.c.do(ctx, r, out, append(m.opts, WithResponseInfo(&info)))
	m.calls++
	if info.Cached {
		m.cached++
	}
	m.credits += info.Charged
	if cost > 0 {
		m.attempts += info.Attempts
	}
	if m.limit != nil && m.limit.Refused(err) { // a retry MaxCredits could not pay for
		m.refused = true
		return errMatchRefused
	}
	return err
}

// autocomplete asks the free autocomplete for text, a spelling of v,
// and adds what it suggests, each candidate marked with the spelling that
// found it; it reports how many suggestions came back, -1 for a text
// asked already. The answer may come from MatchOptions.Suggestions.
func (m *matcher) autocomplete(ctx context.Context, v *nameVariant, text string) (int, error) {
	text = strings.TrimSpace(text)
	if text == "" || len(text) > maxAutocompleteQuery || m.asked[strings.ToLower(text)] {
		return -1, nil
	}
	m.asked[strings.ToLower(text)] = true
	q := url.Values{}
	q.Set("query", text)
	var r autocompleteResponse
	if err := m.call(ctx, request{method: http.MethodGet, endpoint: pathOf("/v1/autocomplete/company"), query: q, shared: m.o.Suggestions}, &r); err != nil {
		return 0, err
	}
	for _, res := range r.Results {
		c := m.add(res)
		if c.foundBy == nil {
			c.foundBy = v
		}
		c.texts = append(c.texts, text)
	}
	return len(r.Results), nil
}

// search runs one page of a company search (per_page 100) and adds the
// results; it returns them.
func (m *matcher) search(ctx context.Context, query string, fs []filters.Filter) ([]CompanySearchResult, error) {
	req := CompanySearchRequest{Query: query, Filters: fs, Pagination: PageRequest{Page: 1, PerPage: 100}}
	if err := req.Validate(); err != nil {
		return nil, err
	}
	var out CompanySearchResponse
	if err := m.call(ctx, request{method: http.MethodPost, endpoint: pathOf("/v1/search/company"), body: req}, &out); err != nil {
		return nil, err
	}
	for _, res := range out.Results {
		m.add(res)
	}
	return out.Results, nil
}

// company reads a candidate's full record (its name history, status),
// cached by the client's cache.
func (m *matcher) company(ctx context.Context, id string) (*Company, error) {
	if err := checkPathID("company id", id); err != nil {
		return nil, err
	}
	var co Company
	err := m.call(ctx, request{method: http.MethodGet, endpoint: pathOf("/v1/company/{company_id}", id)}, &co)
	if err != nil {
		return nil, err
	}
	cand := m.add(companyAsResult(&co))
	cand.record = &co
	return &co, nil
}

// lookupWebsite asks which company a website belongs to.
func (m *matcher) lookupWebsite(ctx context.Context, site string) (string, error) {
	q := url.Values{}
	q.Set("url", site)
	var l URLLookup
	if err := m.call(ctx, request{method: http.MethodGet, endpoint: pathOf("/v0/search/lookup"), query: q}, &l); err != nil {
		return "", err
	}
	return l.CompanyID, nil
}

// companyAsResult is a company record as a search result item.
func companyAsResult(co *Company) CompanySearchResult {
	r := CompanySearchResult{
		CompanyID: co.ID, Name: co.Name.Name, RegisterNumber: co.Register.RegisterNumber,
		RegisterType: co.Register.RegisterType, RegisterCourt: co.Register.RegisterCourt,
		Active: co.Status == enums.CompanyStatusActive, LegalForm: co.LegalForm,
		Address: &SearchAddress{City: co.Address.City, Country: co.Address.Country, Street: co.Address.Street, PostalCode: co.Address.PostalCode},
	}
	if co.Purpose != nil {
		p := co.Purpose.Purpose
		r.Purpose = &p
	}
	return r
}
