package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestCompanyGetSeveral(t *testing.T) {
	r := cli(t, "--fake", "company", "get", nordlicht, helios, "DE-HRB-F1103-999999", nordlicht).wantCode(t, exitFailed)
	golden(t, "company_get_several", r.stdout)
	if !strings.Contains(r.stderr, "1 of 4 lookups failed") || !strings.Contains(r.stderr, "cost: 20 credits") {
		t.Errorf("stderr = %q: want the failure count and the cost of two distinct lookups", r.stderr)
	}
}

func TestCompanyGetFromStdinAsJSONLines(t *testing.T) {
	h := harness{stdin: nordlicht + "\n# a comment\n\n" + helios + "\n" + nordlicht + "\n"}
	r := h.run(t, "--fake", "--json", "company", "get", "-", "--concurrency", "2").wantCode(t, 0)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	want := []string{nordlicht, helios, nordlicht}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), r.stdout)
	}
	for i, l := range lines {
		var co struct {
			ID string `json:"id"`
		}
		if err := json.Unmarshal([]byte(l), &co); err != nil || co.ID != want[i] {
			t.Errorf("line %d: id %q (%v), want %s in input order", i+1, co.ID, err, want[i])
		}
	}
}

func TestCompanyGetSeveralStopsAtTheBudget(t *testing.T) {
	r := cli(t, "--fake", "--budget", "15", "company", "get", nordlicht, helios, "DE-HRB-F1103-315870").wantCode(t, exitFailed)
	if strings.Count(r.stdout, "credit budget exceeded") != 2 || !strings.Contains(r.stderr, "cost: 10 credits (budget 15, 5 left)") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	}
}

func TestCompanyGetSeveralUsageErrors(t *testing.T) {
	cli(t, "--fake", "company", "get").wantCode(t, exitUsage)
	cli(t, "--fake", "company", "get", nordlicht, helios, "--concurrency", "0").wantCode(t, exitUsage)
	harness{stdin: "\n# nothing\n"}.run(t, "--fake", "company", "get", "-").wantCode(t, exitUsage)
}

// TestCompanyGetSeveralBehindABasePath runs the batch through a base URL
// with a path of its own, as behind a proxy, to check that --json still
// finds each record's body.
func TestCompanyGetSeveralBehindABasePath(t *testing.T) {
	srv := newFake(t)
	proxy := httptest.NewServer(http.StripPrefix("/registerdata", srv.Handler()))
	defer proxy.Close()
	h := harness{env: map[string]string{"REGISTERDATA_API_KEY": srv.APIKey, "REGISTERDATA_BASE_URL": proxy.URL + "/registerdata"}}
	r := h.run(t, "--json", "company", "get", nordlicht, helios).wantCode(t, 0)
	if n := strings.Count(r.stdout, "\n"); n != 2 || !strings.Contains(r.stdout, `"id":"`+helios+`"`) {
		t.Errorf("stdout = %.300s", r.stdout)
	}
}
