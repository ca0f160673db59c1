package output

import (
	"fmt"
	"io"
	"testing"
)

// BenchmarkTableRender renders a 1,000-row search result table that has to
// shrink to fit 100 columns.
func BenchmarkTableRender(b *testing.B) {
	t := NewTable(Column{Header: "ID", Fixed: true}, Column{Header: "Name"}, Column{Header: "Legal form"},
		Column{Header: "City"}, Column{Header: "Active"})
	for i := range 1000 {
		t.Row(fmt.Sprintf("DE-HRB-F1103-%06d", i), fmt.Sprintf("Müller & Söhne Großhandel Nummer %d GmbH", i), "gmbh", "Frankfurt am Main", "yes")
	}
	b.ReportAllocs()
	for b.Loop() {
		if err := t.Render(io.Discard, 100); err != nil {
			b.Fatal(err)
		}
	}
}
