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

// BenchmarkTableRenderUUIDs renders a 1,000-row table with a UUID column
// at 100 columns, the UUIDs shortened (the default) and kept whole.
func BenchmarkTableRenderUUIDs(b *testing.B) {
	for _, whole := range []bool{false, true} {
		name := "short"
		if whole {
			name = "whole"
		}
		b.Run(name, func(b *testing.B) {
			t := NewTable(Column{Header: "ID", Fixed: true, ShortUUIDs: true}, Column{Header: "Name"}, Column{Header: "City"})
			for i := range 1000 {
				t.Row(fmt.Sprintf("3f6c2a1e-8b4d-4c7a-9e21-%012d", i), fmt.Sprintf("Müller & Söhne Großhandel Nummer %d GmbH", i), "Frankfurt am Main")
			}
			if whole {
				t.WholeUUIDs()
			}
			b.ReportAllocs()
			for b.Loop() {
				if err := t.Render(io.Discard, 100); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
