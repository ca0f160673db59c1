package matchfile

import (
	"bytes"
	"encoding/csv"
	"errors"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// formulaStarts are the first characters a spreadsheet reads as a
// formula (OWASP, CSV injection).
var formulaStarts = []string{"=", "+", "-", "@", "\t", "\r"}

// hostileText is register text starting with the i-th formula start.
func hostileText(i int, what string) string {
	return formulaStarts[i%len(formulaStarts)] + `HYPERLINK("http://evil.example/` + what + `","x")`
}

// writeOne writes one row with the writer's options and reads the CSV
// back: the header and the one record.
func writeOne(t *testing.T, o WriterOptions, write func(*Writer, Row) error) (header, rec []string) {
	t.Helper()
	var out bytes.Buffer
	o.Format, o.Header = CSV, []string{"name"}
	w, err := NewWriter(&out, o)
	if err != nil {
		t.Fatal(err)
	}
	// The input's own cell starts with '=' too: it is the user's, and
	// stays as read.
	row := Row{Header: []string{"name"}, Cells: []string{"=input"}}
	if err := write(w, row); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(recs) != 2 {
		t.Fatalf("output %q: %v", out.String(), err)
	}
	if recs[1][0] != "=input" {
		t.Errorf("the input's cell became %q", recs[1][0])
	}
	return recs[0], recs[1]
}

// checkText checks that each register-text column of rec starts with the
// quote (or, raw, with the hostile character itself).
func checkText(t *testing.T, header, rec []string, textCols []string, raw bool) {
	t.Helper()
	for _, col := range textCols {
		i := indexOf(header, col)
		if i < 0 {
			t.Fatalf("no column %s in %q", col, header)
		}
		c := rec[i]
		if c == "" {
			t.Errorf("column %s is empty: the test lost its hostile text", col)
			continue
		}
		switch {
		case raw && strings.HasPrefix(c, "'"):
			t.Errorf("raw: column %s = %q was changed", col, c)
		case !raw && (!strings.HasPrefix(c, "'") || !strings.ContainsAny(c[1:2], "=+-@\t\r")):
			t.Errorf("column %s = %q: a formula a spreadsheet would run", col, c)
		}
	}
}

func TestWriteMatchNeutralisesRegisterText(t *testing.T) {
	matched := registerdata.MatchCandidate{CompanyID: hostileText(0, "id"), Name: hostileText(1, "name"), Score: 1, Reasons: []string{hostileText(2, "reason")}}
	for _, raw := range []bool{false, true} {
		h, rec := writeOne(t, WriterOptions{Raw: raw}, func(w *Writer, row Row) error {
			return w.WriteMatch(row, &registerdata.Match{Best: &matched, Candidates: []registerdata.MatchCandidate{matched}}, nil)
		})
		checkText(t, h, rec, []string{"company_id", "matched_name", "reasons"}, raw)
		// An error whose text starts with a formula character.
		h, rec = writeOne(t, WriterOptions{Raw: raw}, func(w *Writer, row Row) error {
			return w.WriteMatch(row, nil, errors.New(hostileText(3, "error")))
		})
		checkText(t, h, rec, []string{"reasons"}, raw)
	}
}

func TestWriteEnrichedNeutralisesRegisterText(t *testing.T) {
	co := &registerdata.Company{
		Status:    enums.CompanyStatus(hostileText(0, "status")),
		LegalForm: enums.LegalForm(hostileText(1, "form")),
		Capital:   &registerdata.CompanyCapital{Amount: 25000, Currency: enums.Currency(hostileText(2, "currency"))},
		Representation: []registerdata.Representative{
			{Name: hostileText(3, "director"), Role: "DIRECTOR"},
		},
	}
	co.Address.FormattedValue = hostileText(4, "address")
	for _, raw := range []bool{false, true} {
		h, rec := writeOne(t, WriterOptions{Enrich: true, Raw: raw}, func(w *Writer, row Row) error { return w.WriteEnriched(row, co, nil) })
		checkText(t, h, rec, []string{"company_status", "legal_form", "address", "capital_currency", "directors"}, raw)
		if got := rec[indexOf(h, "capital")]; got != "25000" {
			t.Errorf("capital = %q, a number stays a number", got)
		}
		h, rec = writeOne(t, WriterOptions{Enrich: true, Raw: raw}, func(w *Writer, row Row) error {
			return w.WriteEnriched(row, nil, errors.New(hostileText(5, "error")))
		})
		checkText(t, h, rec, []string{"error"}, raw)
	}
}

func TestJSONLinesKeepRegisterTextAsReceived(t *testing.T) {
	var out bytes.Buffer
	w, _ := NewWriter(&out, WriterOptions{Format: JSONL})
	c := registerdata.MatchCandidate{CompanyID: "DE-1", Name: "=1+1", Score: 1}
	if err := w.WriteMatch(Row{Header: []string{"name"}, Cells: []string{"x"}}, &registerdata.Match{Best: &c}, nil); err != nil {
		t.Fatal(err)
	}
	_ = w.Flush()
	if !strings.Contains(out.String(), `"matched_name":"=1+1"`) {
		t.Errorf("JSON Lines changed the name: %s", out.String())
	}
}

func TestClosestCandidateOnlyAboveTheFloor(t *testing.T) {
	for _, tc := range []struct {
		score   float64
		closest bool
	}{{0, false}, {MinClosestScore - 0.001, false}, {MinClosestScore, true}, {0.6, true}} {
		c := registerdata.MatchCandidate{CompanyID: "DE-1", Name: "Nordlicht Service GmbH", Score: tc.score}
		cells := MatchCells(&registerdata.Match{Candidates: []registerdata.MatchCandidate{c}}, nil, 0)
		if cells[3] != StatusNone {
			t.Errorf("score %.3f: status %q, want none", tc.score, cells[3])
		}
		if got := strings.HasPrefix(cells[4], "closest: Nordlicht Service GmbH"); got != tc.closest {
			t.Errorf("score %.3f: reasons %q; closest shown %v, want %v", tc.score, cells[4], got, tc.closest)
		}
		if !tc.closest && (cells[4] != "no company found" || cells[2] != "") {
			t.Errorf("score %.3f: cells %q, want no score and \"no company found\"", tc.score, cells)
		}
	}
}
