package main

import (
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/fake"
	hostilegen "github.com/registerdata/registerdata-go/internal/hostile"
)

// registerRefs are register references of the fake's companies (and one
// it does not hold): each costs a company lookup to match.
var registerRefs = []string{"AG Charlottenburg HRB 267645 B", "Amtsgericht Hamburg HRB 99812", "Amtsgericht München HRB 198433", "AG Hannover HRB 20977", "Ludwigshafen HRB 61402", "AG Köln HRB 1"}

// writeInput writes content to a file of its own and returns its path.
func writeInput(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// uninterrupted runs cmd over in against a fake of its own, to --out, and
// returns the output and what the fake billed.
func uninterrupted(t *testing.T, cmd, in string, extra ...string) (string, int64) {
	t.Helper()
	srv := newFake(t)
	out := filepath.Join(t.TempDir(), "whole.csv")
	r := against(srv).run(t, append([]string{cmd, "--in", in, "--out", out}, extra...)...)
	if r.code != 0 && r.code != exitFailed {
		t.Fatalf("the uninterrupted run: exit %d\n%s", r.code, r.stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return string(b), billed(t, srv)
}

// TestEnrichResumeKeepsEveryRowOfAnIDColumn is defect 1: an input of a
// company_id column alone, stopped by the budget and resumed, enriches
// every row, and the fake bills what one whole run costs.
func TestEnrichResumeKeepsEveryRowOfAnIDColumn(t *testing.T) {
	in := writeInput(t, "ids.csv", "company_id\nDE-HRB-F1103-267645\nDE-HRB-K1101-99812\nDE-HRB-T3104-61402\nDE-HRB-F1103-267645\nDE-HRB-D2601-198433\n")
	whole, wholeBilled := uninterrupted(t, "enrich", in)
	srv := newFake(t)
	h := against(srv)
	out := filepath.Join(t.TempDir(), "enriched.csv")
	first := h.run(t, "--budget", "20", "enrich", "--in", in, "--out", out, "--resume", "--concurrency", "1").wantCode(t, exitFailed)
	if !strings.Contains(first.stderr, "not tried: the budget ran out") {
		t.Errorf("the stopped run does not say why:\n%s", first.stderr)
	}
	second := h.run(t, "enrich", "--in", in, "--out", out, "--resume").wantCode(t, 0)
	if !strings.Contains(second.stderr, "already in the output (skipped)") {
		t.Errorf("the resumed run does not say what it kept:\n%s", second.stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != whole {
		t.Errorf("resumed output:\n%s\nwant:\n%s", b, whole)
	}
	if got := billed(t, srv); got != wholeBilled {
		t.Errorf("the fake billed %d credits over the two runs, one whole run %d", got, wholeBilled)
	}
}

// TestMatchResumeKeepsDuplicatesAndHostileColumns is defects 1 to 3: an
// input whose columns are named like the added ones (status holding
// "error", an address column, ...) and whose rows repeat, stopped by the
// budget at several points and resumed, gives the whole run's output,
// billed once; a further resume changes and bills nothing.
func TestMatchResumeKeepsDuplicatesAndHostileColumns(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	content := hostilegen.Customers(rng, 24, []string{"Nordlicht", "Helios", "Hafenkontor Spedition"}, registerRefs)
	in := writeInput(t, "crm.csv", content)
	whole, wholeBilled := uninterrupted(t, "match", in)
	if wholeBilled < 30 {
		t.Fatalf("a whole run bills %d credits: the test needs rows that cost something", wholeBilled)
	}
	if n := strings.Count(whole, "\n"); n < 25 {
		t.Fatalf("the whole run wrote %d lines for 24 rows:\n%s", n, whole)
	}
	srv := newFake(t)
	h := against(srv)
	out := filepath.Join(t.TempDir(), "matched.csv")
	for _, budget := range []int64{wholeBilled / 3, wholeBilled / 3, wholeBilled} {
		h.run(t, "--budget", strconv.FormatInt(budget, 10), "match", "--in", in, "--out", out, "--resume", "--concurrency", "1")
	}
	if b, _ := os.ReadFile(out); string(b) != whole {
		t.Errorf("resumed output differs from the whole run's:\n--- resumed\n%s--- whole\n%s", b, whole)
	}
	if got := billed(t, srv); got != wholeBilled {
		t.Errorf("the fake billed %d credits over the runs, one whole run %d", got, wholeBilled)
	}
	before := billed(t, srv)
	again := h.run(t, "match", "--in", in, "--out", out, "--resume").wantCode(t, 0)
	if got := billed(t, srv); got != before {
		t.Errorf("a resume with every row done billed %d credits", got-before)
	}
	if !strings.Contains(again.stderr, "0 rows: ") {
		t.Errorf("a resume with every row done did something:\n%s", again.stderr)
	}
	if b, _ := os.ReadFile(out); string(b) != whole {
		t.Errorf("a resume with every row done changed the output")
	}
}

// TestResumeReplacesAFailedRow is defect 4: a row whose lookup failed is
// written with its error, and the resume that succeeds replaces it: the
// output has as many rows as the input, each once.
func TestResumeReplacesAFailedRow(t *testing.T) {
	in := writeInput(t, "ids.csv", "company_id;nr\nDE-HRB-F1103-267645;1\nDE-HRB-K1101-99812;2\nDE-HRB-T3104-61402;3\n")
	whole, _ := uninterrupted(t, "enrich", in)
	srv := newFake(t)
	if err := srv.InjectFault(fake.Fault{PathPrefix: "/v1/company/DE-HRB-K1101-99812", Status: 503, Count: 50}); err != nil {
		t.Fatal(err)
	}
	h := against(srv)
	out := filepath.Join(t.TempDir(), "enriched.csv")
	for i := range 2 { // two runs with the failure, as in the report: 3 rows became 7
		r := h.run(t, "enrich", "--in", in, "--out", out, "--resume").wantCode(t, exitFailed)
		if !strings.Contains(r.stderr, "1 rows failed") {
			t.Fatalf("run %d: %s", i, r.stderr)
		}
		b, _ := os.ReadFile(out)
		if n := strings.Count(string(b), "\n"); n != 4 || !strings.Contains(string(b), "DE-HRB-K1101-99812,2,") {
			t.Fatalf("run %d: %d lines, want the header and 3 rows:\n%s", i, n, b)
		}
	}
	srv.ClearFaults()
	h.run(t, "enrich", "--in", in, "--out", out, "--resume").wantCode(t, 0)
	if b, _ := os.ReadFile(out); string(b) != whole {
		t.Errorf("after the failure was retried:\n%s\nwant:\n%s", b, whole)
	}
}

func TestResumeRefusesAnotherInput(t *testing.T) {
	in := writeInput(t, "ids.csv", "company_id\nDE-HRB-F1103-267645\n")
	srv := newFake(t)
	out := filepath.Join(t.TempDir(), "enriched.csv")
	against(srv).run(t, "enrich", "--in", in, "--out", out, "--resume").wantCode(t, 0)
	if err := os.WriteFile(in, []byte("company_id\nDE-HRB-K1101-99812\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := against(srv).run(t, "enrich", "--in", in, "--out", out, "--resume").wantCode(t, exitUsage)
	for _, want := range []string{"another input", "--in", "without --resume"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q: %s", want, r.stderr)
		}
	}
	r = against(srv).run(t, "match", "--in", in, "--out", out, "--resume").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, `of "enrich", not of "match"`) {
		t.Errorf("resuming another command's state: %s", r.stderr)
	}
	r = cli(t, "--fake", "match", "--out", out, "--resume")
	if r.code != exitUsage || !strings.Contains(r.stderr, "--resume needs --in") {
		t.Errorf("--resume from stdin: %d %s", r.code, r.stderr)
	}
}

// TestResumeAfterATornJournal: a journal whose last line a kill cut short
// is resumed as if that row had not been done.
func TestResumeAfterATornJournal(t *testing.T) {
	in := writeInput(t, "customers.csv", customers)
	whole, _ := uninterrupted(t, "match", in)
	srv := newFake(t)
	out := filepath.Join(t.TempDir(), "matched.csv")
	against(srv).run(t, "match", "--in", in, "--out", out).wantCode(t, 0)
	state, err := os.ReadFile(out + ".resume")
	if err != nil {
		t.Fatal(err)
	}
	for cut := len(state) - 1; cut > len(state)-40; cut -= 7 {
		if err := os.WriteFile(out+".resume", state[:cut], 0o600); err != nil {
			t.Fatal(err)
		}
		r := against(srv).run(t, "match", "--in", in, "--out", out, "--resume").wantCode(t, 0)
		if !strings.Contains(r.stderr, "1 rows: ") {
			t.Errorf("cut at %d: the torn row was not done again:\n%s", cut, r.stderr)
		}
		if b, _ := os.ReadFile(out); string(b) != whole {
			t.Errorf("cut at %d: output differs", cut)
		}
		state, _ = os.ReadFile(out + ".resume")
	}
}

// TestMatchFromStdinToAFile: rows read from standard input and written
// to --out give what stdout gets, and leave no file but the output and
// its resume state.
func TestMatchFromStdinToAFile(t *testing.T) {
	whole := harness{stdin: customers}.run(t, "--fake", "match").wantCode(t, 0)
	dir := t.TempDir()
	out := filepath.Join(dir, "matched.csv")
	harness{stdin: customers}.run(t, "--fake", "match", "--out", out).wantCode(t, 0)
	if b, _ := os.ReadFile(out); string(b) != whole.stdout {
		t.Errorf("--out from stdin:\n%s\nwant:\n%s", b, whole.stdout)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != "matched.csv matched.csv.resume matched.csv.resume-calls" {
		t.Errorf("files beside the output: %v", names)
	}
}

// TestMatchStopsAtAnOversizedRecord: a record past the bounds stops the
// run with its line and the bound, and the rows before it are written.
func TestMatchStopsAtAnOversizedRecord(t *testing.T) {
	in := writeInput(t, "in.csv", "firma;ort\nNordlicht Solartechnik GmbH;Berlin\n\""+strings.Repeat("x", 2<<20)+"\";Berlin\nHafenkontor Spedition;Hamburg\n")
	out := filepath.Join(t.TempDir(), "out.csv")
	r := cli(t, "--fake", "match", "--in", in, "--out", out)
	if r.code == 0 || !strings.Contains(r.stderr, "line 3") || !strings.Contains(r.stderr, "1 MiB") {
		t.Errorf("exit %d, stderr:\n%s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(out); strings.Count(string(b), "\n") != 2 || !strings.Contains(string(b), "Nordlicht Solartechnik GmbH;") && !strings.Contains(string(b), "Nordlicht Solartechnik GmbH,") {
		t.Errorf("output:\n%s", b)
	}
}

// TestResumeAcrossChunks: with chunks of 3 rows, runs stopped by the
// budget in the middle of rows that make two paid calls, in later chunks,
// and resumed, give the whole run's output and bill what it bills: the
// calls of the chunk a stop cut short are kept until that chunk is done.
func TestResumeAcrossChunks(t *testing.T) {
	defer func(n int) { chunkRows = n }(chunkRows)
	chunkRows = 3
	rng := rand.New(rand.NewSource(7))
	in := writeInput(t, "crm.csv", hostilegen.Customers(rng, 20, []string{"Nordlicht", "Helios", "Kessler", "Brennwert"}, registerRefs))
	whole, wholeBilled := uninterrupted(t, "match", in, "--concurrency", "1")
	srv := newFake(t)
	h := against(srv)
	out := filepath.Join(t.TempDir(), "matched.csv")
	for _, budget := range []int64{15, 25, 15, 35, 25, wholeBilled} {
		h.run(t, "--budget", strconv.FormatInt(budget, 10), "match", "--in", in, "--out", out, "--resume", "--concurrency", "1")
	}
	if b, _ := os.ReadFile(out); string(b) != whole {
		t.Errorf("resumed output differs from the whole run's:\n--- resumed\n%s--- whole\n%s", b, whole)
	}
	if got := billed(t, srv); got != wholeBilled {
		t.Errorf("the fake billed %d credits over the runs, one whole run %d", got, wholeBilled)
	}
}
