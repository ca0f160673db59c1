package fake

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
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
	if *updateGolden {
		writeDigests(t, autocompleteGoldenPath, got)
		return
	}
	want := readDigests(t, autocompleteGoldenPath)
	for name, digest := range got {
		if want[name] != digest {
			t.Errorf("autocomplete %s: answers changed (digest %s, recorded %s)", name, digest, want[name])
		}
	}
	for name := range want {
		if _, ok := got[name]; !ok {
			t.Errorf("autocomplete %s is recorded but not run", name)
		}
	}
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
