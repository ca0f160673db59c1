package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestSearchInsolvencies(t *testing.T) {
	r := cli(t, "--fake", "search", "insolvencies", "--filter", "has_open_insolvency=true").wantCode(t, 0)
	golden(t, "search_insolvencies", r.stdout)
	if r.stderr != "cost: 10 credits on the fake\n" {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = cli(t, "--fake", "--json", "search", "insolvencies", "--all", "--per-page", "2").wantCode(t, 0)
	for _, l := range strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n") {
		var res struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal([]byte(l), &res); err != nil || res.ID == "" {
			t.Errorf("line %q is not a proceeding (%v)", l, err)
		}
	}
	r = cli(t, "--fake", "search", "insolvencies", "--filter", "opened_at>=yesterday").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "bad --filter") || strings.Contains(r.stderr, "warning") {
		t.Errorf("a bad date: stderr = %q", r.stderr)
	}
}

func TestInsolvencyGet(t *testing.T) {
	r := cli(t, "--fake", "--json", "search", "insolvencies", "--query", "Pfalzblick", "--filter", "has_open_insolvency=true").wantCode(t, 0)
	var page struct {
		Results []struct {
			ID string `json:"id"`
		} `json:"results"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &page); err != nil || len(page.Results) != 1 {
		t.Fatalf("search: %v %s", err, r.stdout)
	}
	id := page.Results[0].ID
	r = cli(t, "--fake", "insolvency", "get", id).wantCode(t, 0)
	golden(t, "insolvency_get", r.stdout)
	r = cli(t, "--fake", "--json", "insolvency", "get", id).wantCode(t, 0)
	var in map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &in); err != nil || in["id"] != id {
		t.Errorf("--json = %.200s", r.stdout)
	}
	cli(t, "--fake", "insolvency", "get", "00000000-0000-4000-8000-000000000000").wantCode(t, exitFailed)
}
