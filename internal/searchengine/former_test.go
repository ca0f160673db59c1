package searchengine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// renamed returns a company called current that was called each of
// former before, with Names holding the whole history as the service
// sends it (the current name last).
func renamed(id, current string, former ...string) registerdata.Company {
	c := registerdata.Company{ID: id, Name: registerdata.CompanyName{Name: current}, Status: enums.CompanyStatusActive}
	for _, n := range former {
		c.Names = append(c.Names, registerdata.CompanyName{Name: n})
	}
	c.Names = append(c.Names, c.Name)
	return c
}

// queryIDs runs a company query with filters fs and returns the ids of
// page page of perPage results, and the total.
func queryIDs(t *testing.T, e *Engine, q string, page, perPage int, fs ...filters.Filter) ([]string, int) {
	t.Helper()
	res, err := e.SearchCompanies(registerdata.CompanySearchRequest{Query: q, Filters: fs, Pagination: registerdata.PageRequest{Page: page, PerPage: perPage}})
	require.NoError(t, err)
	ids := []string{}
	for _, r := range res.Results {
		ids = append(ids, r.CompanyID)
	}
	return ids, res.Pagination.TotalResults
}

// TestQuerySearchesFormerNames: the service's query searches company
// names and previous names (https://docs.openregister.de/filtering). A
// renamed company is found by its former name, after the companies whose
// current name matches, although its name sorts first; every word must
// be in one name.
func TestQuerySearchesFormerNames(t *testing.T) {
	aaron := renamed("DE-HRB-T1-1", "Aaron Technik GmbH", "Zeta Bau GmbH", "Zeta Bau UG (haftungsbeschränkt)")
	werk := renamed("DE-HRB-T1-2", "Zeta Werk GmbH")
	both := renamed("DE-HRB-T1-3", "Zeta Bau AG", "Zeta Bau GmbH") // current and former both match: listed once, as a current-name hit
	e := New(fixedDay)
	e.Load([]registerdata.Company{aaron, werk, both})

	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"zeta", []string{both.ID, werk.ID, aaron.ID}},
		{"zeta bau", []string{both.ID, aaron.ID}},
		{"haftungsbe", []string{aaron.ID}},
		{"aaron", []string{aaron.ID}},
		{"aaron bau", []string{}},       // words of the current and a former name
		{"bau ug gmbh", []string{}},     // words of two former names
		{"technik", []string{aaron.ID}}, // the current name, as always
		{"zeta technik", []string{}},    // neither name has both
		{"AARON technik", []string{aaron.ID}},
	} {
		got, total := queryIDs(t, e, tc.query, 1, 10)
		assert.Equal(t, tc.want, got, "query %q", tc.query)
		assert.Equal(t, len(tc.want), total, "query %q", tc.query)
	}

	// Pages run on from the current-name matches into the former-name ones.
	for page, want := range [][]string{{both.ID, werk.ID}, {aaron.ID}, {}} {
		got, total := queryIDs(t, e, "zeta", page+1, 2)
		assert.Equal(t, want, got, "page %d", page+1)
		assert.Equal(t, 3, total)
	}
	got, total := queryIDs(t, e, "zeta", 2, 1)
	assert.Equal(t, []string{werk.ID}, got)
	assert.Equal(t, 3, total)

	// Filters apply to former-name matches too.
	inactive := filters.Filter{Field: filters.Status, Value: "inactive"}
	got, total = queryIDs(t, e, "zeta", 1, 10, inactive)
	assert.Empty(t, got)
	assert.Zero(t, total)
}

// TestFormerNamesFollowUpdates renames a company, renames it back and
// removes it: the former names the index holds follow each change.
func TestFormerNamesFollowUpdates(t *testing.T) {
	before := renamed("DE-HRB-T1-1", "Alpha GmbH")
	other := renamed("DE-HRB-T1-2", "Omega GmbH", "Früher Alpha GmbH")
	e := New(fixedDay)
	e.Load([]registerdata.Company{before, other})
	got, _ := queryIDs(t, e, "alpha", 1, 10)
	require.Equal(t, []string{before.ID, other.ID}, got)

	after := renamed(before.ID, "Beta GmbH", "Alpha GmbH")
	e.Update(before, after)
	got, _ = queryIDs(t, e, "beta", 1, 10)
	assert.Equal(t, []string{after.ID}, got)
	got, _ = queryIDs(t, e, "alpha", 1, 10)
	assert.Equal(t, []string{after.ID, other.ID}, got, "both by a former name now, in name order")

	back := renamed(before.ID, "Gamma GmbH")
	e.Update(after, back)
	got, _ = queryIDs(t, e, "alpha", 1, 10)
	assert.Equal(t, []string{other.ID}, got, "a former name the record no longer holds is forgotten")

	e.Update(other, registerdata.Company{})
	got, total := queryIDs(t, e, "früher", 1, 10)
	assert.Empty(t, got)
	assert.Zero(t, total)
	assert.Empty(t, e.ct.formerWords, "a removed company leaves no former name behind")
	assert.Empty(t, e.ct.former.keys)
}

// TestPersonQueryHasNoFormerNames: persons have no former names; their
// query reads the name alone.
func TestPersonQueryHasNoFormerNames(t *testing.T) {
	c := renamed("DE-HRB-T1-1", "Dana Director GmbH", "Ole Owner GmbH")
	c.Representation = owned().Representation
	e := New(fixedDay)
	e.Load([]registerdata.Company{c})
	res, err := e.SearchPersons(registerdata.PersonSearchRequest{Query: "ole"})
	require.NoError(t, err)
	require.Len(t, res.Results, 1)
	assert.Equal(t, "Ole Owner", res.Results[0].Name)
	assert.Empty(t, e.pt.formerWords)
}

// BenchmarkCompanyQueryFormerNames runs name queries on 100,000
// companies, every tenth renamed ("Alt " and its current name before):
// "muster" is found by current names (the former-name tier matches none
// of its candidates), "alt muster" by former names only.
func BenchmarkCompanyQueryFormerNames(b *testing.B) {
	cs := generate(100_000)
	for i := range cs {
		if i%10 == 0 {
			cs[i].Names = []registerdata.CompanyName{{Name: "Alt " + cs[i].Name.Name}, cs[i].Name}
		}
	}
	e := New(fixedDay)
	e.Load(cs)
	for _, q := range []string{"muster", "alt muster"} {
		b.Run(q, func(b *testing.B) {
			b.ReportAllocs()
			req := registerdata.CompanySearchRequest{Query: q, Pagination: registerdata.PageRequest{Page: 1, PerPage: 20}}
			for b.Loop() {
				res, err := e.SearchCompanies(req)
				if err != nil || len(res.Results) != 20 {
					b.Fatalf("got %d results, %v", len(res.Results), err)
				}
			}
		})
	}
}

// TestFormerNameQueriesMatchAReference compares name queries on random
// renamed companies, loaded at once and then changed one by one, with a
// plain reading of the rule: the companies whose current name has every
// query word as a word prefix, by name, then those whose current name has
// not but one former name has, by name.
func TestFormerNameQueriesMatchAReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	vocab := []string{"alpha", "alpen", "bau", "bauer", "nord", "nordlicht", "solar", "gmbh", "ug", "kg", "zeta"}
	name := func() string {
		ws := make([]string, 1+r.IntN(3))
		for i := range ws {
			ws[i] = vocab[r.IntN(len(vocab))]
		}
		return strings.Join(ws, " ")
	}
	company := func(i int) registerdata.Company {
		var former []string
		for range r.IntN(3) {
			former = append(former, name())
		}
		return renamed(fmt.Sprintf("DE-HRB-T1-%d", i), name(), former...)
	}
	cs := make([]registerdata.Company, 300)
	for i := range cs {
		cs[i] = company(i)
	}
	byID := map[string]registerdata.Company{}
	for _, c := range cs {
		byID[c.ID] = c
	}
	e := New(fixedDay)
	e.Load(slices.Clone(cs))

	has := func(n string, ws []string) bool {
		toks := tokens(nil, n)
		for _, w := range ws {
			if !slices.ContainsFunc(toks, func(tok string) bool { return strings.HasPrefix(tok, w) }) {
				return false
			}
		}
		return true
	}
	reference := func(q string) []string {
		ws := tokens(nil, q)
		var current, former []registerdata.Company
		for _, c := range byID {
			switch {
			case has(c.Name.Name, ws):
				current = append(current, c)
			case slices.ContainsFunc(c.Names, func(n registerdata.CompanyName) bool { return has(n.Name, ws) }):
				former = append(former, c)
			}
		}
		ids := []string{}
		for _, group := range [][]registerdata.Company{current, former} {
			slices.SortFunc(group, func(a, b registerdata.Company) int {
				return strings.Compare(a.Name.Name+"\x00"+a.ID, b.Name.Name+"\x00"+b.ID)
			})
			for _, c := range group {
				ids = append(ids, c.ID)
			}
		}
		return ids
	}
	check := func(round string) {
		t.Helper()
		for range 60 {
			prefix := func() string { w := vocab[r.IntN(len(vocab))]; return w[:1+r.IntN(len(w))] }
			q := prefix()
			if r.IntN(2) == 0 {
				q += " " + prefix()
			}
			want := reference(q)
			var got []string
			for page := 1; ; page++ {
				ids, total := queryIDs(t, e, q, page, 7)
				require.Equal(t, len(want), total, "%s: query %q", round, q)
				if len(ids) == 0 {
					break
				}
				got = append(got, ids...)
			}
			if len(want) == 0 {
				want = nil
			}
			require.Equal(t, want, got, "%s: query %q", round, q)
		}
	}
	check("loaded")
	for range 100 {
		i := r.IntN(len(cs))
		before := byID[cs[i].ID]
		after := company(i)
		e.Update(before, after)
		byID[after.ID] = after
	}
	check("updated")
}
