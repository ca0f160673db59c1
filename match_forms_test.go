package registerdata

import "testing"

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
	} {
		n := normalizeName("Nordbau " + spelling)
		if n.form != want || n.joined != "nordbau" {
			t.Errorf("normalizeName(%q) = form %q, words %v; want form %q, words [nordbau]", "Nordbau "+spelling, n.form, n.words, want)
		}
	}
}

// TestOtherLegalFormNeverReachesMinScore: the same name with another
// legal form is another company: its fit stays below MinScore however
// well everything else agrees; forms customers write for one another
// (KG for GmbH & Co. KG) stay above it.
func TestOtherLegalFormNeverReachesMinScore(t *testing.T) {
	for _, c := range []struct {
		query, register string
		reaches         bool
	}{
		{"SüdSoftware e.V.", "SuedSoftware OHG", false},
		{"Nordbau AG", "Nordbau GmbH", false},
		{"Nordbau GmbH", "Nordbau eG", false},
		{"Nordbau KG", "Nordbau GmbH & Co. KG", true},
		{"Nordbau GmbH", "Nordbau gGmbH", true},
		{"Nordbau GmbH", "Nordbau GmbH", true},
	} {
		m := &matcher{o: MatchOptions{MinScore: DefaultMatchMinScore}, name: normalizeName(c.query)}
		cand := &matchCand{res: CompanySearchResult{Name: c.register}, norm: normalizeName(c.register)}
		if fit := m.nameFit(cand); (fit >= DefaultMatchMinScore) != c.reaches {
			t.Errorf("%q vs %q: fit %.3f; reaching MinScore should be %v (reasons %v)", c.query, c.register, fit, c.reaches, cand.reasons)
		}
	}
}
