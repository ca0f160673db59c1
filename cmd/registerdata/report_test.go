package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const insolventID = "DE-HRB-T3104-61402" // Pfalzblick Logistik GmbH, an open insolvency

func TestReportToFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "dossier.html")
	r := harness{setup: fixedClock}.run(t, "--fake", "report", insolventID, "--out", out).wantCode(t, 0)
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	html := string(b)
	if !strings.HasPrefix(html, "<!DOCTYPE html>") || !strings.Contains(html, "Pfalzblick Logistik GmbH") || !strings.Contains(html, insolventID) {
		t.Errorf("the file is not the company's HTML dossier:\n%.400s", html)
	}
	if r.stdout != "" {
		t.Errorf("stdout = %.200q, want nothing with --out", r.stdout)
	}
	for _, want := range []string{"dossier of Pfalzblick Logistik GmbH: ", "insolvency_open: Open insolvency proceeding", "cost: "} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
	if n, cost := creditsOf(t, r), strings.SplitN(strings.SplitN(r.stderr, ": ", 2)[1], " credits", 2)[0]; cost != strconv.Itoa(n) {
		t.Errorf("the dossier says %s credits, the cost line %d", cost, n)
	}
	if entries, _ := os.ReadDir(filepath.Dir(out)); len(entries) != 1 {
		t.Errorf("the output directory holds %d files, want the dossier alone", len(entries))
	}
}

func TestReportToStdoutWithBudget(t *testing.T) {
	r := harness{setup: fixedClock}.run(t, "--fake", "--budget", "10", "report", watchedID, "--depth", "2").wantCode(t, 0)
	if !strings.HasPrefix(r.stdout, "<!DOCTYPE html>") || !strings.Contains(r.stdout, "Nordlicht Solartechnik GmbH") {
		t.Errorf("stdout is not the dossier:\n%.400s", r.stdout)
	}
	if !strings.Contains(r.stderr, "cost: 10 credits (budget 10, 0 left) on the fake") {
		t.Errorf("stderr = %s", r.stderr)
	}
}

func TestReportErrors(t *testing.T) {
	r := cli(t, "--fake", "report", watchedID, "--depth", "0").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "--depth 0") {
		t.Errorf("stderr = %q", r.stderr)
	}
	r = cli(t, "--fake", "report", "DE-HRB-X9999-1").wantCode(t, exitFailed)
	if r.stdout != "" || !strings.Contains(r.stderr, "DE-HRB-X9999-1") {
		t.Errorf("unknown id: stdout %.100q, stderr %q", r.stdout, r.stderr)
	}
	r = cli(t, "--fake", "report", watchedID, "--out", filepath.Join(t.TempDir(), "missing", "d.html")).wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "--out") {
		t.Errorf("stderr = %q", r.stderr)
	}
}

// TestTerminalReportWritesAFile: on a terminal, "report ID" without --out
// writes ID.html and says where, refuses to replace it on a second run
// with a hint; piped, the HTML goes to stdout.
func TestTerminalReportWritesAFile(t *testing.T) {
	dir := t.TempDir()
	shown, code := inTerminal(t, dir, 80, "--fake", "report", insolventID)
	file := filepath.Join(dir, insolventID+".html")
	b, err := os.ReadFile(file)
	if code != 0 || err != nil || !bytes.HasPrefix(b, []byte("<!DOCTYPE html>")) {
		t.Fatalf("exit %d, %v: no dossier in %s:\n%s", code, err, file, shown)
	}
	if strings.Contains(shown, "<html") || !strings.Contains(words(shown), "wrote the dossier to "+file) {
		t.Errorf("the terminal shows HTML or not where the dossier went:\n%.600s", shown)
	}
	shown, code = inTerminal(t, dir, 80, "--fake", "report", insolventID)
	if code != exitUsage || !strings.Contains(words(shown), "exists and is not replaced: give --out "+insolventID+".html to replace it") {
		t.Errorf("a second run: exit %d:\n%s", code, shown)
	}
	stdout, _, code := piped(t, dir, "", "--fake", "report", insolventID)
	if code != 0 || !strings.HasPrefix(stdout, "<!DOCTYPE html>") {
		t.Errorf("piped: exit %d, stdout %.100q", code, stdout)
	}
}
