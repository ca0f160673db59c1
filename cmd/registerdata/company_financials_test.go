package main

import (
	"encoding/json"
	"testing"
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
