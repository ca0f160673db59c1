package main

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	hostilegen "github.com/registerdata/registerdata-go/internal/hostile"
)

// hostileCompany makes Nordlicht's register texts start like formulas,
// one of hostilegen.FormulaStarts each: its name, street (and so its
// address), and its directors.
func hostileCompany(t *testing.T, srv *fake.Server) {
	t.Helper()
	f := hostilegen.FormulaStarts
	err := srv.UpdateCompany(nordlicht, func(c *registerdata.Company) {
		c.Name.Name = f[0] + `HYPERLINK("http://evil.example","Nordlicht")`
		c.Address.Street = f[1] + "cmd|' /C calc'!A0"
		c.Address.FormattedValue = ""
		n := 0
		for i := range c.Representation {
			if c.Representation[i].EndDate == nil && c.Representation[i].Role == "DIRECTOR" {
				c.Representation[i].Name = f[(2+n)%len(f)] + "SUM(A1:A9) " + c.Representation[i].Name
				n++
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
}

// csvColumns reads a CSV output and returns its named cells of row 0.
func csvColumns(t *testing.T, out string) map[string]string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) < 2 {
		t.Fatalf("output %q: %v", out, err)
	}
	m := map[string]string{}
	for i, h := range recs[0] {
		m[h] = recs[1][i]
	}
	return m
}

// TestRegisterTextIsInertInCSV runs match and enrich against a fake
// company whose name, address and directors start with formula
// characters: every such cell gets a leading quote, and --raw writes them
// as received.
func TestRegisterTextIsInertInCSV(t *testing.T) {
	srv := newFake(t)
	hostileCompany(t, srv)
	h := against(srv)
	in := writeInput(t, "in.csv", "nr;handelsregister\n1;AG Charlottenburg HRB 267645 B\n")
	for _, raw := range []bool{false, true} {
		args := []string{"match", "--in", in}
		if raw {
			args = append(args, "--raw")
		}
		m := h.run(t, args...).wantCode(t, 0)
		cols := csvColumns(t, m.stdout)
		checkInert(t, "match", cols, []string{"matched_name"}, raw)

		ids := writeInput(t, "ids.csv", "company_id\n"+nordlicht+"\n")
		out := filepath.Join(t.TempDir(), "enriched.csv")
		args = []string{"enrich", "--in", ids, "--out", out}
		if raw {
			args = append(args, "--raw")
		}
		h.run(t, args...).wantCode(t, 0)
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		checkInert(t, "enrich", csvColumns(t, string(b)), []string{"address", "directors"}, raw)
	}
}

func checkInert(t *testing.T, what string, cols map[string]string, names []string, raw bool) {
	t.Helper()
	for _, n := range names {
		c := cols[n]
		quoted := strings.HasPrefix(c, "'") && len(c) > 1 && strings.ContainsAny(c[1:2], "=+-@\t\r")
		live := len(c) > 0 && strings.ContainsAny(c[:1], "=+-@\t\r")
		switch {
		case !raw && !quoted:
			t.Errorf("%s: column %s = %q: register text a spreadsheet would run", what, n, c)
		case raw && !live:
			t.Errorf("%s --raw: column %s = %q, want the register text as received", what, n, c)
		}
	}
}
