package searchengine

import (
	"fmt"
	"slices"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/stretchr/testify/require"
)

// everyPerson returns every page of a person search, per_page 100.
func everyPerson(t *testing.T, e *Engine, req registerdata.PersonSearchRequest) []registerdata.PersonSearchResult {
	t.Helper()
	var out []registerdata.PersonSearchResult
	for page := 1; ; page++ {
		req.Pagination = registerdata.PageRequest{Page: page, PerPage: 100}
		res, err := e.SearchPersons(req)
		require.NoError(t, err)
		out = append(out, res.Results...)
		if page >= res.Pagination.TotalPages {
			return out
		}
	}
}

// TestUpdatesMatchARebuild changes, adds and removes companies one at a
// time, from a source and from Load, and compares every person and a
// few company searches with an engine built from the final register.
func TestUpdatesMatchARebuild(t *testing.T) {
	cs := generate(600)
	base := slices.Clone(cs)
	e := New(fixedDay)
	e.LoadSource(Source{Len: len(base), At: func(i int) *registerdata.Company { return &base[i] }})
	for i := 0; i < len(cs); i += 5 {
		before := cs[i]
		after := before
		after.Name.Name = fmt.Sprintf("Zeta %d", i)
		after.Representation = slices.Clone(before.Representation)
		if i%2 == 0 && len(after.Representation) > 1 {
			after.Representation = after.Representation[1:] // a person leaves
		}
		end := registerdata.NewDate(2024, 1, 1)
		after.Representation[0].EndDate = &end
		if i+1 < len(cs) { // someone of the next company joins
			after.Representation = append(after.Representation, cs[i+1].Representation[0])
			after.Representation[len(after.Representation)-1].Role = enums.RoleDirector
		}
		cs[i] = after
		e.Update(before, after)
	}
	e.Update(cs[3], registerdata.Company{}) // removed
	cs = slices.Delete(cs, 3, 4)
	added := generate(601)[600]
	added.ID = "DE-HRB-NEW-1"
	e.Update(registerdata.Company{}, added)
	cs = append(cs, added)

	fresh := New(fixedDay)
	fresh.Load(slices.Clone(cs))
	for _, req := range []registerdata.PersonSearchRequest{
		{},
		{Filters: []filters.Filter{{Field: filters.Active, Value: "true"}}},
		{Filters: []filters.Filter{{Field: filters.ManagementPositions, Min: "1"}}},
		{Filters: []filters.Filter{{Field: filters.CompanyCount, Min: "2"}}, Query: "m"},
	} {
		require.Equal(t, everyPerson(t, fresh, req), everyPerson(t, e, req), "%+v", req)
	}
	for _, req := range []registerdata.CompanySearchRequest{
		{},
		{Query: "zeta"},
		{Filters: []filters.Filter{{Field: filters.HasSoleOwner, Value: "true"}}},
	} {
		require.Equal(t, allPages(t, fresh, req, 100), allPages(t, e, req, 100), "%+v", req)
	}
}

// TestAdditionReplacingACompany: an addition whose id the engine holds
// replaces that company, persons included.
func TestAdditionReplacingACompany(t *testing.T) {
	cs := generate(50)
	e := New(fixedDay)
	e.Load(slices.Clone(cs))
	replacement := cs[10]
	replacement.ID = cs[0].ID
	e.Update(registerdata.Company{}, replacement)
	cs[0] = replacement
	fresh := New(fixedDay)
	fresh.Load(slices.Clone(cs))
	require.Equal(t, everyPerson(t, fresh, registerdata.PersonSearchRequest{}), everyPerson(t, e, registerdata.PersonSearchRequest{}))
	require.Equal(t, allPages(t, fresh, registerdata.CompanySearchRequest{}, 100), allPages(t, e, registerdata.CompanySearchRequest{}, 100))
}
