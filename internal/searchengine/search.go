package searchengine

import (
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
	conds, err := t.conditions(scope, query, fs)
	if err != nil {
		return nil, registerdata.Pagination{}, err
	}
	if loc != nil {
		c, err := t.locationCond(t.byName[filters.City], loc)
		if err != nil {
			return nil, registerdata.Pagination{}, err
		}
		conds = append(conds, c)
	}
	res, p := t.page(conds, page, perPage)
	return res, p, nil
}

// conditions compiles the query and the filters of a search.
func (t *table[R]) conditions(scope filters.Scope, query string, fs []filters.Filter) ([]*cond, error) {
	conds, err := t.compileFilters(scope, fs)
	if err != nil {
		return nil, err
	}
	qc, err := t.queryConds(query)
	if err != nil {
		return nil, err
	}
	return append(conds, qc...), nil
}

// page runs the conditions and returns one page of results (never nil)
// with exact totals.
func (t *table[R]) page(conds []*cond, page, perPage int) ([]R, registerdata.Pagination) {
	docs, total := t.run(conds, (page-1)*perPage, perPage)
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
