package main

import (
	"encoding/json"
	"testing"
)

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
