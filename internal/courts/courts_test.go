package courts

import "testing"

func TestByNameAndCode(t *testing.T) {
	cases := []struct{ name, code string }{
		{"Charlottenburg", "F1103"}, {"Berlin (Charlottenburg)", "F1103"}, {"Berlin-Charlottenburg", "F1103"},
		{"München", "D2601"}, {"Muenchen", "D2601"}, {"MÜNCHEN", "D2601"},
		{"Düsseldorf", "R1101"}, {"Duisburg", "R1202"}, {"Leipzig", "U1308"}, {"Chemnitz", "U1206"},
		{"Kiel", "X1517"}, {"Flensburg", "X1112"}, {"Ludwigshafen a.Rhein", "T3104"}, {"Ludwigshafen am Rhein", "T3104"},
		{"Mannheim", "B8535"}, {"Kempten (Allgäu)", "D2304"}, {"Kempten", "D2304"}, {"Frankfurt/Oder", "G1207"},
		{"Frankfurt a. M.", "M1201"}, {"St. Ingbert", "V1111"}, {"Sankt Ingbert", "V1111"}, {"Koeln", "R3306"},
		{"Weiden i. d. OPf.", "D3508"}, {"Jena", "Y1206"}, {"Stuttgart", "B8534"}, {"Nürnberg", "D3310"},
	}
	for _, c := range cases {
		got, ok := ByName(c.name)
		if !ok || got.Code != c.code {
			t.Errorf("ByName(%q) = %q, %v; want %s", c.name, got.Code, ok, c.code)
		}
	}
	if _, ok := ByName("Atlantis"); ok {
		t.Error("ByName(Atlantis) found a court")
	}
	for _, code := range []string{"F1103", "f1103", "D2601V", "K1101R"} {
		if _, ok := ByCode(code); !ok {
			t.Errorf("ByCode(%q) found nothing", code)
		}
	}
	if _, ok := ByCode("Z9999"); ok {
		t.Error("ByCode(Z9999) found a court")
	}
}

func TestTableIsConsistent(t *testing.T) {
	codes := map[string]bool{}
	names := map[string]string{}
	for _, c := range All() {
		if !IsCode(c.Code) || len(c.Code) != 5 {
			t.Errorf("%s: malformed code", c.Code)
		}
		if codes[c.Code] {
			t.Errorf("%s twice", c.Code)
		}
		codes[c.Code] = true
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			if other, ok := names[Fold(n)]; ok && other != c.Code {
				t.Errorf("name %q belongs to %s and %s", n, other, c.Code)
			}
			names[Fold(n)] = c.Code
		}
	}
	if len(codes) < 200 {
		t.Errorf("%d courts; the list has more than 200", len(codes))
	}
}

func TestIsCode(t *testing.T) {
	for s, want := range map[string]bool{"F1103": true, "D2601V": true, "12345": false, "F110": false, "F1103X": false, "ÄB123": false, "": false} {
		if IsCode(s) != want {
			t.Errorf("IsCode(%q) = %v", s, !want)
		}
	}
}
