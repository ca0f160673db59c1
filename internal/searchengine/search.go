package searchengine

import (
	"slices"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// Pagination bounds.
const (
	DefaultPerPage = 10
	MaxPerPage     = 100
	MaxPage        = 1_000_000
)

// pageOf checks p and applies the defaults.
func pageOf(p registerdata.PageRequest) (page, perPage int, err error) {
	page, perPage = p.Page, p.PerPage
	if page == 0 {
		page = 1
	}
	if perPage == 0 {
		perPage = DefaultPerPage
	}
	if page < 1 || page > MaxPage {
		return 0, 0, badRequest("pagination.page %d is out of range; pages count from 1 (at most %d)", p.Page, MaxPage)
	}
	if perPage < 1 || perPage > MaxPerPage {
		return 0, 0, badRequest("pagination.per_page %d is out of range; use 1 to %d", p.PerPage, MaxPerPage)
	}
	return page, perPage, nil
}

// SearchCompanies answers a company search: see the package
// documentation for the semantics. A *RequestError describes a request
// to refuse with 400.
func (e *Engine) SearchCompanies(req registerdata.CompanySearchRequest) (registerdata.CompanySearchResponse, error) {
	res, p, err := search(e, func() *table[registerdata.CompanySearchResult] { return e.ct },
		filters.ScopeCompany, req.Query, req.Filters, req.Location, req.Pagination)
	return registerdata.CompanySearchResponse{Results: res, Pagination: p}, err
}

// SearchPersons answers a person search: see the package documentation
// for the semantics. A *RequestError describes a request to refuse with
// 400.
func (e *Engine) SearchPersons(req registerdata.PersonSearchRequest) (registerdata.PersonSearchResponse, error) {
	res, p, err := search(e, func() *table[registerdata.PersonSearchResult] { return e.pt },
		filters.ScopePerson, req.Query, req.Filters, nil, req.Pagination)
	return registerdata.PersonSearchResponse{Results: res, Pagination: p}, err
}

// search runs one search on the table tableOf returns once the engine is
// current for today.
func search[R any](e *Engine, tableOf func() *table[R], scope filters.Scope, query string, fs []filters.Filter,
	loc *registerdata.Location, pr registerdata.PageRequest) ([]R, registerdata.Pagination, error) {
	page, perPage, err := pageOf(pr)
	if err != nil {
		return nil, registerdata.Pagination{}, err
	}
	e.readCurrent()
	defer e.mu.RUnlock()
	t := tableOf()
	first, second, err := t.conditions(scope, query, fs, loc)
	if err != nil {
		return nil, registerdata.Pagination{}, err
	}
	res, p := t.page(first, second, page, perPage)
	return res, p, nil
}

// conditions compiles the filters, the query and the location of a
// search into the conditions of its two tiers: first those of the
// matches listed first, and second, with a query when some document has
// a former name, those of the matches by a former name only (see
// formerNameConds), listed after; else second is nil.
func (t *table[R]) conditions(scope filters.Scope, query string, fs []filters.Filter, loc *registerdata.Location) (first, second []*cond, err error) {
	conds, err := t.compileFilters(scope, fs)
	if err != nil {
		return nil, nil, err
	}
	words, err := queryWords(query)
	if err != nil {
		return nil, nil, err
	}
	if loc != nil {
		c, err := t.locationCond(t.byName[filters.City], loc)
		if err != nil {
			return nil, nil, err
		}
		conds = append(conds, c)
	}
	if len(words) > 0 && len(t.formerWords) > 0 {
		second = append(slices.Clip(conds), t.formerNameConds(words)...)
	}
	return append(conds, t.nameConds(words)...), second, nil
}

// page runs the conditions of both tiers (second may be nil) and returns
// one page of results (never nil) with exact totals: the matches of each
// tier in result order, first's before second's. No document matches
// both.
func (t *table[R]) page(first, second []*cond, page, perPage int) ([]R, registerdata.Pagination) {
	skip := (page - 1) * perPage
	docs, total := t.run(first, skip, perPage)
	if second != nil {
		limit := perPage - len(docs)
		if limit == 0 {
			limit = 1 // the page is full: only the tier's count is wanted
		}
		more, n := t.run(second, max(skip-total, 0), limit)
		if len(docs) < perPage {
			docs = append(slices.Clip(docs), more...) // docs may be an index's own list: never appended to
		}
		total += n
	}
	out := make([]R, len(docs))
	for i, d := range docs {
		out[i] = t.results.get(d, t.result)
	}
	return out, registerdata.Pagination{
		Page:         page,
		PerPage:      perPage,
		TotalPages:   (total + perPage - 1) / perPage,
		TotalResults: total,
	}
}
