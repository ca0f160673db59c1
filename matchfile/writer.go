package matchfile

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/spreadsheet"
)

// MatchColumns are the columns a match adds to the input's.
var MatchColumns = []string{"company_id", "matched_name", "score", "status", "reasons"}

// EnrichColumns are the columns an enrichment adds to the input's.
var EnrichColumns = []string{
	"company_status", "legal_form", "address", "capital", "capital_currency",
	"revenue", "employees", "figures_date", "directors", "error",
}

// Statuses of a match row.
const (
	StatusMatched   = "matched"   // Match.Best is set
	StatusAmbiguous = "ambiguous" // no Best, but a candidate reaches MinScore: several fit
	StatusNone      = "none"      // no candidate reaches MinScore
	StatusError     = "error"     // the match failed; reasons holds the error
)

// MinClosestScore is the floor of the "closest" candidate a row without
// a confident match names in its reasons: a candidate scoring below it
// shares next to nothing with the row (a 0.000 candidate is noise), so
// the row says "no company found" instead.
const MinClosestScore = 0.3

// matchText and enrichText are the added cells that carry register text
// (ids, names, addresses, directors, reasons and errors quoting them); the
// others are numbers and dates this package formats itself.
var (
	matchText  = []bool{true, true, false, true, true}
	enrichText = []bool{true, true, true, false, true, false, false, false, true, true}
)

// WriterOptions configure NewWriter.
type WriterOptions struct {
	// Format of the output; required.
	Format Format
	// Header names the input columns written, in order (for CSV, the
	// reader's Header). Nil writes each row's own columns, as JSON Lines
	// input has them.
	Header []string
	// Enrich writes EnrichColumns instead of MatchColumns.
	Enrich bool
	// Append leaves the CSV header line out: the output continues a file
	// written before (a resumed run).
	Append bool
	// MinScore tells ambiguous from none: 0 means
	// registerdata.DefaultMatchMinScore.
	MinScore float64
	// Raw writes register text into CSV cells as received. By default a
	// cell of register text that a spreadsheet would read as a formula
	// (starting with =, +, -, @, a tab or a carriage return) gets a
	// leading single quote (see the OWASP guidance on CSV injection): a
	// company named "=HYPERLINK(...)" stays text. The input's own cells
	// are always written as read, and JSON Lines is never changed.
	Raw bool
}

// Writer writes rows with their outcome.
type Writer struct {
	o       WriterOptions
	buf     *bufio.Writer
	csv     *csv.Writer
	started bool
}

// NewWriter starts writing to w.
func NewWriter(w io.Writer, o WriterOptions) (*Writer, error) {
	if o.Format != CSV && o.Format != JSONL {
		return nil, fmt.Errorf("matchfile: WriterOptions.Format is %v: use CSV or JSONL", o.Format)
	}
	if o.MinScore == 0 {
		o.MinScore = registerdata.DefaultMatchMinScore
	}
	wr := &Writer{o: o, buf: bufio.NewWriter(w)}
	if o.Format == CSV {
		wr.csv = csv.NewWriter(wr.buf)
	}
	return wr, nil
}

func (w *Writer) added() []string {
	if w.o.Enrich {
		return EnrichColumns
	}
	return MatchColumns
}

// Columns returns the output's column names: the input's, then the
// added ones.
func (w *Writer) Columns() []string {
	return append(append([]string(nil), w.o.Header...), w.added()...)
}

// MatchCells are the added cells of a match outcome: company id and name
// of Best, its score (else the top candidate's), the status and the
// reasons ("; " between them; for an ambiguous row, the candidates that
// fit; for a row without a match, the closest candidate when it scores
// at least MinClosestScore).
func MatchCells(m *registerdata.Match, err error, minScore float64) []string {
	if minScore == 0 {
		minScore = registerdata.DefaultMatchMinScore
	}
	switch {
	case err != nil:
		return []string{"", "", "", StatusError, err.Error()}
	case m.Best != nil:
		return []string{m.Best.CompanyID, m.Best.Name, score(m.Best.Score), StatusMatched, strings.Join(m.Best.Reasons, "; ")}
	case len(m.Candidates) > 0 && m.Candidates[0].Score >= minScore:
		var fit []string
		for _, c := range m.Candidates {
			if c.Score >= minScore {
				fit = append(fit, fmt.Sprintf("%s (%s, %s): %s", c.Name, c.CompanyID, score(c.Score), strings.Join(c.Reasons, ", ")))
			}
		}
		return []string{"", "", score(m.Candidates[0].Score), StatusAmbiguous, "several companies fit: " + strings.Join(fit, "; ")}
	case len(m.Candidates) > 0 && m.Candidates[0].Score >= MinClosestScore:
		c := m.Candidates[0]
		return []string{"", "", score(c.Score), StatusNone, fmt.Sprintf("closest: %s (%s, %s): %s", c.Name, c.CompanyID, score(c.Score), strings.Join(c.Reasons, ", "))}
	}
	return []string{"", "", "", StatusNone, "no company found"}
}

func score(f float64) string { return strconv.FormatFloat(f, 'f', 3, 64) }

// EnrichCells are the added cells of an enrichment: the company's
// status, legal form, address, capital and currency, latest revenue (in
// currency units, not cents) and employees with the date of those
// figures, and its current directors ("; " between them).
func EnrichCells(co *registerdata.Company, err error) []string {
	if err != nil {
		return []string{"", "", "", "", "", "", "", "", "", err.Error()}
	}
	out := []string{string(co.Status), string(co.LegalForm), co.Address.FormattedValue, "", "", "", "", "", "", ""}
	if co.Capital != nil {
		out[3] = strconv.FormatFloat(co.Capital.Amount, 'f', -1, 64)
		out[4] = string(co.Capital.Currency)
	}
	if ind, ok := co.LatestIndicators(); ok {
		if ind.Revenue != nil {
			out[5] = strconv.FormatFloat(float64(*ind.Revenue)/100, 'f', 2, 64)
		}
		if ind.Employees != nil {
			out[6] = strconv.FormatInt(*ind.Employees, 10)
		}
		out[7] = ind.Date.String()
	}
	var directors []string
	for _, r := range co.Representation {
		if r.EndDate == nil && (r.Role == "DIRECTOR" || r.Role == "PERSONAL_LIABLE_DIRECTOR") {
			directors = append(directors, r.Name)
		}
	}
	out[8] = strings.Join(directors, "; ")
	return out
}

// WriteMatch writes row with the outcome of its match.
func (w *Writer) WriteMatch(row Row, m *registerdata.Match, err error) error {
	if err == nil && m == nil {
		return fmt.Errorf("matchfile: row %d: no match and no error", row.Index)
	}
	return w.WriteCells(row, MatchCells(m, err, w.o.MinScore))
}

// WriteEnriched writes row with the company's columns (or err).
func (w *Writer) WriteEnriched(row Row, co *registerdata.Company, err error) error {
	if err == nil && co == nil {
		return fmt.Errorf("matchfile: row %d: no company and no error", row.Index)
	}
	return w.WriteCells(row, EnrichCells(co, err))
}

// WriteCells writes row with added cells computed before (by MatchCells
// or EnrichCells, or kept from an earlier run): one cell per added column.
func (w *Writer) WriteCells(row Row, added []string) error {
	if len(added) != len(w.added()) {
		return fmt.Errorf("matchfile: row %d: %d added cells, want %d (%s)", row.Index, len(added), len(w.added()), strings.Join(w.added(), ", "))
	}
	header := w.o.Header
	if header == nil {
		header = row.Header
	}
	names := append(append([]string(nil), header...), w.added()...)
	cells := make([]string, 0, len(names))
	for _, h := range header {
		v := ""
		if j := indexOf(row.Header, h); j >= 0 && j < len(row.Cells) {
			v = row.Cells[j]
		}
		cells = append(cells, v)
	}
	text := matchText
	if w.o.Enrich {
		text = enrichText
	}
	for i, c := range added {
		if w.csv != nil && !w.o.Raw && text[i] {
			c = spreadsheet.Inert(c)
		}
		cells = append(cells, c)
	}
	if w.csv != nil {
		if !w.started && !w.o.Append {
			if err := w.csv.Write(names); err != nil {
				return err
			}
		}
		w.started = true
		return w.csv.Write(cells)
	}
	w.buf.WriteByte('{')
	for i, n := range names {
		if i > 0 {
			w.buf.WriteByte(',')
		}
		k, _ := json.Marshal(n)
		v, _ := json.Marshal(cells[i])
		w.buf.Write(k)
		w.buf.WriteByte(':')
		w.buf.Write(v)
	}
	_, err := w.buf.WriteString("}\n")
	return err
}

// Flush writes what is buffered; call it at the end (and whenever the
// output should be complete on disk, so that a resumed run finds it).
func (w *Writer) Flush() error {
	if w.csv != nil {
		w.csv.Flush()
		if err := w.csv.Error(); err != nil {
			return err
		}
	}
	return w.buf.Flush()
}
