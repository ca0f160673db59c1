package registerdata

import (
	"fmt"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/courts"
)

// refTextFormats are the ways a register reference is written in
// imprints, contracts and forms: %[1]s register type, %[2]s number, %[3]s
// court, %[4]s the register in words.
var refTextFormats = []string{
	"%[1]s %[2]s, Amtsgericht %[3]s",
	"Amtsgericht %[3]s %[1]s %[2]s",
	"AG %[3]s %[1]s %[2]s",
	"%[1]s %[2]s (AG %[3]s)",
	"%[3]s (Amtsgericht), %[1]s %[2]s",
	"Registergericht: Amtsgericht %[3]s, Registernummer: %[1]s %[2]s",
	"Registernummer: %[1]s %[2]s Registergericht: Amtsgericht %[3]s",
	"eingetragen im %[4]s des Amtsgerichts %[3]s unter %[1]s %[2]s",
	"%[4]s des Amtsgerichts %[3]s, %[1]s %[2]s",
	"Sitz der Gesellschaft: %[3]s; Registergericht: %[3]s; %[1]s %[2]s",
	"%[1]s-Nr. %[2]s beim Amtsgericht %[3]s",
	"%[1]s %[2]s %[3]s",
}

var refRegisterWords = map[enums.RegisterType]string{
	enums.RegisterTypeHRB: "Handelsregister", enums.RegisterTypeHRA: "Handelsregister",
	enums.RegisterTypePR: "Partnerschaftsregister", enums.RegisterTypeGnR: "Genossenschaftsregister",
	enums.RegisterTypeVR: "Vereinsregister", enums.RegisterTypeGsR: "Gesellschaftsregister",
}

// TestParseRegisterReferenceEveryCourt writes a reference for every court
// of the table, in every spelling of its name, umlauts spelt out too,
// every register type and every format, and reads it back.
func TestParseRegisterReferenceEveryCourt(t *testing.T) {
	types := append(enums.RegisterType("").Values(), enums.RegisterTypeGsR)
	translit := strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "ß", "ss")
	n, failed := 0, 0
	for ci, c := range courts.All() {
		for si, name := range append([]string{c.Name, translit.Replace(c.Name)}, c.Aliases...) {
			rt := types[(ci+si)%len(types)]
			for fi, format := range refTextFormats {
				number := fmt.Sprint(1 + (ci*31+si*7+fi)%99999)
				text := fmt.Sprintf(format, rt, number, name, refRegisterWords[rt])
				n++
				got, err := ParseRegisterReference(text)
				want := RegisterReference{Type: rt, Number: number, Court: c.Name, CourtCode: c.Code}
				if err != nil || got != want {
					failed++
					if failed <= 20 {
						t.Errorf("ParseRegisterReference(%q) = %+v, %v; want %+v", text, got, err, want)
					}
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d references read wrong", failed, n)
	}
	t.Logf("%d references read", n)
	if n < 10*len(courts.All()) {
		t.Fatalf("only %d references written", n)
	}
}
