package main

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
)

const nordlicht = "DE-HRB-F1103-267645"

func TestCompanyGetTable(t *testing.T) {
	r := cli(t, "--fake", "company", "get", nordlicht).wantCode(t, 0)
	golden(t, "company_get", r.stdout)
	if r.stderr != "cost: 10 credits on the fake\n" {
		t.Errorf("stderr = %q, want the cost of the lookup", r.stderr)
	}
}

func TestCompanyGetWithInsolvencies(t *testing.T) {
	r := cli(t, "--fake", "company", "get", "DE-HRB-T3104-61402").wantCode(t, 0)
	golden(t, "company_get_insolvencies", r.stdout)
	if !strings.Contains(r.stdout, "Insolvency proceedings") {
		t.Errorf("no proceedings section:\n%s", r.stdout)
	}
}

func TestCompanyGetHistoryNarrow(t *testing.T) {
	r := harness{env: map[string]string{"COLUMNS": "60"}}.run(t, "--fake", "company", "get", "--history", nordlicht).wantCode(t, 0)
	golden(t, "company_get_history_60", r.stdout)
	for i, line := range strings.Split(strings.TrimRight(r.stdout, "\n"), "\n") {
		if w := displayWidth(line); w > 60 {
			t.Errorf("line %d is %d columns wide, more than $COLUMNS=60: %q", i+1, w, line)
		}
	}
}

// TestCompanyGetJSONIsTheServiceBody compares --json with the body the
// service sends for the same request, byte for byte.
func TestCompanyGetJSONIsTheServiceBody(t *testing.T) {
	srv := newFake(t)
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/company/"+nordlicht+"?export=true", nil)
	req.Header.Set("Authorization", "Bearer "+srv.APIKey)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := io.ReadAll(resp.Body)
	resp.Body.Close()

	r := against(srv).run(t, "company", "get", nordlicht, "--export", "--json").wantCode(t, 0)
	if got := strings.TrimSuffix(r.stdout, "\n"); got != strings.TrimSuffix(string(want), "\n") {
		t.Errorf("--json printed\n%.300s\nwant the service's body\n%.300s", got, want)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &doc); err != nil || doc["id"] != nordlicht {
		t.Errorf("--json is not the company document: %v, id %v", err, doc["id"])
	}
	if !strings.Contains(r.stderr, "cost: 10 credits") {
		t.Errorf("stderr %q does not report the cost", r.stderr)
	}
}

func TestCompanyGetUnknownIsAServiceError(t *testing.T) {
	r := cli(t, "--fake", "company", "get", "DE-HRB-F1103-999999").wantCode(t, exitFailed)
	if !strings.Contains(r.stderr, "404") || r.stdout != "" {
		t.Errorf("stdout %q, stderr %q: want the SDK's 404 message on stderr only", r.stdout, r.stderr)
	}
}

func TestCompanyGetHostileIDIsAUsageError(t *testing.T) {
	r := cli(t, "--fake", "company", "get", "../monitor").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "invalid request") || !strings.Contains(r.stderr, "cost: 0 credits") {
		t.Errorf("stderr = %q: want the SDK's refusal and no cost", r.stderr)
	}
}

func TestMissingKeyIsAUsageError(t *testing.T) {
	r := cli(t, "company", "get", nordlicht).wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "REGISTERDATA_API_KEY") || !strings.Contains(r.stderr, "--fake") {
		t.Errorf("stderr = %q: want the variable to set and the --fake hint", r.stderr)
	}
}

func TestExhaustedBudgetRefusesTheCall(t *testing.T) {
	srv := newFake(t)
	r := against(srv).run(t, "--budget", "15", "company", "get", nordlicht, "--realtime").wantCode(t, exitFailed)
	if !strings.Contains(r.stderr, "credit budget exceeded") || !strings.Contains(r.stderr, "cost: 0 credits (budget 15, 15 left)") {
		t.Errorf("stderr = %q: want the budget refusal and no cost", r.stderr)
	}
	if got := srv.Credits(srv.APIKey); got != 1_000_000 {
		t.Errorf("the fake billed %d credits of 1000000: the refused call was sent", 1_000_000-got)
	}
	r = against(srv).run(t, "company", "get", nordlicht, "--budget", "15").wantCode(t, 0)
	if !strings.Contains(r.stderr, "cost: 10 credits (budget 15, 5 left)") {
		t.Errorf("stderr = %q: want the cost and what is left of the budget", r.stderr)
	}
}

func displayWidth(s string) int { return output.Width(s) }

// TestTerminalCompanyGetAndTree: at 80 columns "company get" shows the
// representatives' names and roles whole, with no column that is empty
// in every row; "company tree" names the company on its first line and
// marks the cross-holding as a cycle.
func TestTerminalCompanyGetAndTree(t *testing.T) {
	dir := t.TempDir()
	shown, code := inTerminal(t, dir, 80, "--fake", "company", "get", nordlicht)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, shown)
	}
	_, table, _ := strings.Cut(shown, "\nNAME ")
	if table == "" || strings.Contains(strings.SplitN(table, "\n", 2)[0], "UNTIL") {
		t.Errorf("no representatives table, or one with an empty UNTIL column:\n%s", shown)
	}
	for _, want := range []string{"Katrin Albers", "Sole Authorised Signatory", "Joint Authorised Signatory", "Helios Energie Holding AG"} {
		if !strings.Contains(table, want) {
			t.Errorf("%q is cut at 80 columns:\n%s", want, table)
		}
	}
	shown, code = inTerminal(t, dir, 80, "--fake", "company", "tree", nordlicht)
	lines := strings.Split(shown, "\n")
	if code != 0 || !strings.HasPrefix(lines[0], "Nordlicht Solartechnik GmbH  "+nordlicht) {
		t.Errorf("exit %d: the first line does not name the company:\n%s", code, shown)
	}
	if !regexp.MustCompile(`└── Helios Energie Holding AG  20 %  \(effective 3 %\)  \[cycle\]`).MatchString(shown) {
		t.Errorf("the cross-holding is not marked as a cycle at 80 columns:\n%s", shown)
	}
	for _, l := range lines {
		if output.Width(l) > 80 {
			t.Errorf("a line of %d columns: %q", output.Width(l), l)
		}
	}
}
