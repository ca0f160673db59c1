package matchfile

import (
	"errors"
	"io"
	"slices"
	"strings"
)

// Done is the set of input rows an output written before holds, keyed by
// their input cells.
type Done map[string]bool

// Has reports whether row is in the output already.
func (d Done) Has(row Row) bool { return d[rowKey(row.Header, row.Cells)] }

// rowKey identifies a row by its non-empty input cells, whatever their
// order; the columns a Writer adds are not part of it.
func rowKey(header, cells []string) string {
	var pairs []string
	for i, h := range header {
		if i >= len(cells) || cells[i] == "" || slices.Contains(MatchColumns, h) || slices.Contains(EnrichColumns, h) {
			continue
		}
		pairs = append(pairs, h+"\x1e"+cells[i])
	}
	slices.Sort(pairs)
	return strings.Join(pairs, "\x1f")
}

// ReadDone reads an output written by a Writer, so that a resumed run skips the rows it holds. Rows written
// with status "error" (or an error column for an enrichment) are left
// out: they are tried again. A last line cut short by a stop is ignored;
// an empty or missing output holds nothing.
func ReadDone(r io.Reader, format Format) (Done, error) {
	done := Done{}
	rd, err := NewReader(r, ReaderOptions{Format: format, Overrides: map[string]string{"company_id": "company_id"}})
	if err != nil {
		if format == CSV && strings.Contains(err.Error(), "empty") {
			return done, nil
		}
		return nil, err
	}
	for {
		row, err := rd.Next()
		if errors.Is(err, io.EOF) {
			return done, nil
		}
		if err != nil {
			// A record cut short by a stop ends the file: what came
			// before counts.
			return done, nil
		}
		if row.short {
			return done, nil // cut short by a stop: the end of what was written
		}
		switch st := cell(row, "status"); {
		case indexOf(row.Header, "status") >= 0 && st != StatusMatched && st != StatusAmbiguous && st != StatusNone:
			continue // failed (or not a status): tried again
		}
		if e := cell(row, "error"); e != "" {
			continue
		}
		done[rowKey(row.Header, row.Cells)] = true
	}
}

func cell(row Row, name string) string {
	if j := indexOf(row.Header, name); j >= 0 && j < len(row.Cells) {
		return row.Cells[j]
	}
	return ""
}
