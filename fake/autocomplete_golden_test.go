package fake

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
)

// autocompleteGoldenPath holds one line per group of autocomplete
// queries: its name and the SHA-256 of the answers' bodies, byte for
// byte as the handler writes them.
var autocompleteGoldenPath = filepath.Join("testdata", "autocomplete-golden.txt")

// TestAutocompleteGolden asks the autocomplete a fixed set of queries
// over a generated register of 20,000 companies, the hard cases and a
// few renamed companies (a curated one, generated ones), the way
// MatchCompany asks it (a name's longest word, two words, words joined,
// prefixes) and the way a person types (first letters, whole names), and
// compares the bodies with testdata/autocomplete-golden.txt: a change to
// how the answers are found or encoded must not change a byte. Run with
// -update-golden (see TestSearchGolden) only when the answers are meant
// to change.
func TestAutocompleteGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a register of 20,000 companies")
	}
	srv := NewServer(WithClock(NewClock(testStart)), WithGenerated(goldenCompanies), WithHardCases())
	t.Cleanup(srv.Close)
	ids := srv.CompanyIDs()
	for i, id := range []string{richID, ids[len(ids)-1], ids[len(ids)/2]} {
		if err := srv.UpdateCompany(id, func(c *registerdata.Company) { c.Name.Name = fmt.Sprintf("Goldammer Umbenannt %d GmbH", i) }); err != nil {
			t.Fatal(err)
		}
	}
	got := map[string]string{}
	for name, queries := range autocompleteGoldenQueries(srv) {
		h := sha256.New()
		for _, q := range queries {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(http.MethodGet, "/v1/autocomplete/company?query="+url.QueryEscape(q), nil)
			req.Header.Set("Authorization", "Bearer "+srv.APIKey)
			srv.Handler().ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				t.Fatalf("query %q: status %d: %s", q, rec.Code, rec.Body)
			}
			fmt.Fprintf(h, "%q\n", q)
			h.Write(rec.Body.Bytes())
		}
		got[name] = hex.EncodeToString(h.Sum(nil))
	}
	checkDigests(t, "autocomplete", autocompleteGoldenPath, got)
}

// autocompleteGoldenQueries returns the queries by group: for every
// 40th company of srv, queries made from its current name, and a few
// hand-picked ones.
func autocompleteGoldenQueries(srv *Server) map[string][]string {
	out := map[string][]string{
		"fixed": {"a", "gm", "gmbh", "nord bau", "nordbau", "mü", "müller", "mueller", "groß", "gross", "sol gm",
			"goldammer", "goldammer umbenannt", "zzzqqq", "e.k.", "& co"},
	}
	ids := srv.CompanyIDs()
	for k := 0; k < len(ids); k += 40 {
		c, ok := srv.Company(ids[k])
		if !ok {
			continue
		}
		name := c.Name.Name
		ws := strings.Fields(name)
		byLen := slices.Clone(ws)
		slices.SortStableFunc(byLen, func(a, b string) int { return len(b) - len(a) })
		out["prefix3"] = append(out["prefix3"], runePrefix(ws[0], 3))
		out["name"] = append(out["name"], name)
		out["longest"] = append(out["longest"], byLen[0])
		if len(ws) > 1 {
			out["two"] = append(out["two"], byLen[0]+" "+byLen[1])
			out["joined"] = append(out["joined"], ws[0]+ws[1])
			out["second-prefix"] = append(out["second-prefix"], ws[0]+" "+runePrefix(ws[1], 2))
		}
	}
	return out
}

// runePrefix is the first n letters of s (all of a shorter s).
func runePrefix(s string, n int) string {
	r := []rune(s)
	return string(r[:min(n, len(r))])
}
