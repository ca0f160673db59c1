package output_test

import (
	"os"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
)

// A table measures cells in display columns, so umlauts line up, and
// gives way on a narrow terminal: names are cut with "…" and the
// optional column is left out.
func ExampleTable() {
	t := output.NewTable(
		output.Column{Header: "Name"},
		output.Column{Header: "City"},
		output.Column{Header: "Share", Right: true, Fixed: true},
		output.Column{Header: "ID", Fixed: true, Optional: true},
	)
	t.Row("Jürgen Müller", "Düsseldorf", "60 %", "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01")
	t.Row("Ute Groß", "Köln", "40 %", "0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c07")
	_ = t.Render(os.Stdout, 80)
	_ = t.Render(os.Stdout, 30)
	// Output:
	// NAME           CITY        SHARE  ID
	// Jürgen Müller  Düsseldorf   60 %  3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01
	// Ute Groß       Köln         40 %  0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c07
	// NAME         CITY        SHARE
	// Jürgen Mül…  Düsseldorf   60 %
	// Ute Groß     Köln         40 %
}

// A profile aligns labels and wraps long values under each other.
func ExampleProfile() {
	var p output.Profile
	p.Field("Name", "Nordlicht Solartechnik GmbH")
	p.Field("Purpose", "Planung, Lieferung, Errichtung und Wartung von Photovoltaikanlagen")
	p.Field("LEI", "") // empty values are left out
	_ = p.Render(os.Stdout, 50)
	// Output:
	// Name     Nordlicht Solartechnik GmbH
	// Purpose  Planung, Lieferung, Errichtung und
	//          Wartung von Photovoltaikanlagen
}
