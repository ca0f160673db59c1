package main

import (
	"strings"
	"testing"
)

// TestUUIDsShortenedNamesWhole: at 80 columns a search for insolvencies
// shows debtor names whole and UUIDs shortened; --wide shows them whole.
func TestUUIDsShortenedNamesWhole(t *testing.T) {
	h := harness{setup: func(a *app) { a.termWidth = func() int { return 80 } }}
	r := h.run(t, "--fake", "search", "insolvencies").wantCode(t, 0)
	if !strings.Contains(r.stdout, "bbee78dc…  Ulrich Bäuerle ") || strings.Contains(r.stdout, "bbee78dc-eff4") {
		t.Errorf("UUIDs not shortened or names cut:\n%s", r.stdout)
	}
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		if w := len([]rune(line)); w > 80 {
			t.Errorf("line of %d columns at width 80: %q", w, line)
		}
	}
	r = h.run(t, "--fake", "--wide", "search", "insolvencies").wantCode(t, 0)
	if !strings.Contains(r.stdout, "bbee78dc-eff4-4bd2-90e7-3ed652fcce36") {
		t.Errorf("--wide did not keep the UUIDs whole:\n%s", r.stdout)
	}
}
