package registerdata

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
		n := normalizeName(c.in)
		if n.form != c.form || !slices.Equal(n.words, c.words) || n.liquidation != c.liq {
			t.Errorf("normalizeName(%q) = %+v; want form %q words %q liquidation %v", c.in, n, c.form, c.words, c.liq)
		}
	}
}

func TestNameSimilarity(t *testing.T) {
	sim := func(a, b string) float64 { return nameSimilarity(normalizeName(a), normalizeName(b)) }
	same := [][2]string{
		{"Nordlicht Solartechnik GmbH", "Nordlicht Solar-Technik GmbH i.L."},
		{"Müller Bau GmbH", "Mueller Bau GmbH"},
		{"Müller Bau GmbH", "Muller Bau"},
		{"Straßenbau Nord", "Strassenbau Nord"},
		{"Wagner & Sohn Metallbau OHG", "Wagner und Sohn Metallbau"},
		{"Metallbau Wagner Sohn", "Wagner & Sohn Metallbau"},
	}
	for _, p := range same {
		if s := sim(p[0], p[1]); s != 1 {
			t.Errorf("sim(%q, %q) = %v; want 1", p[0], p[1], s)
		}
	}
	typo := [][2]string{{"Nordlicht Solartechnik", "Nordlicht Solartechnil"}, {"Hafenkontor Spedition", "Hafenkontr Spedition"}}
	for _, p := range typo {
		if s := sim(p[0], p[1]); s < 0.9 || s >= 1 {
			t.Errorf("sim(%q, %q) = %v; want a typo's score in [0.9, 1)", p[0], p[1], s)
		}
	}
	differ := [][2]string{{"Nordbau GmbH", "Nordbank GmbH"}, {"Nordlicht Solartechnik", "Nordlicht Service"}, {"Südbau", "Nordbau"}, {"Elbmetall", "Elbmedien"}}
	for _, p := range differ {
		if s := sim(p[0], p[1]); s >= 0.85 {
			t.Errorf("sim(%q, %q) = %v; want below 0.85", p[0], p[1], s)
		}
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		d    int
	}{{"", "", 0}, {"abc", "abc", 0}, {"abc", "acb", 1}, {"abc", "ab", 1}, {"kitten", "sitting", 3}, {"a", "abcdef", 3}} {
		if got := editDistance(c.a, c.b, 2); got != min(c.d, 3) {
			t.Errorf("editDistance(%q, %q) = %d; want %d", c.a, c.b, got, min(c.d, 3))
		}
	}
}
