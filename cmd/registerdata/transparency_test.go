package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func TestTransparencyLoginExtractGet(t *testing.T) {
	clk := fake.NewClock(testNow)
	srv := newFake(t, fake.WithClock(clk))
	h := against(srv)

	h.stdin = "secret-password\n"
	r := h.run(t, "transparency", "login", "--username", "max@example.de").wantCode(t, 0)
	if r.stdout != "stored the login of max@example.de as \"default\"\n" || r.stderr != "" {
		t.Errorf("login: stdout %q, stderr %q", r.stdout, r.stderr)
	}
	h.stdin = ""
	h.env["REGISTERDATA_TRANSPARENCY_PASSWORD"] = "short"
	r = h.run(t, "transparency", "login", "--username", "max@example.de", "--name", "team").wantCode(t, exitFailed)
	if !strings.Contains(r.stderr, "rejected the username/password") {
		t.Errorf("a refused login: stderr %q", r.stderr)
	}
	delete(h.env, "REGISTERDATA_TRANSPARENCY_PASSWORD")
	h.run(t, "transparency", "login", "--username", "max@example.de").wantCode(t, exitUsage) // no password at all

	r = h.run(t, "--json", "transparency", "extract", nordlicht).wantCode(t, 0)
	var ex struct {
		ID     string `json:"id"`
		Status string `json:"status"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &ex); err != nil || ex.Status != "processing" {
		t.Fatalf("extract --json = %s (%v)", r.stdout, err)
	}
	if want := fmt.Sprintf("cost: %d credits\n", registerdata.DefaultPrices().Of("POST /v1/transparenzregister/extracts", false)); r.stderr != want {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = h.run(t, "transparency", "get", ex.ID).wantCode(t, 0)
	if !strings.Contains(r.stdout, "Status     processing") || r.stderr != "" {
		t.Errorf("before the delay: stdout %q, stderr %q (polling is free)", r.stdout, r.stderr)
	}
	clk.Advance(fake.TransparencyExtractDelay)
	r = h.run(t, "transparency", "get", ex.ID).wantCode(t, 0)
	golden(t, "transparency_get", strings.ReplaceAll(r.stdout, srv.URL, "http://FAKE"))
	if !strings.Contains(r.stdout, "Status     completed") || !strings.Contains(r.stdout, "Beneficial owners") {
		t.Errorf("after the delay:\n%s", r.stdout)
	}
	h.run(t, "transparency", "get", "no-such-extract").wantCode(t, exitFailed)
	h.run(t, "transparency", "extract", nordlicht, helios).wantCode(t, exitUsage)
}

func TestTransparencySandboxOnTheFake(t *testing.T) {
	r := harness{setup: fixedClock}.run(t, "--fake", "transparency", "extract", "--credential", "sandbox").wantCode(t, 0)
	golden(t, "transparency_extract_sandbox", r.stdout)
}
