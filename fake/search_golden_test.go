package fake

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// updateGolden rewrites testdata/search-golden.txt from the current code.
var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/search-golden.txt with the current search answers")

// goldenCompanies is the size of the generated register the golden
// searches run on.
const goldenCompanies = 20_000

// goldenPath holds one line per search: its name and the SHA-256 of its
// answers (every page asked, encoded as JSON).
var goldenPath = filepath.Join("testdata", "search-golden.txt")

// TestSearchGolden runs a fixed set of company and person searches over
// a generated register of 20,000 companies (every filter field, ranges
// and exact values, keywords, name queries, a location, several pages)
// and compares each answer with the one recorded in
// testdata/search-golden.txt: a change to how the index is built or held
// must not change a result or its order. Run with -update-golden only
// when the answers are meant to change.
func TestSearchGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a register of 20,000 companies")
	}
	t.Parallel() // one of the package's longest; shares nothing
	cfg := defaultConfig()
	cfg.clock = NewClock(testStart)
	cfg.generated = goldenCompanies
	s, err := newServer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	engine := extState[searchState](s).engine
	got := map[string]string{}
	for name, req := range goldenCompanySearches() {
		got[name] = goldenDigest(t, name, func(page int) (any, error) {
			req.Pagination = registerdata.PageRequest{Page: page, PerPage: 50}
			return engine.SearchCompanies(req)
		})
	}
	for name, req := range goldenPersonSearches() {
		got[name] = goldenDigest(t, name, func(page int) (any, error) {
			req.Pagination = registerdata.PageRequest{Page: page, PerPage: 50}
			return engine.SearchPersons(req)
		})
	}
	checkDigests(t, "search", goldenPath, got)
}

// goldenDigest hashes pages 1, 2 and 7 of a search; a search that fails
// hashes its error.
func goldenDigest(t *testing.T, name string, search func(page int) (any, error)) string {
	h := sha256.New()
	for _, page := range []int{1, 2, 7} {
		res, err := search(page)
		if err != nil {
			t.Fatalf("search %s: %v", name, err)
		}
		if err := json.NewEncoder(h).Encode(res); err != nil {
			t.Fatal(err)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// goldenCompanySearches returns, by name, the company searches: for each
// field a few forms of filter fitting its kind, then hand-picked
// combinations.
func goldenCompanySearches() map[string]registerdata.CompanySearchRequest {
	out := map[string]registerdata.CompanySearchRequest{}
	for _, f := range goldenFilters(filters.ScopeCompany) {
		out["company/"+goldenName(f)] = registerdata.CompanySearchRequest{Filters: []filters.Filter{f}}
	}
	out["company/query-nordlicht"] = registerdata.CompanySearchRequest{Query: "Nordlicht Solartechnik"}
	out["company/query-prefix"] = registerdata.CompanySearchRequest{Query: "sol gm"}
	out["company/query-umlaut"] = registerdata.CompanySearchRequest{Query: "mü"}
	out["company/location-berlin"] = registerdata.CompanySearchRequest{Location: &registerdata.Location{Latitude: 52.52, Longitude: 13.405, Radius: 30}}
	out["company/three-filters"] = registerdata.CompanySearchRequest{Filters: []filters.Filter{{Field: filters.Status, Value: "active"},
		{Field: filters.LegalForm, Values: []string{"gmbh"}}, {Field: filters.City, Value: "Berlin"}}}
	out["company/keyword-and-range"] = registerdata.CompanySearchRequest{Query: "gmbh", Filters: []filters.Filter{
		{Field: filters.Purpose, Keywords: []string{"und"}}, {Field: filters.IncorporatedAt, Min: "1990-01-01", Max: "2005-12-31"}}}
	return out
}

// goldenPersonSearches returns, by name, the person searches.
func goldenPersonSearches() map[string]registerdata.PersonSearchRequest {
	out := map[string]registerdata.PersonSearchRequest{}
	for _, f := range goldenFilters(filters.ScopePerson) {
		out["person/"+goldenName(f)] = registerdata.PersonSearchRequest{Filters: []filters.Filter{f}}
	}
	out["person/query-anna"] = registerdata.PersonSearchRequest{Query: "anna"}
	out["person/query-two-words"] = registerdata.PersonSearchRequest{Query: "m sch"}
	out["person/all"] = registerdata.PersonSearchRequest{}
	return out
}

// goldenValues are exact values for the enum and text fields.
var goldenValues = map[filters.Field][]string{
	filters.Status:          {"active", "liquidation"},
	filters.LegalForm:       {"gmbh", "ag", "ek"},
	filters.RegisterType:    {"HRB", "VR"},
	filters.City:            {"Berlin", "münchen"},
	filters.Zip:             {"10115"},
	filters.IndustryCodes:   {"62", "47.1"},
	filters.CapitalCurrency: {"EUR"},
	filters.InsolvencyStage: {"opened"},
	filters.InsolvencyRisk:  {"high", "medium"},
	filters.Roles:           {"DIRECTOR", "OWNER"},
}

// goldenFilters returns filters on every field of scope: ranges for
// numbers and dates, both values of booleans, keywords for text, and
// the values of goldenValues.
func goldenFilters(scope filters.Scope) []filters.Filter {
	var out []filters.Filter
	for _, fi := range filters.Fields(scope) {
		f := fi.Name
		switch fi.Kind {
		case filters.KindNumber:
			out = append(out, filters.Filter{Field: f, Min: "1"}, filters.Filter{Field: f, Max: "5000000"},
				filters.Filter{Field: f, Min: "-1000000000", Max: "0"})
		case filters.KindDate:
			out = append(out, filters.Filter{Field: f, Min: "2010-01-01"}, filters.Filter{Field: f, Max: "1990-12-31"})
		case filters.KindBool:
			out = append(out, filters.Filter{Field: f, Value: "true"}, filters.Filter{Field: f, Value: "false"})
		case filters.KindText:
			out = append(out, filters.Filter{Field: f, Keywords: []string{"e"}}, filters.Filter{Field: f, Keywords: []string{"an", "r"}})
		}
		if vs, ok := goldenValues[f]; ok {
			out = append(out, filters.Filter{Field: f, Values: vs})
		}
	}
	return out
}

// goldenName names a one-filter search.
func goldenName(f filters.Filter) string {
	parts := []string{string(f.Field)}
	for _, p := range []struct{ k, v string }{{"min", f.Min}, {"max", f.Max}, {"value", f.Value}} {
		if p.v != "" {
			parts = append(parts, p.k+"="+p.v)
		}
	}
	if len(f.Values) > 0 {
		parts = append(parts, "values="+strings.Join(f.Values, ","))
	}
	if len(f.Keywords) > 0 {
		parts = append(parts, "keywords="+strings.Join(f.Keywords, ","))
	}
	return strings.Join(parts, ";")
}

// checkDigests compares the digests of answers by name with those
// recorded at path, or records them with -update-golden; what ("search",
// "autocomplete") names them in the failures.
func checkDigests(t *testing.T, what, path string, got map[string]string) {
	t.Helper()
	if *updateGolden {
		writeDigests(t, path, got)
		return
	}
	want := readDigests(t, path)
	for name, digest := range got {
		if want[name] != digest {
			t.Errorf("%s %s: answers changed (digest %s, recorded %s)", what, name, digest, want[name])
		}
	}
	for name := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("%s %s is recorded but not run", what, name)
		}
	}
}

// writeDigests writes digests by name, one "name digest" line each,
// sorted.
func writeDigests(t *testing.T, path string, digests map[string]string) {
	t.Helper()
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(digests)) {
		fmt.Fprintf(&b, "%s %s\n", name, digests[name])
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readDigests reads what writeDigests wrote.
func readDigests(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run the test with -update-golden to record the answers)", err)
	}
	defer f.Close()
	want := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		name, digest, ok := strings.Cut(sc.Text(), " ")
		if !ok {
			t.Fatalf("%s: bad line %q", path, sc.Text())
		}
		want[name] = digest
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return want
}
