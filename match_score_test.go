package registerdata

import (
	"strconv"
	"testing"

	"github.com/registerdata/registerdata-go/internal/matchtext"
)

// BenchmarkMatchSearchScoring is a match's CPU besides its calls when a
// name search brings a page of 100 candidates: each is added (its name
// and address normalised) and scored three times, as the steps after
// the search score them again, then the result is built.
func BenchmarkMatchSearchScoring(b *testing.B) {
	prefixes := []string{"Nord", "Süd", "Rhein", "Alpen", "Hansa", "Elb", "Main", "Isar", "Spree", "Wald"}
	cores := []string{"Solartechnik", "Logistik", "Bau", "Immobilien Verwaltung", "Maschinenbau", "Gastronomie", "Straßenbau"}
	forms := []string{"GmbH", "GmbH & Co. KG", "AG", "e.K.", "UG (haftungsbeschränkt)", "eG"}
	cities := []string{"Berlin", "München", "Frankfurt am Main", "Köln", "Berlin-Mitte"}
	var page []CompanySearchResult
	for i := range 100 {
		page = append(page, CompanySearchResult{
			CompanyID: "DE-HRB-F1103-" + strconv.Itoa(1000000+i), Name: prefixes[i%10] + cores[i%7] + " " + forms[i%6],
			RegisterType: "HRB", RegisterNumber: strconv.Itoa(1000000 + i), Active: i%5 != 0,
			Address: &SearchAddress{City: cities[i%5], Street: "Hauptstraße " + strconv.Itoa(i), PostalCode: "10115"},
		})
	}
	q := MatchQuery{Name: "NordSolartechnik GmbH", City: "Berlin", Street: "Hauptstr. 3"}
	b.ReportAllocs()
	for b.Loop() {
		m := newMatcher(nil, q, MatchOptions{MinScore: DefaultMatchMinScore, MaxCandidates: DefaultMatchMaxCandidates}, nil)
		for _, r := range page {
			m.add(r)
		}
		for range 3 {
			m.score()
		}
		_ = m.result()
	}
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
		m := &matcher{o: MatchOptions{MinScore: DefaultMatchMinScore}, name: matchtext.Normalize(c.query)}
		cand := &matchCand{res: CompanySearchResult{Name: c.register}, norm: matchtext.Normalize(c.register)}
		if fit := m.nameFit(cand); (fit >= DefaultMatchMinScore) != c.reaches {
			t.Errorf("%q vs %q: fit %.3f; reaching MinScore should be %v (reasons %v)", c.query, c.register, fit, c.reaches, cand.reasons)
		}
	}
}
