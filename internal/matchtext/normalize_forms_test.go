package matchtext

import (
	"strings"
	"testing"
)

// TestLegalFormSpellings: every spelling of a legal form customers write
// is read as that form, and the name's other words stay.
func TestLegalFormSpellings(t *testing.T) {
	for spelling, want := range map[string]string{
		"GmbH u. Co KG": "gmbhcokg", "GmbH & Co. KG": "gmbhcokg", "GmbH&Co.KG": "gmbhcokg", "GmbH + Co. KG": "gmbhcokg",
		"Gesellschaft mit beschränkter Haftung & Co. KG": "gmbhcokg", "UG (haftungsbeschränkt)": "ug", "UG (haftungsbeschr.)": "ug",
		"Unternehmergesellschaft (haftungsbeschränkt)": "ug", "gGmbH": "ggmbh", "gem. GmbH": "ggmbh", "gemeinnützige GmbH": "ggmbh",
		"e.K.": "ek", "e. Kfm.": "ek", "e.Kfr.": "ek", "eingetragener Kaufmann": "ek", "eG": "eg", "e.G.": "eg",
		"eingetragene Genossenschaft": "eg", "PartG mbB": "partg", "Partnerschaft mbB": "partg",
		"Partnerschaftsgesellschaft mit beschränkter Berufshaftung": "partg", "KGaA": "kgaa", "KG a.A.": "kgaa",
		"SE & Co. KGaA": "kgaa", "Kommanditgesellschaft auf Aktien": "kgaa", "e.V.": "ev", "eingetragener Verein": "ev",
		"Gesellschaft mit beschränkter Haftung": "gmbh", "Ges.m.b.H.": "gmbh", "G.m.b.H.": "gmbh", "Aktiengesellschaft": "ag",
		"AG": "ag", "Offene Handelsgesellschaft": "ohg", "Europäische Gesellschaft": "se", "Kommanditgesellschaft": "kg",
		"S.E.": "se", "Europäische Aktiengesellschaft": "se", "Aktienges.": "ag", "Gesellschaft m.b.H.": "gmbh",
		"Partnerschaft mit beschränkter Berufshaftung": "partg", "GmbG": "gmbh", "Gbmh": "gmbh", "Aktiengeselschaft": "ag",
		"UG (haftungsbeschraenkt)": "ug", "UG (haftungsbeschrankt)": "ug", "Partnerschft mbB": "partg",
	} {
		n := Normalize("Nordbau " + spelling)
		if n.Form != want || n.Joined != "nordbau" {
			t.Errorf("normalizeName(%q) = form %q, words %v; want form %q, words [nordbau]", "Nordbau "+spelling, n.Form, n.Words, want)
		}
	}
}

// TestFinalFormOnlyWhenCertain: FinalForm names the legal form that ends
// a name, a trailing state allowed, and nothing when the form is not at
// the end, when two forms are written, or when none is.
func TestFinalFormOnlyWhenCertain(t *testing.T) {
	for name, want := range map[string]string{
		"Müller OHG": "ohg", "Müller Offene Handelsgesellschaft": "ohg", "Nordbau UG (haftungsbeschränkt)": "ug",
		"Nordbau GmbH & Co. KG": "gmbhcokg", "Nordbau GmbH i.L.": "gmbh", "Nordbau gGmbH in Liquidation": "ggmbh",
		"Nordbau AG": "ag", "Nordbau e.K.": "ek",
		"OHG Müller": "", "Müller GmbH Bau KG": "", "Müller": "", "": "", "Nordbau GmbH Werk Hamburg": "", "i.L.": "",
	} {
		if got := FinalForm(name); got != want {
			t.Errorf("FinalForm(%q) = %q, want %q", name, got, want)
		}
	}
}

// TestMisspeltFormOnlyAtTheEnd: a legal form written with one typo is
// read as the form only as the name's last word, and a word one typo
// from a short form stays a word of the name.
func TestMisspeltFormOnlyAtTheEnd(t *testing.T) {
	for name, want := range map[string]Name{
		"Nordbau Gmbg":         {Words: []string{"nordbau"}, Form: "gmbh"},
		"Gmbg Nordbau":         {Words: []string{"gmbg", "nordbau"}},
		"Auto Parts":           {Words: []string{"auto", "parts"}},
		"Nordbau Ewig":         {Words: []string{"nordbau", "ewig"}},
		"Nordbau Partnrschaft": {Words: []string{"nordbau"}, Form: "partg"},
	} {
		got := Normalize(name)
		if got.Form != want.Form || strings.Join(got.Words, " ") != strings.Join(want.Words, " ") {
			t.Errorf("Normalize(%q) = words %v, form %q; want %v, %q", name, got.Words, got.Form, want.Words, want.Form)
		}
	}
}
