package matchfile

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

func sampleMatches() []*registerdata.Match {
	best := registerdata.MatchCandidate{CompanyID: "DE-HRB-F1103-267645", Name: "Nordlicht Solartechnik GmbH", Score: 1, Reasons: []string{"name equal after normalisation", "city equal: Berlin"}}
	a := registerdata.MatchCandidate{CompanyID: "DE-HRB-K1101-1", Name: "Löwenherz Bau GmbH", Score: 1, Reasons: []string{"name equal after normalisation"}}
	b := registerdata.MatchCandidate{CompanyID: "DE-HRB-F1103-2", Name: "Löwenherz Bau GmbH", Score: 1, Reasons: []string{"name equal after normalisation"}}
	far := registerdata.MatchCandidate{CompanyID: "DE-HRB-F1103-3", Name: "Nordlicht Service GmbH", Score: 0.4, Reasons: []string{"name similar (0.40)"}}
	return []*registerdata.Match{
		{Best: &best, Candidates: []registerdata.MatchCandidate{best}},
		{Candidates: []registerdata.MatchCandidate{a, b}},
		{Candidates: []registerdata.MatchCandidate{far}},
		{Candidates: []registerdata.MatchCandidate{}},
	}
}

func TestWriteMatchCSV(t *testing.T) {
	in := "Firma,Ort\nNordlicht Solartechnik,Berlin\nLöwenherz Bau,\nNordlicht Windtechnik,Berlin\nZzyzx,\nBroken,\n"
	rd, err := NewReader(strings.NewReader(in), ReaderOptions{Format: CSV})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w, err := NewWriter(&out, WriterOptions{Format: CSV, Header: rd.Header()})
	if err != nil {
		t.Fatal(err)
	}
	ms := sampleMatches()
	for i := 0; ; i++ {
		row, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if i < len(ms) {
			err = w.WriteMatch(row, ms[i], nil)
		} else {
			err = w.WriteMatch(row, nil, registerdata.ErrBudgetExceeded)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	want := []string{
		"Firma,Ort,company_id,matched_name,score,status,reasons",
		"Nordlicht Solartechnik,Berlin,DE-HRB-F1103-267645,Nordlicht Solartechnik GmbH,1.000,matched,name equal after normalisation; city equal: Berlin",
		`Löwenherz Bau,,,,1.000,ambiguous,"several companies fit: Löwenherz Bau GmbH (DE-HRB-K1101-1, 1.000): name equal after normalisation; Löwenherz Bau GmbH (DE-HRB-F1103-2, 1.000): name equal after normalisation"`,
		`Nordlicht Windtechnik,Berlin,,,0.400,none,"closest: Nordlicht Service GmbH (DE-HRB-F1103-3, 0.400): name similar (0.40)"`,
		"Zzyzx,,,,,none,no company found",
		"Broken,,,,,error,registerdata: credit budget exceeded",
	}
	if len(lines) != len(want) {
		t.Fatalf("output:\n%s", out.String())
	}
	for i := range want {
		if i < 5 && lines[i] != want[i] || i == 5 && !strings.HasPrefix(lines[i], "Broken,,,,,error,") {
			t.Errorf("line %d:\n got %s\nwant %s", i, lines[i], want[i])
		}
	}
}

func TestWriteJSONLinesKeepsInputColumns(t *testing.T) {
	rd, err := NewReader(strings.NewReader(`{"id_intern": "7", "name": "Nordlicht Solartechnik"}`+"\n"), ReaderOptions{Format: JSONL})
	if err != nil {
		t.Fatal(err)
	}
	row, err := rd.Next()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	w, _ := NewWriter(&out, WriterOptions{Format: JSONL})
	if err := w.WriteMatch(row, sampleMatches()[0], nil); err != nil {
		t.Fatal(err)
	}
	_ = w.Flush()
	want := `{"id_intern":"7","name":"Nordlicht Solartechnik","company_id":"DE-HRB-F1103-267645","matched_name":"Nordlicht Solartechnik GmbH","score":"1.000","status":"matched","reasons":"name equal after normalisation; city equal: Berlin"}` + "\n"
	if out.String() != want {
		t.Errorf("got  %s want %s", out.String(), want)
	}
}

func TestEnrichCells(t *testing.T) {
	rev, emp := int64(123456789), int64(42)
	end := registerdata.NewDate(2020, 1, 1)
	co := &registerdata.Company{
		Status: enums.CompanyStatusActive, LegalForm: enums.LegalFormGmbH,
		Address: registerdata.CompanyAddress{FormattedValue: "Hauptstraße 1, 10115 Berlin, Deutschland"},
		Capital: &registerdata.CompanyCapital{Amount: 25000, Currency: enums.CurrencyEUR},
		Indicators: []registerdata.IndicatorSummary{
			{Date: registerdata.NewDate(2022, 12, 31), Revenue: &rev, Employees: &emp},
		},
		Representation: []registerdata.Representative{
			{Name: "Anna Weber", Role: enums.RoleDirector},
			{Name: "Jan Koch", Role: enums.RoleDirector, EndDate: &end},
			{Name: "Lea Braun", Role: enums.RoleProkura},
		},
	}
	got := EnrichCells(co, nil)
	want := []string{"active", "gmbh", "Hauptstraße 1, 10115 Berlin, Deutschland", "25000", "EUR", "1234567.89", "42", "2022-12-31", "Anna Weber", ""}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	if got := EnrichCells(nil, registerdata.ErrNotFound); got[9] == "" || got[0] != "" {
		t.Errorf("an error: %q", got)
	}
}
