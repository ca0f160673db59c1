package output

import (
	"io"
	"strings"
)

// gap is the space between two columns.
const gap = "  "

// Column describes one column of a Table.
type Column struct {
	// Header is the column's title, printed in upper case.
	Header string
	// Right aligns the column's cells to the right (numbers, amounts).
	Right bool
	// Fixed keeps the column at its natural width when the table is too
	// wide: identifiers and dates stay whole, names and addresses give way.
	Fixed bool
	// Optional columns are left out, the rightmost first, when the table
	// does not fit even with every other column shrunk.
	Optional bool
}

// Table is a list of rows under a header, rendered to fit a width.
type Table struct {
	cols []Column
	rows [][]string
}

// NewTable returns an empty table with the given columns.
func NewTable(cols ...Column) *Table { return &Table{cols: cols} }

// Row adds a row. Each cell is cleaned (see Clean); missing cells are
// empty and extra ones are dropped.
func (t *Table) Row(cells ...string) {
	row := make([]string, len(t.cols))
	for i := range row {
		if i < len(cells) {
			row[i] = Clean(cells[i])
		}
	}
	t.rows = append(t.rows, row)
}

// Len is the number of rows added.
func (t *Table) Len() int { return len(t.rows) }

// Render writes the table in at most width columns: the natural width of
// each column when everything fits, otherwise the widest column that may
// shrink gives up a column at a time and its cells are cut with "…": first
// down to 16 columns (or the header), then optional columns are left out,
// the rightmost first, and only then do the others shrink further, to 6.
// Trailing spaces are trimmed.
func (t *Table) Render(w io.Writer, width int) error {
	widths := t.fit(width)
	var b strings.Builder
	header := make([]string, len(t.cols))
	for i, c := range t.cols {
		header[i] = strings.ToUpper(c.Header)
	}
	t.line(&b, header, widths)
	for _, row := range t.rows {
		t.line(&b, row, widths)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// line writes one row, each cell cut and padded to its column's width;
// columns of width -1 are left out. Padding is written only before later
// content, so lines carry no trailing spaces.
func (t *Table) line(b *strings.Builder, cells []string, widths []int) {
	pending, first := 0, true // spaces owed before the next content
	for i, cell := range cells {
		w := widths[i]
		if w < 0 {
			continue
		}
		if !first {
			pending += len(gap)
		}
		first = false
		cw := Width(cell)
		if cw > w {
			cell = Truncate(cell, w)
			cw = Width(cell)
		}
		if t.cols[i].Right {
			pending += w - cw
		}
		if cell != "" {
			writeSpaces(b, pending)
			b.WriteString(cell)
			pending = 0
		}
		if !t.cols[i].Right {
			pending += w - cw
		}
	}
	b.WriteByte('\n')
}

// spaces is a run of spaces to pad from without allocating.
const spaces = "                                                                "

func writeSpaces(b *strings.Builder, n int) {
	for n > 0 {
		k := min(n, len(spaces))
		b.WriteString(spaces[:k])
		n -= k
	}
}

// Column floors: a column that may shrink gives way down to its
// comfortable width before an optional column is left out, and down to
// its hard floor only when no optional column is left.
const (
	comfortable = 16
	hardFloor   = 6
)

// fit returns the width of each column for a table at most width wide,
// -1 for a column left out.
func (t *Table) fit(width int) []int {
	natural := make([]int, len(t.cols))
	for i, c := range t.cols {
		natural[i] = Width(c.Header)
		for _, row := range t.rows {
			natural[i] = max(natural[i], Width(row[i]))
		}
	}
	hidden := make([]bool, len(t.cols))
	for {
		if widths, ok := t.shrink(natural, width, hidden, comfortable); ok {
			return widths
		}
		drop := -1
		for i := len(t.cols) - 1; i >= 0; i-- {
			if t.cols[i].Optional && !hidden[i] {
				drop = i
				break
			}
		}
		if drop < 0 {
			// Nothing more to leave out: shrink harder; if even that is
			// too wide, the terminal wraps the lines.
			widths, _ := t.shrink(natural, width, hidden, hardFloor)
			return widths
		}
		hidden[drop] = true
	}
}

// shrink sizes the visible columns, from their natural widths, to fit
// width, no column that may shrink going below max(its header, floor)
// columns, and reports whether they fit.
func (t *Table) shrink(natural []int, width int, hidden []bool, floorWidth int) ([]int, bool) {
	widths := append([]int(nil), natural...)
	floor := make([]int, len(t.cols))
	for i, c := range t.cols {
		floor[i] = widths[i]
		if !c.Fixed {
			floor[i] = min(widths[i], max(Width(c.Header), floorWidth))
		}
	}
	total, visible := 0, 0
	for i, n := range widths {
		if hidden[i] {
			widths[i] = -1
			continue
		}
		total += n
		visible++
	}
	total += len(gap) * max(visible-1, 0)
	for total > width {
		widest := -1
		for i := range widths {
			if !hidden[i] && widths[i] > floor[i] && (widest < 0 || widths[i] > widths[widest]) {
				widest = i
			}
		}
		if widest < 0 {
			return widths, false
		}
		widths[widest]--
		total--
	}
	return widths, true
}
