package fake

import (
	"fmt"
	"net/http"
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/registerdata/registerdata-go/internal/searchengine"
)

// The insolvency search scans the proceedings (they are few) rather than
// using the company index. Semantics:
//
//   - query: every word (case-insensitive) occurs in the debtor name, case
//     number, administrator name or court;
//   - enum fields (debtor_kind, current_status, proceeding_kind,
//     administration_kind): "value" equal, "values" any equal;
//   - has_open_insolvency: the status is open (enums.InsolvencyStatus.IsOpen);
//   - date fields: "value" equal, "min"/"max" inclusive; a missing date
//     matches nothing;
//   - text fields (debtor_legal_form, court, city, insolvency_grounds,
//     company_id, person_id): "value" equal ignoring case, "values" any of
//     them, "keywords" each a substring ignoring case; for
//     insolvency_grounds, of any one ground;
//   - results are ordered by last event, newest first, then id; pages as
//     in the company search (per_page 10 by default, at most 100).

// handleSearchInsolvency serves POST /v1/search/insolvency.
func (s *Server) handleSearchInsolvency(w http.ResponseWriter, r *http.Request) {
	body, ok := readSearch(w, r)
	if !ok {
		return
	}
	if body.Location != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, "an insolvency search takes no location: remove it")
		return
	}
	res, err := s.searchInsolvencies(body.query(), body.Filters, body.Pagination)
	if err != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
		return
	}
	if s.charge(w, apiKey(r), s.price("POST /v1/search/insolvency")) {
		writeJSON(w, http.StatusOK, res)
	}
}

// searchInsolvencies answers a search, or explains why the request is
// refused.
func (s *Server) searchInsolvencies(query string, fs []filters.Filter, pr registerdata.PageRequest) (*registerdata.InsolvencySearchResponse, error) {
	if err := checkInsolvencyFilters(fs); err != nil {
		return nil, err
	}
	page, perPage := pr.Page, pr.PerPage
	if page == 0 {
		page = 1
	}
	if perPage == 0 {
		perPage = searchengine.DefaultPerPage
	}
	if page < 1 || page > searchengine.MaxPage {
		return nil, fmt.Errorf("pagination.page %d is out of range; pages count from 1 (at most %d)", pr.Page, searchengine.MaxPage)
	}
	if perPage < 1 || perPage > searchengine.MaxPerPage {
		return nil, fmt.Errorf("pagination.per_page %d is out of range; use 1 to %d", pr.PerPage, searchengine.MaxPerPage)
	}
	words := strings.Fields(strings.ToLower(query))
	var hits []proceeding
	for _, id := range s.InsolvencyIDs() {
		p, ok := s.proceeding(id)
		if ok && matchesQuery(p, words) && proceedingMatches(p, fs) {
			hits = append(hits, p)
		}
	}
	slices.SortFunc(hits, func(a, b proceeding) int {
		if c := compareDatePtr(b.LastEventAt, a.LastEventAt); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	out := &registerdata.InsolvencySearchResponse{Results: []registerdata.InsolvencySearchResult{}, Pagination: registerdata.Pagination{
		Page: page, PerPage: perPage, TotalResults: len(hits), TotalPages: (len(hits) + perPage - 1) / perPage,
	}}
	if from := (page - 1) * perPage; from < len(hits) {
		for _, p := range hits[from:min(from+perPage, len(hits))] {
			out.Results = append(out.Results, p.result())
		}
	}
	return out, nil
}

// checkInsolvencyFilters applies filters.Validate and refuses fields the
// insolvency search does not know.
func checkInsolvencyFilters(fs []filters.Filter) error {
	if err := filters.Validate(filters.ScopeInsolvency, fs); err != nil {
		return err
	}
	for i, f := range fs {
		if !slices.ContainsFunc(filters.Fields(filters.ScopeInsolvency), func(fi filters.FieldInfo) bool { return fi.Name == f.Field }) {
			names := make([]string, 0, 15)
			for _, fi := range filters.Fields(filters.ScopeInsolvency) {
				names = append(names, string(fi.Name))
			}
			return &filters.FilterError{Index: i, Field: f.Field,
				Problem: "unknown field; this search knows " + strings.Join(names, ", ")}
		}
	}
	return nil
}

func compareDatePtr(a, b *registerdata.Date) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return -1
	case b == nil:
		return 1
	}
	return a.Compare(*b)
}

// result is p as an insolvency search lists it.
func (p proceeding) result() registerdata.InsolvencySearchResult {
	return registerdata.InsolvencySearchResult{
		ID: p.ID, CaseNumber: p.CaseNumber, Court: p.Court, DebtorName: p.DebtorName, CurrentStatus: p.CurrentStatus,
		HasOpenInsolvency: p.Open(), AdministrationKind: p.AdministrationKind, AdministratorName: p.AdministratorName,
		City: p.city, ClosedAt: p.ClosedAt, CompanyID: p.CompanyID, DebtorKind: p.DebtorKind, DebtorLegalForm: p.DebtorLegalForm,
		InsolvencyGrounds: slices.Clone(p.InsolvencyGrounds), LastEventAt: p.LastEventAt, OpenedAt: p.OpenedAt,
		PersonID: p.personID, ProceedingKind: p.ProceedingKind,
	}
}

func matchesQuery(p proceeding, words []string) bool {
	if len(words) == 0 {
		return true
	}
	hay := strings.ToLower(strings.Join([]string{p.DebtorName, p.CaseNumber, deref(p.AdministratorName), p.Court}, "\x00"))
	for _, w := range words {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}

// proceedingMatches reports whether p satisfies every filter of fs.
func proceedingMatches(p proceeding, fs []filters.Filter) bool {
	for _, f := range fs {
		if !matchesFilter(p, f) {
			return false
		}
	}
	return true
}

// matchesFilter applies one (validated) filter to p.
func matchesFilter(p proceeding, f filters.Filter) bool {
	str := func(v *string) []string {
		if v == nil {
			return nil
		}
		return []string{*v}
	}
	switch f.Field {
	case filters.DebtorKind:
		return matchEnum(str((*string)(p.DebtorKind)), f)
	case filters.CurrentStatus:
		return matchEnum([]string{string(p.CurrentStatus)}, f)
	case filters.ProceedingKind:
		return matchEnum(str((*string)(p.ProceedingKind)), f)
	case filters.AdministrationKind:
		return matchEnum(str((*string)(p.AdministrationKind)), f)
	case filters.HasOpenInsolvency:
		return f.Value == fmt.Sprint(p.Open())
	case filters.OpenedAt:
		return matchDate(p.OpenedAt, f)
	case filters.ClosedAt:
		return matchDate(p.ClosedAt, f)
	case filters.LastEventAt:
		return matchDate(p.LastEventAt, f)
	case filters.ClaimsFilingDeadline:
		return matchDate(p.ClaimsFilingDeadline, f)
	case filters.DebtorLegalForm:
		return matchText(str(p.DebtorLegalForm), f)
	case filters.Court:
		return matchText([]string{p.Court}, f)
	case filters.City:
		return matchText(str(p.city), f)
	case filters.InsolvencyGrounds:
		return matchText(p.InsolvencyGrounds, f)
	case filters.CompanyID:
		return matchText(str(p.CompanyID), f)
	case filters.PersonID:
		return matchText(str(p.personID), f)
	}
	return false
}

// matchEnum: value equal, values any equal; no value matches nothing.
func matchEnum(have []string, f filters.Filter) bool {
	for _, h := range have {
		if (f.Value != "" && h == f.Value) || slices.Contains(f.Values, h) {
			return true
		}
	}
	return false
}

// matchText: any of have equals value or one of values ignoring case, or
// contains every keyword ignoring case.
func matchText(have []string, f filters.Filter) bool {
	for _, h := range have {
		switch {
		case f.Value != "":
			if strings.EqualFold(h, f.Value) {
				return true
			}
		case f.Values != nil:
			if slices.ContainsFunc(f.Values, func(v string) bool { return strings.EqualFold(h, v) }) {
				return true
			}
		case f.Keywords != nil:
			lh := strings.ToLower(h)
			if !slices.ContainsFunc(f.Keywords, func(k string) bool { return !strings.Contains(lh, strings.ToLower(k)) }) {
				return true
			}
		}
	}
	return false
}

// matchDate: value equal, min and max inclusive; no date matches nothing.
func matchDate(d *registerdata.Date, f filters.Filter) bool {
	if d == nil {
		return false
	}
	s := d.String() // YYYY-MM-DD compares as text
	return (f.Value == "" || s == f.Value) && (f.Min == "" || s >= f.Min) && (f.Max == "" || s <= f.Max)
}
