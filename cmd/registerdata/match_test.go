package main

import (
	"encoding/csv"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/matchfile"
)

// customers is a customer list as a German spreadsheet exports it.
const customers = "Kundennr;Firma;Ort;Handelsregister\n" +
	"1001;Nordlicht Solar-Technik GmbH i.L.;Berlin;\n" +
	"1002;;;AG Hamburg HRB 99812\n" +
	"1003;Hafenkontor Spedition;München;\n" +
	"1004;Helios Energie Holding AG;München;\n" +
	"1005;Kessler Maschinenbau;Hannover;\n" +
	"1006;Brennwert Heiztechnik GmbH;Düsseldorf;\n" +
	"1007;Alte Mühle Gastronomie GmbH;Nürnberg;\n" +
	"1008;Pfalzblick Logistik GmbH;Ludwigshafen am Rhein;\n"

func TestMatchCSV(t *testing.T) {
	r := harness{stdin: customers}.run(t, "--fake", "match").wantCode(t, 0)
	golden(t, "match_csv", r.stdout)
	if !regexp.MustCompile(`(?m)^8 rows: \d+ matched, \d+ ambiguous, \d+ none, 0 failed in `).MatchString(r.stderr) {
		t.Errorf("stderr lacks the summary line:\n%s", r.stderr)
	}
	if strings.Contains(r.stderr, "\r") {
		t.Errorf("a progress bar was drawn on a stderr that is no terminal:\n%q", r.stderr)
	}
}

func TestMatchJSONLWithColumnOverride(t *testing.T) {
	in := `{"Kunde": "Nordlicht Solartechnik GmbH", "Niederlassung": "Berlin", "nr": 7}` + "\n"
	r := harness{stdin: in}.run(t, "--fake", "match", "--format", "jsonl", "--column", "name=Kunde", "--column", "city=Niederlassung").wantCode(t, 0)
	want := `{"Kunde":"Nordlicht Solartechnik GmbH","Niederlassung":"Berlin","nr":"7","company_id":"DE-HRB-F1103-267645",`
	if !strings.HasPrefix(r.stdout, want) || !strings.Contains(r.stdout, `"status":"matched"`) {
		t.Errorf("stdout = %s, want it to start with %s and be matched", r.stdout, want)
	}
}

func TestMatchProgressBarOnATerminal(t *testing.T) {
	r := harness{stdin: customers, setup: func(a *app) { a.stderrTTY = true }}.run(t, "--fake", "match").wantCode(t, 0)
	for _, want := range []string{"found, ", "credits", "rows"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("the progress bar lacks %q:\n%q", want, r.stderr)
		}
	}
}

// costOf reads the credits of the cost line a run printed.
func creditsOf(t *testing.T, r result) int {
	t.Helper()
	m := regexp.MustCompile(`cost: (\d+) credits?`).FindStringSubmatch(r.stderr)
	if m == nil {
		t.Fatalf("no cost line in stderr:\n%s", r.stderr)
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

func TestMatchUsageErrors(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--resume"}, "--resume needs --out"},
		{[]string{"--format", "xml"}, `--format "xml"`},
		{[]string{"--column", "nmae=Firma"}, `unknown field "nmae"`},
		{[]string{"--column", "name=Kunde"}, `the input has no column "Kunde"`},
		{[]string{"--concurrency", "0"}, "--concurrency 0"},
		{[]string{"--in", "/nonexistent/x.csv"}, "--in: open /nonexistent/x.csv"},
	} {
		r := harness{stdin: customers}.run(t, append([]string{"--fake", "match"}, tc.args...)...).wantCode(t, exitUsage)
		if !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%v: stderr = %q, want %q", tc.args, r.stderr, tc.want)
		}
	}
	r := harness{stdin: "Kundennr;Bemerkung\n1;x\n"}.run(t, "--fake", "match").wantCode(t, exitUsage)
	if !strings.Contains(r.stderr, "no column names a company") {
		t.Errorf("stderr = %q", r.stderr)
	}
}

func TestEnrichMatchOutput(t *testing.T) {
	matched := harness{stdin: customers}.run(t, "--fake", "match").wantCode(t, 0)
	r := harness{stdin: matched.stdout}.run(t, "--fake", "enrich").wantCode(t, 0)
	golden(t, "enrich_csv", r.stdout)
	if !regexp.MustCompile(`(?m)^8 rows: \d+ enriched, [1-9]\d* without company_id, 0 failed in `).MatchString(r.stderr) {
		t.Errorf("stderr lacks the summary line:\n%s", r.stderr)
	}
	if !strings.Contains(r.stdout, "Katrin Albers; Lukas Hoffmann") {
		t.Errorf("Nordlicht's directors are missing:\n%s", r.stdout)
	}
}

func TestEnrichFailedLookupExitsOne(t *testing.T) {
	r := harness{stdin: "company_id\nDE-HRB-F1103-267645\nDE-HRB-X9999-1\n"}.run(t, "--fake", "enrich", "--format", "csv").wantCode(t, exitFailed)
	if !strings.Contains(r.stdout, "DE-HRB-X9999-1,,,,,,,,,,") || !strings.Contains(r.stderr, "1 rows failed") {
		t.Errorf("stdout:\n%s\nstderr:\n%s", r.stdout, r.stderr)
	}
}

func TestMatchMalformedRecordsAreReportedAndTheRestGoesOn(t *testing.T) {
	in := `{"name": "Nordlicht Solartechnik GmbH", "city": "Berlin"}` + "\n" + `{"name": ` + "\n" + `["a"]` + "\n" +
		`{"name": "Hafenkontor Spedition GmbH", "city": "Hamburg"}` + "\n"
	r := harness{stdin: in}.run(t, "--fake", "match", "--format", "jsonl").wantCode(t, exitFailed)
	if n := strings.Count(r.stdout, `"status":"matched"`); n != 2 {
		t.Errorf("%d rows matched, want the 2 readable ones:\n%s", n, r.stdout)
	}
	for _, want := range []string{"skipped: matchfile: line 2: ", "skipped: matchfile: line 3: ", ", 2 unreadable", "2 input records could not be read"} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
}

// TestMatchNamesNoClosestCandidateBelowTheFloor is issue 34 item 7: a row
// without a confident match names its closest candidate only when that
// scores at least matchfile.MinClosestScore; else it says "no company
// found" (rows such as "Bau" or "Solar Müller" in Köln had a closest
// candidate scored 0.000).
func TestMatchNamesNoClosestCandidateBelowTheFloor(t *testing.T) {
	r := harness{stdin: "firma;ort\nSolar Müller;Köln\nBau;\nEnergie;\nNordlicht;Berlin\n"}.run(t, "--fake", "match").wantCode(t, 0)
	recs, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil || len(recs) != 5 {
		t.Fatalf("output %q: %v", r.stdout, err)
	}
	for _, rec := range recs[1:] {
		score, status, reasons := rec[4], rec[5], rec[6]
		if status != "none" {
			continue
		}
		if strings.HasPrefix(reasons, "closest: ") {
			if f, err := strconv.ParseFloat(score, 64); err != nil || f < matchfile.MinClosestScore || f == 0 {
				t.Errorf("%s: closest candidate scored %q shown, below the floor %.2f: %s", rec[0], score, matchfile.MinClosestScore, reasons)
			}
		} else if reasons != "no company found" || score != "" {
			t.Errorf("%s: score %q, reasons %q; want no score and \"no company found\"", rec[0], score, reasons)
		}
	}
}
