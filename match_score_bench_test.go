package registerdata

import (
	"strconv"
	"testing"
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
