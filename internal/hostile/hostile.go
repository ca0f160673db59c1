// Package hostile generates inputs that attack the readers and writers of
// customer files: oversized fields produced lazily (a 64 MiB field without
// holding 64 MiB), customer lists whose columns are named like the ones
// the tools add (status, error, company_id, address, score, ...), with
// duplicate rows, quoted line breaks and register text that starts like a
// spreadsheet formula. Tests take their attacks from here, written apart
// from the code they attack, so that the code under test cannot shape its
// own inputs.
package hostile

import (
	"fmt"
	"io"
	"math/rand"
	"strings"
)

// Repeat is an io.Reader of prefix, then n copies of fill, then suffix,
// produced as it is read: a huge input that costs nothing to hold.
type Repeat struct {
	prefix, suffix string
	fill           byte
	n              int64
	pos            int64 // bytes read so far
}

// NewRepeat returns a reader of prefix, n bytes fill and suffix.
func NewRepeat(prefix string, fill byte, n int64, suffix string) *Repeat {
	return &Repeat{prefix: prefix, suffix: suffix, fill: fill, n: n}
}

// Read implements io.Reader.
func (r *Repeat) Read(p []byte) (int, error) {
	total := int64(len(r.prefix)) + r.n + int64(len(r.suffix))
	if r.pos >= total {
		return 0, io.EOF
	}
	k := 0
	for k < len(p) && r.pos < total {
		switch {
		case r.pos < int64(len(r.prefix)):
			p[k] = r.prefix[r.pos]
		case r.pos < int64(len(r.prefix))+r.n:
			p[k] = r.fill
		default:
			p[k] = r.suffix[r.pos-int64(len(r.prefix))-r.n]
		}
		k++
		r.pos++
	}
	return k, nil
}

// Consumed is how many bytes were read.
func (r *Repeat) Consumed() int64 { return r.pos }

// AddedColumns are the column names the match and enrich tools add to a
// row: an input that carries them must still be read as the user's data.
var AddedColumns = []string{
	"company_id", "matched_name", "score", "status", "reasons",
	"company_status", "legal_form", "address", "capital", "capital_currency",
	"revenue", "employees", "figures_date", "directors", "error",
}

// FormulaStarts are the first characters a spreadsheet reads as a formula.
var FormulaStarts = []string{"=", "+", "-", "@", "\t", "\r"}

// Customers is a CSV customer list of n rows (and its header) drawn from
// names with rng: every column the tools add appears as an input column
// with values of its own ("status" holding "error", "matched", "none";
// "error" holding text; "company_id" holding ids or nothing), about a
// third of the rows repeat an earlier row exactly, some cells hold quoted
// line breaks, quotes and separators, and some start like a formula.
// Each row looks a company up either by name (column firma, drawn from
// names) or by register reference (column handelsregister, drawn from
// refs); either list may be empty.
func Customers(rng *rand.Rand, n int, names, refs []string) string {
	header := append([]string{"nr", "firma", "handelsregister", "ort"}, AddedColumns...)
	var b strings.Builder
	b.WriteString(strings.Join(header, ",") + "\n")
	var rows [][]string
	for i := 0; i < n; i++ {
		if len(rows) > 0 && rng.Intn(3) == 0 {
			rows = append(rows, rows[rng.Intn(len(rows))]) // an exact duplicate
			continue
		}
		name, ref := "", ""
		if len(refs) == 0 || len(names) > 0 && rng.Intn(2) == 0 {
			name = names[rng.Intn(len(names))]
		} else {
			ref = refs[rng.Intn(len(refs))]
		}
		row := []string{
			fmt.Sprint(rng.Intn(5)), // numbers repeat too: identity is not content
			name, ref,
			[]string{"Berlin", "", "Hamburg", "München"}[rng.Intn(4)],
		}
		for _, col := range AddedColumns {
			row = append(row, hostileCell(rng, col))
		}
		rows = append(rows, row)
	}
	for _, row := range rows {
		for i, c := range row {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(quote(c))
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// hostileCell is a value for an input column named like an added one.
func hostileCell(rng *rand.Rand, col string) string {
	switch rng.Intn(6) {
	case 0:
		return ""
	case 1:
		switch col {
		case "status":
			return []string{"error", "matched", "none", "ambiguous"}[rng.Intn(4)]
		case "company_id":
			return "DE-HRB-F1103-" + fmt.Sprint(rng.Intn(3))
		}
		return col + " of the customer"
	case 2:
		return FormulaStarts[rng.Intn(len(FormulaStarts))] + "SUM(A1:A9)"
	case 3:
		return "two\nlines, \"quoted\"; and more"
	case 4:
		return "error"
	}
	return fmt.Sprint(rng.Intn(3))
}

// IDs is a CSV list of n rows whose only column is company_id, drawn from
// ids with rng, with exact duplicates and empty ids among them.
func IDs(rng *rand.Rand, n int, ids []string) string {
	var b strings.Builder
	b.WriteString("company_id\n")
	for i := 0; i < n; i++ {
		if rng.Intn(6) == 0 {
			b.WriteString("\"\"\n")
			continue
		}
		b.WriteString(ids[rng.Intn(len(ids))] + "\n")
	}
	return b.String()
}

// quote writes a CSV cell, quoted when it must be.
func quote(s string) string {
	if !strings.ContainsAny(s, ",\"\n\r") && !strings.HasPrefix(s, " ") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
