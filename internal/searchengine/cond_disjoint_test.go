package searchengine

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// TestOneFilterCountsEachCompanyOnce: a filter naming several values, or
// one value twice, counts a company holding more than one of them once,
// and its pages list each company once, in result order.
func TestOneFilterCountsEachCompanyOnce(t *testing.T) {
	cs := generate(400)
	want := 0
	for i := range cs {
		cs[i].IndustryCodes.WZ2025 = []registerdata.IndustryCode{{Code: "62.01"}}
		if i%2 == 0 {
			cs[i].IndustryCodes.WZ2025 = append(cs[i].IndustryCodes.WZ2025, registerdata.IndustryCode{Code: "70.22"})
		}
		want++
	}
	e := New(fixedDay)
	e.LoadSource(Source{Len: len(cs), At: func(i int) *registerdata.Company { return &cs[i] }})

	search := func(f filters.Filter, page int) registerdata.CompanySearchResponse {
		res, err := e.SearchCompanies(registerdata.CompanySearchRequest{Filters: []filters.Filter{f},
			Pagination: registerdata.PageRequest{Page: page, PerPage: 10}})
		require.NoError(t, err)
		return res
	}
	codes := filters.Filter{Field: filters.IndustryCodes, Values: []string{"62.01", "70.22"}}
	res := search(codes, 1)
	assert.Equal(t, want, res.Pagination.TotalResults)
	var seen []string
	for page := 1; page <= res.Pagination.TotalPages; page++ {
		for _, r := range search(codes, page).Results {
			seen = append(seen, r.CompanyID)
		}
	}
	assert.Len(t, seen, want)
	slices.Sort(seen)
	assert.Len(t, slices.Compact(seen), want, "each company once")

	gmbh := 0
	for i := range cs {
		if cs[i].LegalForm == enums.LegalFormGmbH {
			gmbh++
		}
	}
	require.Positive(t, gmbh)
	twice := search(filters.Filter{Field: filters.LegalForm, Values: []string{"gmbh", "gmbh"}}, 1)
	assert.Equal(t, gmbh, twice.Pagination.TotalResults)
}

// TestOneFilterCountsEachPersonOnce: persons hold several roles; a filter
// naming two counts a person holding both once.
func TestOneFilterCountsEachPersonOnce(t *testing.T) {
	cs := generate(400)
	e := New(fixedDay)
	e.LoadSource(Source{Len: len(cs), At: func(i int) *registerdata.Company { return &cs[i] }})
	roles := map[string]map[string]bool{} // role -> persons
	for i := range cs {
		for k := range cs[i].Representation {
			r := &cs[i].Representation[k]
			if id := personIDOf(r); id != "" {
				if roles[string(r.Role)] == nil {
					roles[string(r.Role)] = map[string]bool{}
				}
				roles[string(r.Role)][id] = true
			}
		}
	}
	var names []string
	for role := range roles {
		names = append(names, role)
	}
	slices.Sort(names)
	require.GreaterOrEqual(t, len(names), 2)
	a, b := names[0], names[1]
	union, both := map[string]bool{}, 0
	for id := range roles[a] {
		union[id] = true
	}
	for id := range roles[b] {
		if union[id] {
			both++
		}
		union[id] = true
	}
	require.Positive(t, both, "some persons hold both roles")

	f := filters.Filter{Field: filters.Roles, Values: []string{a, b}}
	var seen []string
	total := -1
	for page := 1; page != 0; page++ {
		res, err := e.SearchPersons(registerdata.PersonSearchRequest{Filters: []filters.Filter{f},
			Pagination: registerdata.PageRequest{Page: page, PerPage: 100}})
		require.NoError(t, err)
		total = res.Pagination.TotalResults
		for _, r := range res.Results {
			seen = append(seen, r.ID)
		}
		if page >= res.Pagination.TotalPages {
			break
		}
	}
	assert.Equal(t, len(union), total)
	assert.Len(t, seen, len(union))
}
