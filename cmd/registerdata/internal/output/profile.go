package output

import (
	"io"
	"strings"
)

// Profile is a list of labelled values (a record shown one field a
// line), rendered with the values aligned and wrapped to the width.
type Profile struct {
	labels, values []string
}

// Field adds a labelled value; an empty value is left out, so optional
// fields need no checks at the call site. The value is cleaned (see
// Clean).
func (p *Profile) Field(label, value string) {
	value = Clean(value)
	if value == "" {
		return
	}
	p.labels = append(p.labels, label)
	p.values = append(p.values, value)
}

// Render writes the fields, labels padded to the longest one and values
// wrapped at spaces to fit width (continuation lines indented under the
// value).
func (p *Profile) Render(w io.Writer, width int) error {
	lw := 0
	for _, l := range p.labels {
		lw = max(lw, Width(l))
	}
	vw := max(width-lw-len(gap), 20)
	var b strings.Builder
	for i, l := range p.labels {
		for j, line := range Wrap(p.values[i], vw) {
			if j == 0 {
				b.WriteString(Pad(l, lw, false))
			} else {
				b.WriteString(strings.Repeat(" ", lw))
			}
			b.WriteString(gap)
			b.WriteString(line)
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Heading writes a section title preceded by an empty line.
func Heading(w io.Writer, title string) error {
	_, err := io.WriteString(w, "\n"+Clean(title)+"\n")
	return err
}
