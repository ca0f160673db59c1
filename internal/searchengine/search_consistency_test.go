package searchengine

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/stretchr/testify/require"
)

// naiveCase is a search together with the same condition written
// directly on the company record, without the engine's code.
type naiveCase struct {
	name  string
	req   registerdata.CompanySearchRequest
	match func(c *registerdata.Company) bool
}

func revenueOf(c *registerdata.Company) (int64, bool) {
	if len(c.Indicators) == 0 || c.Indicators[0].Revenue == nil {
		return 0, false
	}
	return *c.Indicators[0].Revenue, true
}

func naiveCases(cs []registerdata.Company) []naiveCase {
	zips := []string{cs[5].Address.PostalCode, cs[77].Address.PostalCode, cs[901].Address.PostalCode}
	inRevenue := func(lo, hi int64) func(c *registerdata.Company) bool {
		return func(c *registerdata.Company) bool {
			v, ok := revenueOf(c)
			return ok && lo <= v && v <= hi
		}
	}
	f := func(fs ...filters.Filter) registerdata.CompanySearchRequest {
		return registerdata.CompanySearchRequest{Filters: fs}
	}
	return []naiveCase{
		{"everything", f(), func(*registerdata.Company) bool { return true }},
		{"status", f(filters.Filter{Field: filters.Status, Value: "active"}),
			func(c *registerdata.Company) bool { return c.Status == enums.CompanyStatusActive }},
		{"three filters", f(
			filters.Filter{Field: filters.Status, Value: "active"},
			filters.Filter{Field: filters.LegalForm, Values: []string{"gmbh", "ag"}},
			filters.Filter{Field: filters.Revenue, Min: "100000000", Max: "5000000000"}),
			func(c *registerdata.Company) bool {
				return c.Status == enums.CompanyStatusActive && (c.LegalForm == "gmbh" || c.LegalForm == "ag") &&
					inRevenue(100000000, 5000000000)(c)
			}},
		{"narrow revenue (sparse path)", f(filters.Filter{Field: filters.Revenue, Value: "100000"}), inRevenue(100000, 100000)},
		{"wide revenue (prefix bitsets)", f(filters.Filter{Field: filters.Revenue, Min: "400000", Max: "26214400000"}), inRevenue(400000, 26214400000)},
		{"city and query", registerdata.CompanySearchRequest{Query: "bau", Filters: []filters.Filter{{Field: filters.City, Value: "berlin"}}},
			func(c *registerdata.Company) bool {
				return c.Address.City == "Berlin" && slices.ContainsFunc(strings.Fields(strings.ToLower(c.Name.Name)), func(w string) bool { return strings.HasPrefix(w, "bau") })
			}},
		{"zip codes (sparse path)", f(filters.Filter{Field: filters.Zip, Values: zips}),
			func(c *registerdata.Company) bool { return slices.Contains(zips, c.Address.PostalCode) }},
		{"revenue and query (sparse path)", registerdata.CompanySearchRequest{Query: "nord 1", Filters: []filters.Filter{{Field: filters.Revenue, Min: "100000"}}},
			func(c *registerdata.Company) bool {
				_, ok := revenueOf(c)
				ws := strings.Fields(strings.ToLower(c.Name.Name))
				return ok && slices.Contains(ws, "nord") && slices.ContainsFunc(ws, func(w string) bool { return strings.HasPrefix(w, "1") })
			}},
		{"register number keywords (n-gram index)", f(filters.Filter{Field: filters.RegisterNumber, Keywords: []string{"123"}}),
			func(c *registerdata.Company) bool { return strings.Contains(c.Register.RegisterNumber, "123") }},
		{"register number short keywords (every value read)", f(filters.Filter{Field: filters.RegisterNumber, Keywords: []string{"10", "9"}}),
			func(c *registerdata.Company) bool {
				return strings.Contains(c.Register.RegisterNumber, "10") && strings.Contains(c.Register.RegisterNumber, "9")
			}},
		{"address keywords and status", f(filters.Filter{Field: filters.Address, Keywords: []string{"HAUPT", " berlin "}}, filters.Filter{Field: filters.Status, Value: "active"}),
			func(c *registerdata.Company) bool {
				a := strings.ToLower(c.Address.FormattedValue)
				return c.Status == enums.CompanyStatusActive && strings.Contains(a, "haupt") && strings.Contains(a, "berlin")
			}},
		{"purpose keywords never set", f(filters.Filter{Field: filters.Purpose, Keywords: []string{"x"}}), func(*registerdata.Company) bool { return false }},
	}
}

// expectedIDs applies match to cs and orders by name, then id.
func expectedIDs(cs []registerdata.Company, match func(*registerdata.Company) bool) []string {
	var hits []*registerdata.Company
	for i := range cs {
		if match(&cs[i]) {
			hits = append(hits, &cs[i])
		}
	}
	slices.SortFunc(hits, func(a, b *registerdata.Company) int {
		return cmp.Or(strings.Compare(a.Name.Name, b.Name.Name), strings.Compare(a.ID, b.ID))
	})
	ids := make([]string, len(hits))
	for i, c := range hits {
		ids[i] = c.ID
	}
	return ids
}

// allPages collects every page of a search, checking the totals.
func allPages(t *testing.T, e *Engine, req registerdata.CompanySearchRequest, perPage int) []string {
	t.Helper()
	var ids []string
	for page := 1; ; page++ {
		req.Pagination = registerdata.PageRequest{Page: page, PerPage: perPage}
		res, err := e.SearchCompanies(req)
		require.NoError(t, err)
		require.NotNil(t, res.Results)
		for _, r := range res.Results {
			ids = append(ids, r.CompanyID)
		}
		if page >= res.Pagination.TotalPages {
			require.Equal(t, len(ids), res.Pagination.TotalResults)
			return ids
		}
	}
}

// TestIndexMatchesNaiveScan compares the engine with a plain scan over
// generated companies, before and after incremental changes.
func TestIndexMatchesNaiveScan(t *testing.T) {
	t.Parallel() // one of the package's longest; an engine of its own
	for _, n := range []int{1000, 3000} {
		t.Run(fmt.Sprint(n), func(t *testing.T) { testIndexMatchesNaiveScan(t, n) })
	}
}

func testIndexMatchesNaiveScan(t *testing.T, n int) {
	cs := generate(n)
	e := New(fixedDay)
	e.Load(slices.Clone(cs))
	check := func(stage string) {
		for _, tc := range naiveCases(cs) {
			want := nonNilStrings(expectedIDs(cs, tc.match))
			if !strings.HasSuffix(tc.name, "never set") {
				require.NotEmpty(t, want, "%s: the case selects nothing and proves nothing", tc.name)
			}
			for _, pp := range []int{7, 100} {
				got := allPages(t, e, tc.req, pp)
				require.Equal(t, want, nonNilStrings(got), "%s: %s, per_page %d", stage, tc.name, pp)
			}
		}
	}
	check("loaded")
	for i := 0; i < len(cs); i += 7 {
		before := cs[i]
		after := before
		after.Name.Name = fmt.Sprintf("Bau Neu %d", i)
		after.Status = enums.CompanyStatusActive
		rev := int64(100000)
		after.Indicators = []registerdata.IndicatorSummary{{Date: registerdata.NewDate(2024, 12, 31), Revenue: &rev}}
		after.Address.City = "Berlin"
		after.Address.FormattedValue = "Hauptstraße 1, Berlin"
		after.Register.RegisterNumber = fmt.Sprint(123000 + i)
		cs[i] = after
		e.Update(before, after)
	}
	check("updated")
}

func nonNilStrings(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
