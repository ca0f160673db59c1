package main

import (
	"encoding/json"
	"testing"
)

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
