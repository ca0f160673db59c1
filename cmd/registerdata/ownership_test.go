package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const (
	helios      = "DE-HRB-D2601-198433"
	rheinkiesel = "DE-HRA-R3306-28817"
)

func TestCompanyOwners(t *testing.T) {
	r := cli(t, "--fake", "company", "owners", nordlicht).wantCode(t, 0)
	golden(t, "company_owners", r.stdout)
	if r.stderr != "cost: 10 credits on the fake\n" {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = cli(t, "--fake", "company", "owners", helios, "--best-available").wantCode(t, 0)
	golden(t, "company_owners_best_available", r.stdout)
	r = cli(t, "--fake", "company", "owners", helios).wantCode(t, exitFailed)
	if !strings.Contains(r.stderr, "404") || !strings.Contains(r.stderr, "best_available") {
		t.Errorf("an AG without --best-available: stderr = %q", r.stderr)
	}
	r = cli(t, "--fake", "--json", "company", "owners", nordlicht).wantCode(t, 0)
	var own struct {
		CompanyID string           `json:"company_id"`
		Owners    []map[string]any `json:"owners"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &own); err != nil || own.CompanyID != nordlicht || len(own.Owners) == 0 {
		t.Errorf("--json = %.200s (%v)", r.stdout, err)
	}
	cli(t, "--fake", "company", "owners", helios, "--best-available", "--realtime").wantCode(t, exitUsage)
}

func TestCompanyOwnersHistory(t *testing.T) {
	r := cli(t, "--fake", "company", "owners", nordlicht, "--history").wantCode(t, 0)
	golden(t, "company_owners_history", r.stdout)
	r = cli(t, "--fake", "--json", "company", "owners", nordlicht, "--history").wantCode(t, 0)
	var h struct {
		Owners []map[string]any `json:"owners"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &h); err != nil || len(h.Owners) == 0 {
		t.Errorf("--json = %.200s (%v)", r.stdout, err)
	}
}

func TestCompanyUBO(t *testing.T) {
	r := cli(t, "--fake", "company", "ubo", rheinkiesel).wantCode(t, 0)
	golden(t, "company_ubo", r.stdout)
	r = cli(t, "--fake", "--json", "company", "ubo", nordlicht).wantCode(t, 0)
	var u struct {
		UBOs []map[string]any `json:"ubos"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &u); err != nil || len(u.UBOs) == 0 {
		t.Errorf("--json = %.200s (%v)", r.stdout, err)
	}
}

func TestCompanyHoldings(t *testing.T) {
	r := cli(t, "--fake", "company", "holdings", helios).wantCode(t, 0)
	golden(t, "company_holdings", r.stdout)
	r = cli(t, "--fake", "--json", "company", "holdings", helios).wantCode(t, 0)
	var h struct {
		Holdings []map[string]any `json:"holdings"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &h); err != nil || len(h.Holdings) == 0 {
		t.Errorf("--json = %.200s (%v)", r.stdout, err)
	}
}

func TestCompanyTree(t *testing.T) {
	r := cli(t, "--fake", "company", "tree", nordlicht).wantCode(t, 0)
	golden(t, "company_tree", r.stdout)
	if r.stderr != "cost: 40 credits on the fake\n" {
		t.Errorf("stderr = %q: want one owner lookup per company and one lookup of its name", r.stderr)
	}
	r = cli(t, "--fake", "company", "tree", nordlicht, "--budget", "25").wantCode(t, exitFailed)
	golden(t, "company_tree_budget", r.stdout)
	if !strings.Contains(r.stderr, "credit budget exceeded") || !strings.Contains(r.stderr, "cost: 20 credits (budget 25, 5 left)") {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = cli(t, "--fake", "--json", "company", "tree", nordlicht, "--depth", "1").wantCode(t, 0)
	if n := strings.Count(r.stdout, "\n"); n != 1 || !strings.HasPrefix(r.stdout, `{"company_id":"`+nordlicht) {
		t.Errorf("--json --depth 1 = %q: want the one owner list", r.stdout)
	}
	r = cli(t, "--fake", "--json", "company", "tree", nordlicht).wantCode(t, 0)
	if n := strings.Count(r.stdout, "\n"); n != 3 {
		t.Errorf("--json printed %d lines, want the 3 owner lists fetched", n)
	}
	cli(t, "--fake", "company", "tree", nordlicht, "--depth", "0").wantCode(t, exitUsage)
}

func TestPersonGetAndHoldings(t *testing.T) {
	h := harness{setup: fixedClock}
	r := h.run(t, "--fake", "person", "get", albers).wantCode(t, 0)
	golden(t, "person_get", r.stdout)
	if r.stderr != "cost: 10 credits on the fake\n" {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = h.run(t, "--fake", "--json", "person", "get", albers).wantCode(t, 0)
	var p map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &p); err != nil || p["id"] != albers {
		t.Errorf("--json = %.200s (%v)", r.stdout, err)
	}
	r = h.run(t, "--fake", "person", "holdings", albers).wantCode(t, 0)
	golden(t, "person_holdings", r.stdout)
	r = h.run(t, "--fake", "--json", "person", "holdings", albers).wantCode(t, 0)
	if err := json.Unmarshal([]byte(r.stdout), &p); err != nil || p["person_id"] != albers {
		t.Errorf("--json = %.200s (%v)", r.stdout, err)
	}
	r = h.run(t, "--fake", "person", "get", "not-a-uuid").wantCode(t, exitUsage)
	h.run(t, "--fake", "person", "get", "00000000-0000-4000-8000-000000000000").wantCode(t, exitFailed)
}
