package matchtext

import (
	"slices"
	"testing"
)

func TestNormalizeName(t *testing.T) {
	cases := []struct {
		in, form string
		words    []string
		liq      bool
	}{
		{"Nordlicht Solartechnik GmbH", "gmbh", []string{"nordlicht", "solartechnik"}, false},
		{"Nordlicht Solar-Technik GmbH i.L.", "gmbh", []string{"nordlicht", "solar", "technik"}, true},
		{"NORDLICHT SOLARTECHNIK Gesellschaft mit beschränkter Haftung in Liquidation", "gmbh", []string{"nordlicht", "solartechnik"}, true},
		{"Rheinkiesel Baustoffe GmbH & Co. KG", "gmbhcokg", []string{"rheinkiesel", "baustoffe"}, false},
		{"Rheinkiesel Baustoffe GmbH und Co KG", "gmbhcokg", []string{"rheinkiesel", "baustoffe"}, false},
		{"Stadtgrün Lieferdienst UG (haftungsbeschränkt)", "ug", []string{"stadtgrun", "lieferdienst"}, false},
		{"Stadtgruen Lieferdienst Unternehmergesellschaft (haftungsbeschraenkt)", "ug", []string{"stadtgrun", "lieferdienst"}, false},
		{"Wagner & Sohn Metallbau OHG", "ohg", []string{"wagner", "sohn", "metallbau"}, false},
		{"Wagner und Sohn Metallbau offene Handelsgesellschaft", "ohg", []string{"wagner", "sohn", "metallbau"}, false},
		{"Hanseatische Kaffeerösterei Thomas Brandt e.K.", "ek", []string{"hanseatische", "kaffeerosterei", "thomas", "brandt"}, false},
		{"Turn- und Sportverein Elbauen von 1908 e. V.", "ev", []string{"turn", "sportverein", "elbaun", "1908"}, false},
		{"Lichtblick gemeinnützige GmbH", "ggmbh", []string{"lichtblick"}, false},
		{"Brauerei Grünwald KGaA", "kgaa", []string{"braurei", "grunwald"}, false},
		{"Dr. Müller Praxis", "", []string{"dr", "muller", "praxis"}, false},
		{"Doktor Mueller Praxis", "", []string{"dr", "muller", "praxis"}, false},
		{"St. Georg Apotheke", "", []string{"st", "georg", "apotheke"}, false},
		{"Sankt Georg Apotheke", "", []string{"st", "georg", "apotheke"}, false},
		{"Elektro Yılmaz e.K.", "ek", []string{"elektro", "yilmaz"}, false},
		{"Lindqvist Kramer Architekten Partnerschaft mbB", "partg", []string{"lindqvist", "kramer", "architekten"}, false},
		{"Weinbaugenossenschaft Remstal eG", "eg", []string{"weinbaugenossenschaft", "remstal"}, false},
		{"Helios Energie Holding Aktiengesellschaft", "ag", []string{"helios", "energie", "holding"}, false},
	}
	for _, c := range cases {
		n := Normalize(c.in)
		if n.Form != c.form || !slices.Equal(n.Words, c.words) || n.Liquidation != c.liq {
			t.Errorf("normalizeName(%q) = %+v; want form %q words %q liquidation %v", c.in, n, c.form, c.words, c.liq)
		}
	}
}

// BenchmarkNormalize normalises ten names without the kept forms.
func BenchmarkNormalize(b *testing.B) {
	names := benchNames()
	b.ReportAllocs()
	for b.Loop() {
		for _, n := range names {
			_ = Normalize(n)
		}
	}
}
