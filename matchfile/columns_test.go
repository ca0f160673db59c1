package matchfile

import "testing"

func TestDetectColumnsGermanAndEnglish(t *testing.T) {
	cases := []struct {
		header []string
		want   Columns
	}{
		{[]string{"Kundennr", "Firma", "Straße", "PLZ", "Ort", "Handelsregister", "USt-IdNr.", "LEI", "Webseite"},
			Columns{"name": 1, "street": 2, "postal_code": 3, "city": 4, "register": 5, "vat_id": 6, "lei": 7, "website": 8}},
		{[]string{"Company Name", "City", "ZIP", "Street", "HRB", "VAT ID", "Domain"},
			Columns{"name": 0, "city": 1, "postal_code": 2, "street": 3, "register": 4, "vat_id": 5, "website": 6}},
		{[]string{"name", "stadt", "postal_code", "register", "vat", "url", "company_id"},
			Columns{"name": 0, "city": 1, "postal_code": 2, "register": 3, "vat_id": 4, "website": 5, "company_id": 6}},
	}
	for _, c := range cases {
		got, err := DetectColumns(c.header, nil)
		if err != nil {
			t.Fatalf("%q: %v", c.header, err)
		}
		if len(got) != len(c.want) {
			t.Errorf("%q: got %v, want %v", c.header, got, c.want)
		}
		for f, i := range c.want {
			if got[f] != i {
				t.Errorf("%q: %s in column %d, want %d", c.header, f, got[f], i)
			}
		}
	}
}

func TestDetectColumnsOverridesAndErrors(t *testing.T) {
	ov, err := ParseOverrides([]string{"name=Kundenname", "city = Sitz der Firma"})
	if err != nil {
		t.Fatal(err)
	}
	cols, err := DetectColumns([]string{"Nr", "Kundenname", "Sitz der Firma", "Firma"}, ov)
	if err != nil || cols["name"] != 1 || cols["city"] != 2 {
		t.Fatalf("overrides: %v, %v", cols, err)
	}
	for _, bad := range [][]string{{"name"}, {"=Firma"}, {"colour=Farbe"}} {
		if _, err := ParseOverrides(bad); err == nil {
			t.Errorf("ParseOverrides(%q) accepted", bad)
		}
	}
	if _, err := DetectColumns([]string{"Firma"}, map[string]string{"name": "Kunde"}); err == nil {
		t.Error("an override naming a missing column was accepted")
	}
	if _, err := DetectColumns([]string{"Ort", "PLZ"}, nil); err == nil {
		t.Error("a header naming no company was accepted")
	}
}
