package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/fake"
)

func TestCompanyFinancials(t *testing.T) {
	r := cli(t, "--fake", "company", "financials", nordlicht).wantCode(t, 0)
	golden(t, "company_financials", r.stdout)
	if r.stderr != "cost: 10 credits on the fake\n" {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = cli(t, "--fake", "company", "financials", nordlicht, "--years", "2", "--json").wantCode(t, 0)
	var f struct {
		Indicators []map[string]any `json:"indicators"`
		Reports    []map[string]any `json:"reports"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &f); err != nil || len(f.Indicators) < 3 || len(f.Reports) == 0 {
		t.Errorf("--json is not the whole answer (--years applies to the table only): %v\n%.200s", err, r.stdout)
	}
	cli(t, "--fake", "company", "financials", nordlicht, "--years", "0").wantCode(t, exitUsage)
	cli(t, "--fake", "company", "financials", "DE-HRB-F1103-999999").wantCode(t, exitFailed)
}

func TestCompanyDocumentsAndDocumentGet(t *testing.T) {
	r := cli(t, "--fake", "company", "documents", nordlicht).wantCode(t, 0)
	golden(t, "company_documents", r.stdout)
	r = cli(t, "--fake", "--json", "company", "documents", nordlicht).wantCode(t, 0)
	var docs []struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &docs); err != nil || len(docs) == 0 {
		t.Fatalf("--json = %q (%v): want the documents array of the record", r.stdout, err)
	}

	r = cli(t, "--fake", "document", "get", docs[len(docs)-1].ID).wantCode(t, 0)
	if !strings.Contains(r.stdout, "ID    "+docs[len(docs)-1].ID) || !strings.Contains(r.stdout, "URL   http://127.0.0.1:") {
		t.Errorf("document get:\n%s", r.stdout)
	}
	r = cli(t, "--fake", "--json", "document", "get", docs[0].ID).wantCode(t, 0)
	var d map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &d); err != nil || d["id"] != docs[0].ID || d["url"] == "" {
		t.Errorf("document get --json = %s", r.stdout)
	}
	cli(t, "--fake", "document", "get", "no-such-document").wantCode(t, exitFailed)
}

func TestCompanyDocumentsRealtime(t *testing.T) {
	r := harness{setup: fixedClock}.run(t, "--fake", "company", "documents", nordlicht, "--realtime", "current_printout").wantCode(t, 0)
	if !strings.Contains(r.stdout, "Category  current_printout") || !strings.Contains(r.stdout, "Date      2026-01-15") {
		t.Errorf("stdout:\n%s", r.stdout)
	}
	r = cli(t, "--fake", "company", "documents", nordlicht, "--realtime", "printout").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "current_printout") {
		t.Errorf("stderr = %q: want the categories", r.stderr)
	}
}

func TestCompanyContactAndLookup(t *testing.T) {
	r := cli(t, "--fake", "company", "contact", nordlicht).wantCode(t, 0)
	golden(t, "company_contact", r.stdout)
	r = cli(t, "--fake", "company", "lookup", "https://www.nordlicht-solartechnik.example").wantCode(t, 0)
	golden(t, "company_lookup", r.stdout)
	r = cli(t, "--fake", "--json", "company", "lookup", "https://www.nordlicht-solartechnik.example").wantCode(t, 0)
	var l map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &l); err != nil || l["company_id"] != nordlicht {
		t.Errorf("lookup --json = %s", r.stdout)
	}
	r = cli(t, "--fake", "--json", "company", "contact", nordlicht).wantCode(t, 0)
	if err := json.Unmarshal([]byte(r.stdout), &l); err != nil || l["vat_id"] == nil {
		t.Errorf("contact --json = %s", r.stdout)
	}
}

func TestSearchAutocomplete(t *testing.T) {
	r := cli(t, "--fake", "search", "autocomplete", "nordl").wantCode(t, 0)
	golden(t, "search_autocomplete", r.stdout)
	if r.stderr != "" {
		t.Errorf("autocomplete is free, stderr = %q", r.stderr)
	}
	r = cli(t, "--fake", "--json", "search", "autocomplete", "nordl").wantCode(t, 0)
	var res struct {
		Results []map[string]any `json:"results"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || len(res.Results) != 2 {
		t.Errorf("--json = %s", r.stdout)
	}
	cli(t, "--fake", "search", "autocomplete").wantCode(t, exitUsage)
}

func TestCredits(t *testing.T) {
	srv := newFake(t, fake.WithClock(fake.NewClock(testNow)))
	h := against(srv)
	h.run(t, "company", "get", nordlicht).wantCode(t, 0)
	r := h.run(t, "credits").wantCode(t, 0)
	golden(t, "credits", r.stdout)
	if r.stderr != "" {
		t.Errorf("credits is free, stderr = %q", r.stderr)
	}
	r = h.run(t, "credits", "--json").wantCode(t, 0)
	var u map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &u); err != nil || u["used_credits"] != 10.0 {
		t.Errorf("--json = %s: want the 10 credits of the lookup used", r.stdout)
	}
	h.run(t, "credits", "extra").wantCode(t, exitUsage)
}
