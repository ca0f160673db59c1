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
	page, perPage, err := pageOf(req.Pagination)
	if err != nil {
		return registerdata.CompanySearchResponse{}, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.refresh()
	conds, err := e.ct.conditions(filters.ScopeCompany, req.Query, req.Filters)
	if err != nil {
		return registerdata.CompanySearchResponse{}, err
	}
	if req.Location != nil {
		c, err := e.ct.locationCond(e.ct.byName[filters.City], req.Location)
		if err != nil {
			return registerdata.CompanySearchResponse{}, err
		}
		conds = append(conds, c)
	}
	res, p := e.ct.page(conds, page, perPage)
	return registerdata.CompanySearchResponse{Results: res, Pagination: p}, nil
}

// SearchPersons answers a person search: see the package documentation
// for the semantics. A *RequestError describes a request to refuse with
// 400.
func (e *Engine) SearchPersons(req registerdata.PersonSearchRequest) (registerdata.PersonSearchResponse, error) {
	page, perPage, err := pageOf(req.Pagination)
	if err != nil {
		return registerdata.PersonSearchResponse{}, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	e.refresh()
	conds, err := e.pt.conditions(filters.ScopePerson, req.Query, req.Filters)
	if err != nil {
		return registerdata.PersonSearchResponse{}, err
	}
	res, p := e.pt.page(conds, page, perPage)
	return registerdata.PersonSearchResponse{Results: res, Pagination: p}, nil
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
		out[i] = t.results[d]
	}
	return out, registerdata.Pagination{
		Page:         page,
		PerPage:      perPage,
		TotalPages:   (total + perPage - 1) / perPage,
		TotalResults: total,
	}
}
