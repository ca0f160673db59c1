package matchfile

import (
	"errors"
	"io"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
)

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
