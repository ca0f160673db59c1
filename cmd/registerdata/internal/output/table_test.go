package output

import (
	"strings"
	"testing"
)

// TestTableAlignsGermanNames checks that umlauts and ß take one column:
// every row of a rendered table has the same display width.
func TestTableAlignsGermanNames(t *testing.T) {
	tb := NewTable(Column{Header: "Name"}, Column{Header: "City"}, Column{Header: "Amount", Right: true})
	tb.Row("Jürgen Müller", "Düsseldorf", "1,000")
	tb.Row("Ute Groß", "Köln", "25")
	tb.Row("Jurgen Muller", "Dusseldorf", "3")
	var b strings.Builder
	if err := tb.Render(&b, 80); err != nil {
		t.Fatal(err)
	}
	want := "NAME           CITY        AMOUNT\n" +
		"Jürgen Müller  Düsseldorf   1,000\n" +
		"Ute Groß       Köln            25\n" +
		"Jurgen Muller  Dusseldorf       3\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestTableFitsTheWidth(t *testing.T) {
	tb := NewTable(Column{Header: "ID", Fixed: true}, Column{Header: "Name"}, Column{Header: "Note", Optional: true})
	tb.Row("DE-HRB-F1103-267645", "Nordlicht Solartechnik GmbH", "a long note that goes on")
	for _, width := range []int{80, 50, 40, 30} {
		var b strings.Builder
		if err := tb.Render(&b, width); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n") {
			if Width(line) > width {
				t.Errorf("width %d: line %q is %d wide", width, line, Width(line))
			}
			if !strings.Contains(b.String(), "DE-HRB-F1103-267645") {
				t.Errorf("width %d: the fixed column was cut:\n%s", width, b.String())
			}
		}
	}
	var b strings.Builder
	_ = tb.Render(&b, 30)
	if strings.Contains(b.String(), "NOTE") {
		t.Errorf("the optional column stayed at width 30:\n%s", b.String())
	}
}

func TestTableShortensUUIDsBeforeNames(t *testing.T) {
	tb := NewTable(Column{Header: "Name"}, Column{Header: "ID", Fixed: true, ShortUUIDs: true}, Column{Header: "Since", Optional: true})
	tb.Row("Helios Energie Holding AG", "DE-HRB-D2601-198433", "2019-11-20")
	tb.Row("Katrin Albers", "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01", "2014-09-02")
	var b strings.Builder
	if err := tb.Render(&b, 60); err != nil {
		t.Fatal(err)
	}
	want := "NAME                       ID                   SINCE\n" +
		"Helios Energie Holding AG  DE-HRB-D2601-198433  2019-11-20\n" +
		"Katrin Albers              3f6c2a1e…            2014-09-02\n"
	if b.String() != want || !tb.Shortened() {
		t.Errorf("at 60 columns:\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	if err := tb.Render(&b, 50); err != nil { // the optional column goes before the name is cut
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "Helios Energie Holding AG  DE-HRB") || strings.Contains(b.String(), "SINCE") {
		t.Errorf("at 50 columns:\n%s", b.String())
	}
	b.Reset()
	tb.WholeUUIDs()
	if err := tb.Render(&b, 60); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01") || tb.Shortened() {
		t.Errorf("WholeUUIDs:\n%s", b.String())
	}
}

// TestTableCutsSentencesBeforeLeavingOutOptionalColumns: a long reason,
// which no width shows whole, gives way before the optional columns
// beside it are left out; at a width too narrow for both, they go.
func TestTableCutsSentencesBeforeLeavingOutOptionalColumns(t *testing.T) {
	reason := strings.Repeat("the company is in liquidation since 2026-03-10 ", 4)
	tb := NewTable(Column{Header: "Company", Fixed: true}, Column{Header: "Refs", Optional: true},
		Column{Header: "Ack", Optional: true}, Column{Header: "Reason", Prose: true})
	tb.Row("DE-HRB-F1103-267645", "C-1, C-7", "yes (Anna Richter, 2026-12-01)", reason)
	var b strings.Builder
	if err := tb.Render(&b, 120); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if !strings.Contains(lines[0], "REFS") || !strings.Contains(lines[0], "ACK") || !strings.Contains(lines[1], "C-1, C-7") ||
		!strings.Contains(lines[1], "Anna Richter") || !strings.Contains(lines[1], "…") {
		t.Errorf("at 120 columns the optional columns stay and the reason is cut:\n%s", b.String())
	}
	for _, l := range lines {
		if Width(l) > 120 {
			t.Errorf("line %q is %d wide", l, Width(l))
		}
	}
	b.Reset()
	if err := tb.Render(&b, 60); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "ACK") || !strings.Contains(b.String(), "DE-HRB-F1103-267645") {
		t.Errorf("at 60 columns the rightmost optional column goes:\n%s", b.String())
	}
}
