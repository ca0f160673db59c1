package registerdata

import (
	"errors"
	"slices"
	"strconv"
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

func FuzzNameSimilarity(f *testing.F) {
	for _, s := range []string{"Nordlicht Solar-Technik GmbH i.L.", "Müller & Söhne KG", "e. K.", "\xff\xfe", "GmbH & Co. KG", "i. L. i. G."} {
		f.Add(s, "Nordlicht Solartechnik GmbH")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		na, nb := normalizeName(a), normalizeName(b)
		s := nameSimilarity(na, nb)
		if s < 0 || s > 1 || s != s {
			t.Fatalf("nameSimilarity(%q, %q) = %v, outside [0, 1]", a, b, s)
		}
		if na.joined != "" && nameSimilarity(na, na) != 1 {
			t.Fatalf("%q is not equal to itself", a)
		}
		if _, err := ParseRegisterReference(a); err != nil && !errors.Is(err, ErrInvalidRequest) {
			t.Fatalf("ParseRegisterReference(%q): %v", a, err)
		}
	})
}

// BenchmarkMatchScoring scores one query against ten candidates, as a
// match does after its calls: the CPU a match needs besides them.
func BenchmarkMatchScoring(b *testing.B) {
	names := []string{
		"Nordlicht Solartechnik GmbH", "Nordlicht Service GmbH", "NordBau AG", "NordBau eG", "Anna Müller NordBau e.K.",
		"Löwenherz Bau GmbH", "Lindenberg Logistik Service GmbH", "Falkenstein Immobilien GmbH & Co. KG",
		"Hanseatische Kaffeerösterei Thomas Brandt e.K.", "Turn- und Sportverein Elbauen von 1908 e.V.",
	}
	q := MatchQuery{Name: "Nordlicht Solar-Technik GmbH i.L.", City: "Berlin-Mitte", PostalCode: "10115", Register: "AG Charlottenburg (HRB 267645 B)"}
	b.ReportAllocs()
	for b.Loop() {
		m := newMatcher(nil, q, MatchOptions{MinScore: DefaultMatchMinScore, MaxCandidates: DefaultMatchMaxCandidates}, nil)
		for i, n := range names {
			m.add(CompanySearchResult{CompanyID: "DE-HRB-F1103-" + strconv.Itoa(267645+i), Name: n, RegisterType: "HRB",
				RegisterNumber: strconv.Itoa(267645 + i), Address: &SearchAddress{City: "Berlin", PostalCode: "10115"}})
		}
		m.score()
		_ = m.result()
	}
}
