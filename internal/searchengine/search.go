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
	tiers, err := t.conditions(scope, query, fs, loc)
	if err != nil {
		return nil, registerdata.Pagination{}, err
	}
	res, p := t.page(tiers, page, perPage)
	return res, p, nil
}

// conditions compiles the filters, the query and the location of a
// search into its tiers: the conditions of the matches listed first, and
// with a query, when some document has a former name, those of the
// matches by a former name only (see formerNameConds), listed after.
func (t *table[R]) conditions(scope filters.Scope, query string, fs []filters.Filter, loc *registerdata.Location) ([][]*cond, error) {
	conds, err := t.compileFilters(scope, fs)
	if err != nil {
		return nil, err
	}
	words, err := queryWords(query)
	if err != nil {
		return nil, err
	}
	if loc != nil {
		c, err := t.locationCond(t.byName[filters.City], loc)
		if err != nil {
			return nil, err
		}
		conds = append(conds, c)
	}
	tiers := [][]*cond{append(slices.Clip(conds), t.nameConds(words)...)}
	if len(words) > 0 && len(t.formerWords) > 0 {
		tiers = append(tiers, append(slices.Clip(conds), t.formerNameConds(words)...))
	}
	return tiers, nil
}

// page runs the tiers of conditions and returns one page of results
// (never nil) with exact totals: the matches of each tier in result
// order, the tiers one after the other. No document matches two tiers.
func (t *table[R]) page(tiers [][]*cond, page, perPage int) ([]R, registerdata.Pagination) {
	skip := (page - 1) * perPage
	var docs []uint32
	total := 0
	for _, conds := range tiers {
		limit := perPage - len(docs)
		if limit == 0 {
			limit = 1 // the page is full: only the tier's count is wanted
		}
		got, n := t.run(conds, max(skip-total, 0), limit)
		if len(docs) < perPage {
			docs = append(slices.Clip(docs), got...) // got may be an index's own list: never appended to
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
