package registerdata

import (
	"errors"
	"testing"

	"github.com/registerdata/registerdata-go/enums"
)

func TestParseRegisterReference(t *testing.T) {
	cases := []struct {
		in   string
		want RegisterReference
	}{
		{"HRB 12345 B", RegisterReference{enums.RegisterTypeHRB, "12345", "Berlin (Charlottenburg)", "F1103"}},
		{"HRB12345", RegisterReference{enums.RegisterTypeHRB, "12345", "", ""}},
		{"Amtsgericht München HRB 12345", RegisterReference{enums.RegisterTypeHRB, "12345", "München", "D2601"}},
		{"AG Charlottenburg (HRB 267645 B)", RegisterReference{enums.RegisterTypeHRB, "267645", "Berlin (Charlottenburg)", "F1103"}},
		{"Registergericht: Köln, HRA 1234", RegisterReference{enums.RegisterTypeHRA, "1234", "Köln", "R3306"}},
		{"HRB 267645 B, Amtsgericht Charlottenburg", RegisterReference{enums.RegisterTypeHRB, "267645", "Berlin (Charlottenburg)", "F1103"}},
		{"HRB 267645, Berlin (Charlottenburg)", RegisterReference{enums.RegisterTypeHRB, "267645", "Berlin (Charlottenburg)", "F1103"}},
		{"AG Muenchen HRB 198433", RegisterReference{enums.RegisterTypeHRB, "198433", "München", "D2601"}},
		{"F1103 HRB 267645", RegisterReference{enums.RegisterTypeHRB, "267645", "Berlin (Charlottenburg)", "F1103"}},
		{"HRA 28817 R3306", RegisterReference{enums.RegisterTypeHRA, "28817", "Köln", "R3306"}},
		{"DE-HRB-F1103-267645", RegisterReference{enums.RegisterTypeHRB, "267645", "Berlin (Charlottenburg)", "F1103"}},
		{"GnR 873 Stuttgart", RegisterReference{enums.RegisterTypeGnR, "873", "Stuttgart", "B8534"}},
		{"Genossenschaftsregister 873, Amtsgericht Stuttgart", RegisterReference{enums.RegisterTypeGnR, "873", "Stuttgart", "B8534"}},
		{"PR 1187 Hamburg", RegisterReference{enums.RegisterTypePR, "1187", "Hamburg", "K1101"}},
		{"VR 17310 (AG Hamburg)", RegisterReference{enums.RegisterTypeVR, "17310", "Hamburg", "K1101"}},
		{"Amtsgericht Frankfurt am Main, HRA 51073", RegisterReference{enums.RegisterTypeHRA, "51073", "Frankfurt am Main", "M1201"}},
		{"Handelsregister B 4711 Amtsgericht Düsseldorf", RegisterReference{enums.RegisterTypeHRB, "4711", "Düsseldorf", "R1101"}},
		{"HR B 99", RegisterReference{enums.RegisterTypeHRB, "99", "", ""}},
		{"hrb 00123", RegisterReference{enums.RegisterTypeHRB, "123", "", ""}},
		{"HRB 5 Amtsgericht Atlantis", RegisterReference{enums.RegisterTypeHRB, "5", "Atlantis", ""}},
		{"Amtsgericht Ludwigshafen a.Rhein HRB 61402", RegisterReference{enums.RegisterTypeHRB, "61402", "Ludwigshafen am Rhein", "T3104"}},
		{"HRB 1234 Bonn", RegisterReference{enums.RegisterTypeHRB, "1234", "Bonn", "R3201"}},
		{"HRB30416 Nürnberg", RegisterReference{enums.RegisterTypeHRB, "30416", "Nürnberg", "D3310"}},
		{"Registergericht: Freiburg im Breisgau, HRB 25", RegisterReference{enums.RegisterTypeHRB, "25", "Freiburg", "B8536"}},
		{"Amtsgericht Frankfurt (Oder) HRA 7", RegisterReference{enums.RegisterTypeHRA, "7", "Frankfurt (Oder)", "G1207"}},
		{"HRB 77 Ö", RegisterReference{enums.RegisterTypeHRB, "77", "Ö", ""}},
		{"eingetragen im Handelsregister des Amtsgerichts Köln unter HRB 41209", RegisterReference{enums.RegisterTypeHRB, "41209", "Köln", "R3306"}},
		{"Registernummer: HRB 20977 Registergericht: Amtsgericht Hannover", RegisterReference{enums.RegisterTypeHRB, "20977", "Hannover", "P2305"}},
		{"Partnerschaftsregister des Amtsgerichts Hamburg, PR 1187", RegisterReference{enums.RegisterTypePR, "1187", "Hamburg", "K1101"}},
		{"Hannover (Amtsgericht) HRB 20977", RegisterReference{enums.RegisterTypeHRB, "20977", "Hannover", "P2305"}},
		{"Sitz: Offenbach am Main, Amtsgericht Frankfurt am Main HRB 5", RegisterReference{enums.RegisterTypeHRB, "5", "Frankfurt am Main", "M1201"}},
		{"GsR 12 Amtsgericht Köln", RegisterReference{enums.RegisterTypeGsR, "12", "Köln", "R3306"}},
		{"Gesellschaftsregister 7, AG Essen", RegisterReference{enums.RegisterTypeGsR, "7", "Essen", "R2503"}},
		{"HRB-Nr. 1000509 beim Amtsgericht München", RegisterReference{enums.RegisterTypeHRB, "1000509", "München", "D2601"}},
	}
	for _, c := range cases {
		got, err := ParseRegisterReference(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseRegisterReference(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
}

func TestParseRegisterReferenceRefuses(t *testing.T) {
	for _, in := range []string{"", "   ", "Nordlicht GmbH", "HRB", "HRC 12345", "HRB 1 Z9999", string(make([]byte, 600))} {
		_, err := ParseRegisterReference(in)
		if !errors.Is(err, ErrInvalidRequest) {
			t.Errorf("ParseRegisterReference(%q) = %v; want ErrInvalidRequest", in, err)
		}
	}
}

func FuzzParseRegisterReference(f *testing.F) {
	for _, s := range []string{"HRB 12345 B", "AG Charlottenburg (HRB 267645 B)", "Registergericht: Köln, HRA 1234", "DE-HRB-F1103-1", "GnR 1 F1103", "\xff HRB 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ref, err := ParseRegisterReference(s)
		if err != nil {
			return
		}
		if !ref.Type.IsKnown() && ref.Type != enums.RegisterTypeGsR || ref.Number == "" {
			t.Fatalf("ParseRegisterReference(%q) = %+v without error", s, ref)
		}
		if ref.CourtCode != "" && ref.Court == "" {
			t.Fatalf("ParseRegisterReference(%q): code %s without a court name", s, ref.CourtCode)
		}
	})
}
