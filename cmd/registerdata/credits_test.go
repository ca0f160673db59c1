package main

import (
	"encoding/json"
	"testing"

	"github.com/registerdata/registerdata-go/fake"
)

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
