package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
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

// TestCompanyOwnershipOfAFormWithoutIt: owners, UBO and history of a
// company whose legal form the service does not publish them for say so
// with the SDK's sentence, at 0 credits, and succeed.
func TestCompanyOwnershipOfAFormWithoutIt(t *testing.T) {
	const ohg, ug = "DE-HRA-M1201-51073", "DE-HRB-B8535-74188"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"company", "ubo", ohg}, "UBO: not published for an OHG, 0 credits\n"},
		{[]string{"company", "owners", ohg, "--history"}, "historical owners: not published for an OHG, 0 credits\n"},
		{[]string{"company", "owners", ug}, "owners: not published for a UG, 0 credits\n"},
		{[]string{"company", "tree", ug, "--depth", "1"}, "owners: not published for a UG, 0 credits\n"},
	} {
		r := cli(t, append([]string{"--fake"}, tc.args...)...).wantCode(t, 0)
		if !strings.Contains(r.stdout, tc.want) {
			t.Errorf("%v: stdout = %q, want %q", tc.args, r.stdout, tc.want)
		}
		if tc.args[1] != "tree" && r.stderr != "cost: 0 credits on the fake\n" {
			t.Errorf("%v: stderr = %q, want 0 credits", tc.args, r.stderr)
		}
	}
	// The tree names the company (one lookup): the owners cost nothing.
	r := cli(t, "--fake", "company", "tree", ug).wantCode(t, 0)
	if r.stderr != fmt.Sprintf("cost: %d credits on the fake\n", registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)) || !strings.Contains(r.stdout, "0 companies fetched") {
		t.Errorf("tree of a UG: stdout %q, stderr %q", r.stdout, r.stderr)
	}
}

// While the service is still processing the history the command waits,
// one line on stderr per wait, and pays once; --no-wait stops at the
// first 202 without paying.
func TestCompanyOwnersHistoryWhileProcessing(t *testing.T) {
	var waits []time.Duration
	h := harness{setup: func(a *app) {
		a.fakeOptions = append(a.fakeOptions, fake.WithHistoryProcessing(2))
		a.pollTimer = func(d time.Duration) <-chan time.Time {
			waits = append(waits, d)
			ch := make(chan time.Time, 1)
			ch <- time.Time{}
			return ch
		}
	}}
	r := h.run(t, "--fake", "company", "owners", nordlicht, "--history").wantCode(t, 0)
	golden(t, "company_owners_history", r.stdout)
	line := "the service is still processing the ownership history of " + nordlicht + "; asking again in 30 s\n"
	if want := line + line + fmt.Sprintf("cost: %d credits on the fake\n", registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false)); r.stderr != want {
		t.Errorf("stderr = %q, want %q", r.stderr, want)
	}
	if len(waits) != 2 || waits[0] != 30*time.Second {
		t.Errorf("waits = %v, want two of 30 s", waits)
	}

	r = h.run(t, "--fake", "company", "owners", nordlicht, "--history", "--no-wait").wantCode(t, exitFailed)
	if r.stdout != "" || !strings.Contains(r.stderr, "still processing the ownership history of "+nordlicht+" (nothing was billed): run the command again in 30 s") ||
		!strings.Contains(r.stderr, "cost: 0 credits") {
		t.Errorf("--no-wait: stdout %q, stderr %q", r.stdout, r.stderr)
	}
	if len(waits) != 2 {
		t.Errorf("--no-wait waited: %v", waits)
	}
	cli(t, "--fake", "company", "owners", nordlicht, "--no-wait").wantCode(t, exitUsage)
}
