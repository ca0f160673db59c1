package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSearchCompaniesTable(t *testing.T) {
	r := cli(t, "--fake", "search", "companies", "--filter", "legal_form in gmbh,ag", "--per-page", "5").wantCode(t, 0)
	golden(t, "search_companies", r.stdout)
	if !strings.Contains(r.stdout, "next: --page 2") {
		t.Errorf("the footer does not say how to get the next page:\n%s", r.stdout)
	}
	if r.stderr != "cost: 10 credits on the fake\n" {
		t.Errorf("stderr = %q", r.stderr)
	}
}

func TestSearchCompaniesNear(t *testing.T) {
	r := cli(t, "--fake", "search", "companies", "--near", "52.52,13.40,30").wantCode(t, 0)
	golden(t, "search_companies_near", r.stdout)
}

func TestSearchCompaniesJSON(t *testing.T) {
	r := cli(t, "--fake", "--json", "search", "companies", "--query", "solar").wantCode(t, 0)
	var page struct {
		Results []struct {
			CompanyID string `json:"company_id"`
		} `json:"results"`
		Pagination struct {
			TotalResults int `json:"total_results"`
		} `json:"pagination"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &page); err != nil {
		t.Fatalf("--json is not one JSON document: %v\n%s", err, r.stdout)
	}
	if len(page.Results) == 0 || page.Results[0].CompanyID != nordlicht || page.Pagination.TotalResults != len(page.Results) {
		t.Errorf("unexpected page: %s", r.stdout)
	}
}

func TestSearchAllJSONLines(t *testing.T) {
	srv := newFake(t)
	one := against(srv).run(t, "--json", "search", "companies", "--filter", "status=active").wantCode(t, 0)
	var first struct {
		Pagination struct {
			TotalResults int `json:"total_results"`
		} `json:"pagination"`
	}
	if err := json.Unmarshal([]byte(one.stdout), &first); err != nil {
		t.Fatal(err)
	}

	r := against(srv).run(t, "--json", "search", "companies", "--filter", "status=active", "--all", "--per-page", "4").wantCode(t, 0)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	if len(lines) != first.Pagination.TotalResults {
		t.Fatalf("%d lines, want one per result (%d)", len(lines), first.Pagination.TotalResults)
	}
	seen := map[string]bool{}
	for _, l := range lines {
		var res struct {
			CompanyID string `json:"company_id"`
		}
		if err := json.Unmarshal([]byte(l), &res); err != nil || res.CompanyID == "" {
			t.Fatalf("line %q is not a search result: %v", l, err)
		}
		if seen[res.CompanyID] {
			t.Errorf("%s printed twice", res.CompanyID)
		}
		seen[res.CompanyID] = true
	}
	pages := (first.Pagination.TotalResults + 3) / 4
	if want := "cost: " + itoa(pages*10) + " credits\n"; r.stderr != want {
		t.Errorf("stderr = %q, want %q (no progress line: stderr is not a terminal)", r.stderr, want)
	}
}

func TestSearchAllTableWithProgressOnATerminal(t *testing.T) {
	h := harness{setup: func(a *app) { a.stderrTTY = true }}
	r := h.run(t, "--fake", "search", "persons", "--filter", "city=Berlin", "--all", "--per-page", "2").wantCode(t, 0)
	golden(t, "search_persons_all", r.stdout)
	if !strings.Contains(r.stderr, "\r2 results so far") || !strings.Contains(r.stderr, "\r3 results so far\x1b[K\r\x1b[K") {
		t.Errorf("stderr = %q: want a progress line, cleared at the end", r.stderr)
	}
	if !strings.HasSuffix(r.stderr, "cost: 20 credits on the fake\n") {
		t.Errorf("stderr = %q: want the cost of two pages", r.stderr)
	}
}

func TestSearchAllStopsAtTheBudget(t *testing.T) {
	r := cli(t, "--fake", "--budget", "10", "--json", "search", "persons", "--filter", "city=Berlin", "--all", "--per-page", "2").wantCode(t, exitFailed)
	if n := strings.Count(r.stdout, "\n"); n != 2 {
		t.Errorf("printed %d lines, want the 2 results of the page the budget paid for:\n%s", n, r.stdout)
	}
	if !strings.Contains(r.stderr, "the walk stopped after 2 results") || !strings.Contains(r.stderr, "credit budget exceeded") ||
		!strings.Contains(r.stderr, "cost: 10 credits (budget 10, 0 left)") {
		t.Errorf("stderr = %q", r.stderr)
	}
}

func TestSearchPersonsTableAndJSON(t *testing.T) {
	r := cli(t, "--fake", "search", "persons", "--query", "albers").wantCode(t, 0)
	golden(t, "search_persons", r.stdout)
	j := cli(t, "--fake", "search", "persons", "--query", "albers", "--json").wantCode(t, 0)
	var page struct {
		Results []map[string]any `json:"results"`
	}
	if err := json.Unmarshal([]byte(j.stdout), &page); err != nil || len(page.Results) != 1 || page.Results[0]["name"] != "Katrin Albers" {
		t.Errorf("--json = %s (%v)", j.stdout, err)
	}
}

func TestBadFilterIsAUsageErrorAndSendsNothing(t *testing.T) {
	srv := newFake(t)
	for _, tc := range []struct{ filter, want string }{
		{"revenue>=abc", "not a plain decimal number"},
		{"revenue>5", "use >= instead of >"},
		{"revenue", "want 'field op value'"},
		{"revenue !5", "no operator"},
		{"date_of_birth>=1980-01-01", "a person search field"},
		{"legal_form in", "needs a list"},
	} {
		r := against(srv).run(t, "search", "companies", "--filter", tc.filter).wantCode(t, exitUsage)
		if !strings.Contains(r.stderr, tc.want) {
			t.Errorf("--filter %q: stderr = %q, want %q", tc.filter, r.stderr, tc.want)
		}
	}
	if got := srv.Credits(srv.APIKey); got != 1_000_000 {
		t.Errorf("bad filters were sent: %d credits billed", 1_000_000-got)
	}
}

func TestBadNearIsAUsageError(t *testing.T) {
	for _, near := range []string{"52.5", "a,b", "95,13,5", "52.5,13.4,-1"} {
		r := cli(t, "--fake", "search", "companies", "--near", near)
		if r.code != exitUsage {
			t.Errorf("--near %q: exit %d, want 2; stderr %q", near, r.code, r.stderr)
		}
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestSearchFields(t *testing.T) {
	r := cli(t, "search", "fields", "persons").wantCode(t, 0)
	golden(t, "search_fields_persons", r.stdout)
	if r.stderr != "" {
		t.Errorf("listing fields sends nothing and costs nothing, stderr = %q", r.stderr)
	}
	if r := cli(t, "search", "fields").wantCode(t, 0); !strings.Contains(r.stdout, "revenue") || !strings.Contains(r.stdout, "date_of_birth") {
		t.Errorf("search fields lacks company or person fields:\n%s", r.stdout)
	}
	cli(t, "search", "fields", "planets").wantCode(t, exitUsage)
}
