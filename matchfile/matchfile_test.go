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

func TestDetectColumnsGermanAndEnglish(t *testing.T) {
	cases := []struct {
		header []string
		want   Columns
	}{
		{[]string{"Kundennr", "Firma", "Straße", "PLZ", "Ort", "Handelsregister", "USt-IdNr.", "LEI", "Webseite"},
			Columns{"name": 1, "street": 2, "postal_code": 3, "city": 4, "register": 5, "vat_id": 6, "lei": 7, "website": 8}},
		{[]string{"Company Name", "City", "ZIP", "Street", "HRB", "VAT ID", "Domain"},
			Columns{"name": 0, "city": 1, "postal_code": 2, "street": 3, "register": 4, "vat_id": 5, "website": 6}},
		{[]string{"name", "stadt", "postal_code", "register", "vat", "url", "company_id"},
			Columns{"name": 0, "city": 1, "postal_code": 2, "register": 3, "vat_id": 4, "website": 5, "company_id": 6}},
	}
	for _, c := range cases {
		got, err := DetectColumns(c.header, nil)
		if err != nil {
			t.Fatalf("%q: %v", c.header, err)
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: got %v, want %v", c.header, got, c.want)
		}
		for f, i := range c.want {
			if got[f] != i {
				t.Errorf("%q: %s in column %d, want %d", c.header, f, got[f], i)
			}
		}
	}
}

func TestDetectColumnsOverridesAndErrors(t *testing.T) {
	ov, err := ParseOverrides([]string{"name=Kundenname", "city = Sitz der Firma"})
	if err != nil {
		t.Fatal(err)
	}
	cols, err := DetectColumns([]string{"Nr", "Kundenname", "Sitz der Firma", "Firma"}, ov)
	if err != nil || cols["name"] != 1 || cols["city"] != 2 {
		t.Fatalf("overrides: %v, %v", cols, err)
	}
	for _, bad := range [][]string{{"name"}, {"=Firma"}, {"colour=Farbe"}} {
		if _, err := ParseOverrides(bad); err == nil {
			t.Errorf("ParseOverrides(%q) accepted", bad)
		}
	}
	if _, err := DetectColumns([]string{"Firma"}, map[string]string{"name": "Kunde"}); err == nil {
		t.Error("an override naming a missing column was accepted")
	}
	if _, err := DetectColumns([]string{"Ort", "PLZ"}, nil); err == nil {
		t.Error("a header naming no company was accepted")
	}
}

func TestReadCSVWithSemicolonsAndBOM(t *testing.T) {
	in := "\xef\xbb\xbfFirma;Ort;Register\n\"Nordlicht Solartechnik GmbH\";Berlin;\"HRB 267645 B\"\n\n\"Wagner; Sohn OHG\";Frankfurt am Main;\n"
	rd, err := NewReader(strings.NewReader(in), ReaderOptions{Format: CSV})
	if err != nil {
		t.Fatal(err)
	}
	var rows []Row
	for {
		row, err := rd.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows = append(rows, row)
	}
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2", len(rows))
	}
	want := registerdata.MatchQuery{Name: "Nordlicht Solartechnik GmbH", City: "Berlin", Register: "HRB 267645 B"}
	if rows[0].Query != want || rows[1].Query.Name != "Wagner; Sohn OHG" || rows[1].Index != 1 {
		t.Errorf("rows: %+v", rows)
	}
}

func TestReadJSONLines(t *testing.T) {
	in := `{"company": "Nordlicht Solartechnik GmbH", "plz": 10115}
{"company": "Hafenkontor Spedition GmbH", "city": "Hamburg", "note": null}
{"company": {"nested": true}}
not json
{"ust-id": "DE318274655"}
`
	rd, err := NewReader(strings.NewReader(in), ReaderOptions{Format: JSONL})
	if err != nil {
		t.Fatal(err)
	}
	r1, err := rd.Next()
	if err != nil || r1.Query.Name != "Nordlicht Solartechnik GmbH" || r1.Query.PostalCode != "10115" {
		t.Fatalf("line 1: %+v, %v", r1.Query, err)
	}
	r2, err := rd.Next()
	if err != nil || r2.Query.City != "Hamburg" || len(r2.Cells) != len(rd.Header()) {
		t.Fatalf("line 2: %+v, %v", r2, err)
	}
	if _, err := rd.Next(); err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("a nested value: %v", err)
	}
	if _, err := rd.Next(); err == nil || !strings.Contains(err.Error(), "line 4") {
		t.Errorf("a line that is not JSON: %v", err)
	}
	r5, err := rd.Next()
	if err != nil || r5.Query.VATID != "DE318274655" {
		t.Fatalf("line 5: %+v, %v", r5.Query, err)
	}
	if _, err := rd.Next(); !errors.Is(err, io.EOF) {
		t.Errorf("after the last line: %v", err)
	}
}

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

func TestBadOptions(t *testing.T) {
	if _, err := NewReader(strings.NewReader("a\n"), ReaderOptions{}); err == nil {
		t.Error("no format accepted")
	}
	if _, err := NewReader(strings.NewReader(""), ReaderOptions{Format: CSV}); err == nil {
		t.Error("an empty CSV accepted")
	}
	if _, err := NewWriter(io.Discard, WriterOptions{}); err == nil {
		t.Error("a writer without format accepted")
	}
	if _, err := ParseFormat("xml"); err == nil {
		t.Error("ParseFormat(xml) accepted")
	}
}
