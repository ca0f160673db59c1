package searchengine

import (
	"fmt"
	"math/rand/v2"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// generate returns n deterministic synthetic companies for benchmarks
// and consistency tests. About one in three persons sits in two
// companies.
func generate(n int) []registerdata.Company {
	rng := rand.New(rand.NewPCG(42, uint64(n)))
	words := []string{"Muster", "Nord", "Süd", "Alpha", "Rhein", "Elbe", "Technik", "Bau", "Handel", "Logistik", "Software", "Energie", "Holz", "Metall", "Daten", "Werk", "Immobilien", "Consulting", "Medien", "Agrar"}
	firsts := []string{"Anna", "Ben", "Clara", "David", "Eva", "Felix", "Greta", "Hans", "Ida", "Jonas", "Karla", "Lukas", "Mia", "Noah", "Olga", "Paul"}
	lasts := []string{"Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Koch", "Richter", "Klein", "Wolf", "Neumann", "Braun"}
	cities := []string{"Berlin", "Hamburg", "München", "Köln", "Frankfurt am Main", "Leipzig", "Dresden", "Kleinstadt"}
	forms := []enums.LegalForm{enums.LegalFormGmbH, enums.LegalFormGmbH, enums.LegalFormGmbH, enums.LegalFormUG, enums.LegalFormAG, enums.LegalFormKG, enums.LegalFormEK}
	statuses := []enums.CompanyStatus{enums.CompanyStatusActive, enums.CompanyStatusActive, enums.CompanyStatusActive, enums.CompanyStatusInactive, enums.CompanyStatusLiquidation}
	persons := max(1, n*2/3)
	out := make([]registerdata.Company, n)
	for i := range out {
		id := fmt.Sprintf("DE-HRB-G%03d-%d", i%997, 100000+i)
		name := fmt.Sprintf("%s %s %d", words[rng.IntN(len(words))], words[rng.IntN(len(words))], i)
		city := cities[rng.IntN(len(cities))]
		form := forms[rng.IntN(len(forms))]
		start := registerdata.NewDate(1990+rng.IntN(34), time.Month(1+rng.IntN(12)), 1+rng.IntN(28))
		c := registerdata.Company{
			ID:             id,
			Register:       registerdata.CompanyRegister{RegisterNumber: fmt.Sprint(100000 + i), RegisterType: enums.RegisterTypeHRB, RegisterCourt: "Amtsgericht Generiert"},
			Status:         statuses[rng.IntN(len(statuses))],
			Name:           registerdata.CompanyName{Name: name, LegalForm: form, StartDate: start},
			Address:        registerdata.CompanyAddress{City: city, PostalCode: fmt.Sprintf("%05d", 10000+rng.IntN(80000)), Country: "Deutschland", StartDate: start, FormattedValue: "Hauptstraße 1, " + city},
			LegalForm:      form,
			IncorporatedAt: start,
			IndustryCodes:  registerdata.IndustryCodes{WZ2025: []registerdata.IndustryCode{{Code: fmt.Sprintf("%02d.%02d", 10+rng.IntN(80), rng.IntN(100))}}},
		}
		if rng.IntN(5) > 0 {
			rev := int64(100_000 * (1 << rng.IntN(20))) // 1,000 EUR to 500 M EUR
			emp := int64(1 + rng.IntN(500))
			c.Indicators = []registerdata.IndicatorSummary{{Date: registerdata.NewDate(2023, 12, 31), Revenue: &rev, Employees: &emp}}
		}
		for r := range 1 + rng.IntN(3) {
			p := rng.IntN(persons)
			pid := fmt.Sprintf("00000000-0000-4000-8000-%012d", p)
			first, last := firsts[p%len(firsts)], lasts[(p/len(firsts))%len(lasts)]
			dob := registerdata.NewDate(1950+p%50, time.Month(1+p%12), 1+p%28)
			role, code := enums.RoleDirector, enums.RoleCodeDirector
			if r > 0 {
				role, code = enums.RoleShareholder, enums.RoleCodeShareholder
			}
			c.Representation = append(c.Representation, registerdata.Representative{
				ID: &pid, Name: first + " " + last, Type: enums.RepresentativeTypeNaturalPerson,
				Role: role, RoleDetail: registerdata.RoleDetail{Code: code}, StartDate: start,
				NaturalPerson: &registerdata.NaturalPerson{FirstName: &first, LastName: &last, City: &city, DateOfBirth: &dob},
			})
		}
		out[i] = c
	}
	return out
}
