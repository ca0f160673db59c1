package output

import (
	"io"
	"math"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
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
	// does not fit with its cells whole (Prose columns cut to 30 columns).
	Optional bool
	// ShortUUIDs shortens the UUIDs among the column's cells to their
	// first 8 characters and "…" when the table does not fit at its
	// natural widths, before any other column gives way: a 36-column id
	// must not squeeze a name to "Ulrich …". Other cells (register-style
	// ids such as DE-HRB-F1103-267645) stay whole.
	ShortUUIDs bool
	// Prose marks a column of sentences (a reason, a note) that are cut
	// with "…" when long: it gives way, down to proseFloor columns (or
	// its header), before optional columns are left out. Without it a
	// long sentence, which no width shows whole, would hide the optional
	// columns at every width.
	Prose bool
	// OmitEmpty leaves the column out when no row has a value in it (an
	// end date no current entry has), so that its room goes to the
	// others.
	OmitEmpty bool
}

// shortUUID is the width of a shortened UUID: 8 characters and "…".
const shortUUID = 9

// Table is a list of rows under a header, rendered to fit a width.
type Table struct {
	cols []Column
	rows [][]string
	// short is set by Render when it shortened UUIDs (see Shortened).
	short bool
	// whole keeps UUIDs whole (see WholeUUIDs).
	whole bool
}

// WholeUUIDs makes Render keep UUIDs whole in every column, whatever the
// width (the tool's --wide).
func (t *Table) WholeUUIDs() { t.whole = true }

// Shortened reports whether the last Render shortened UUIDs to fit.
func (t *Table) Shortened() bool { return t.short }

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
// each column when everything fits; otherwise, in this order, UUIDs are
// shortened (columns with ShortUUIDs, unless WholeUUIDs was called),
// Prose columns give way down to 30 columns, optional columns are left
// out, the rightmost first, and only then does the widest column that may
// shrink give up a column at a time, down to 6 (or its header), its cells
// cut with "…". Names are thus cut only when
// nothing else is left to give. Trailing spaces are trimmed.
func (t *Table) Render(w io.Writer, width int) error {
	widths, short := t.fit(width)
	t.short = short
	var b strings.Builder
	header := make([]string, len(t.cols))
	for i, c := range t.cols {
		header[i] = strings.ToUpper(c.Header)
	}
	t.line(&b, header, widths, false)
	for _, row := range t.rows {
		t.line(&b, row, widths, short)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// empty reports whether no row has a value in column i.
func (t *Table) empty(i int) bool {
	for _, row := range t.rows {
		if row[i] != "" {
			return false
		}
	}
	return true
}

// line writes one row, each cell cut and padded to its column's width;
// columns of width -1 are left out. Padding is written only before later
// content, so lines carry no trailing spaces.
func (t *Table) line(b *strings.Builder, cells []string, widths []int, short bool) {
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
		if short && t.cols[i].ShortUUIDs && registerdata.IsUUID(cell) {
			cell = Truncate(cell, min(w, shortUUID))
		}
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

// proseFloor is the narrowest a Prose column becomes before optional
// columns are left out.
const proseFloor = 30

// hardFloor is the narrowest a column that may shrink becomes (or its
// header, if wider).
const hardFloor = 6

// fit returns the width of each column for a table at most width wide,
// -1 for a column left out, and whether UUIDs are to be shortened.
func (t *Table) fit(width int) ([]int, bool) {
	natural := t.natural(false)
	short := false
	if total(natural) > width && !t.whole {
		if n := t.natural(true); total(n) < total(natural) {
			natural, short = n, true
		}
	}
	hidden := make([]bool, len(t.cols))
	for i, c := range t.cols {
		hidden[i] = c.OmitEmpty && t.empty(i)
	}
	// Whole cells before optional columns: those are left out, the
	// rightmost first, before any cell but a sentence's is cut.
	for {
		if widths, ok := t.shrink(natural, width, hidden, math.MaxInt, proseFloor); ok {
			return widths, short
		}
		drop := -1
		for i := len(t.cols) - 1; i >= 0; i-- {
			if t.cols[i].Optional && !hidden[i] {
				drop = i
				break
			}
		}
		if drop < 0 {
			break
		}
		hidden[drop] = true
	}
	// Still too wide: the widest columns that may shrink give way; if
	// even that is too wide, the terminal wraps the lines.
	widths, _ := t.shrink(natural, width, hidden, hardFloor, hardFloor)
	return widths, short
}

// natural is the width of each column's widest cell or header, UUIDs
// counted shortened when short is set.
func (t *Table) natural(short bool) []int {
	natural := make([]int, len(t.cols))
	for i, c := range t.cols {
		natural[i] = Width(c.Header)
		for _, row := range t.rows {
			w := Width(row[i])
			if short && c.ShortUUIDs && registerdata.IsUUID(row[i]) {
				w = shortUUID
			}
			natural[i] = max(natural[i], w)
		}
	}
	return natural
}

// total is the width of a table of columns this wide, gaps included.
func total(widths []int) int {
	n := len(gap) * max(len(widths)-1, 0)
	for _, w := range widths {
		n += w
	}
	return n
}

// shrink sizes the visible columns, from their natural widths, to fit
// width, no column that may shrink going below max(its header, floor)
// columns (Prose columns: proseFloorWidth), and reports whether they fit.
func (t *Table) shrink(natural []int, width int, hidden []bool, floorWidth, proseFloorWidth int) ([]int, bool) {
	widths := append([]int(nil), natural...)
	floor := make([]int, len(t.cols))
	for i, c := range t.cols {
		floor[i] = widths[i]
		switch {
		case c.Fixed:
		case c.Prose:
			floor[i] = min(widths[i], max(Width(c.Header), proseFloorWidth))
		default:
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
