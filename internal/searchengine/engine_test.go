package searchengine

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// TestEveryFieldHasAnExtractor keeps the engine in step with the field
// table: a field added there must be computed here.
func TestEveryFieldHasAnExtractor(t *testing.T) {
	for _, fi := range filters.Fields(filters.ScopeCompany) {
		ex, ok := companyFields[fi.Name]
		require.True(t, ok, "company field %s has no extractor", fi.Name)
		numeric := fi.Kind == filters.KindNumber || fi.Kind == filters.KindDate
		assert.Equal(t, numeric, ex.num != nil, "company field %s: extractor kind", fi.Name)
	}
	for _, fi := range filters.Fields(filters.ScopePerson) {
		ex, ok := personFields[fi.Name]
		require.True(t, ok, "person field %s has no extractor", fi.Name)
		numeric := fi.Kind == filters.KindNumber || fi.Kind == filters.KindDate
		assert.Equal(t, numeric, ex.num != nil, "person field %s: extractor kind", fi.Name)
	}
	assert.Len(t, companyFields, len(filters.Fields(filters.ScopeCompany)))
	assert.Len(t, personFields, len(filters.Fields(filters.ScopePerson)))
}

// owned is a company with one owner born on 2000-06-15 whose position
// ends on 2025-07-01, and a director who stays.
func owned() registerdata.Company {
	owner, director := "11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"
	dob := registerdata.NewDate(2000, 6, 15)
	end := registerdata.NewDate(2025, 7, 1)
	first, last := "Ole", "Owner"
	return registerdata.Company{
		ID: "DE-HRB-T1-1", Name: registerdata.CompanyName{Name: "Test GmbH"}, Status: enums.CompanyStatusActive,
		Representation: []registerdata.Representative{
			{ID: &owner, Name: "Ole Owner", Type: enums.RepresentativeTypeNaturalPerson, Role: enums.RoleOwner, EndDate: &end,
				NaturalPerson: &registerdata.NaturalPerson{FirstName: &first, LastName: &last, DateOfBirth: &dob}},
			{ID: &director, Name: "Dana Director", Type: enums.RepresentativeTypeNaturalPerson, Role: enums.RoleDirector},
		},
	}
}

func personNames(t *testing.T, e *Engine, fs ...filters.Filter) []string {
	t.Helper()
	res, err := e.SearchPersons(registerdata.PersonSearchRequest{Filters: fs})
	require.NoError(t, err)
	names := []string{}
	for _, p := range res.Results {
		names = append(names, p.Name)
	}
	return names
}

func companyCount(t *testing.T, e *Engine, fs ...filters.Filter) int {
	t.Helper()
	res, err := e.SearchCompanies(registerdata.CompanySearchRequest{Filters: fs})
	require.NoError(t, err)
	return res.Pagination.TotalResults
}

// TestDayChangeRederives moves "today" past a birthday and an end date.
func TestDayChangeRederives(t *testing.T) {
	day := registerdata.NewDate(2025, 6, 14)
	e := New(func() registerdata.Date { return day })
	e.Load([]registerdata.Company{owned()})
	age24 := filters.Filter{Field: filters.YoungestOwnerAge, Value: "24"}
	active := filters.Filter{Field: filters.Active, Value: "true"}

	assert.Equal(t, 1, companyCount(t, e, age24))
	assert.Equal(t, []string{"Dana Director", "Ole Owner"}, personNames(t, e, active))

	day = registerdata.NewDate(2025, 6, 15) // the owner's 25th birthday
	assert.Equal(t, 0, companyCount(t, e, age24))
	assert.Equal(t, 1, companyCount(t, e, filters.Filter{Field: filters.YoungestOwnerAge, Value: "25"}))

	day = registerdata.NewDate(2025, 7, 1) // the owner's position ends
	assert.Equal(t, []string{"Dana Director"}, personNames(t, e, active))
	assert.Equal(t, 0, companyCount(t, e, filters.Filter{Field: filters.HasSoleOwner, Value: "true"}))
}

// TestUpdateAddsChangesAndRemoves follows one company through its life.
func TestUpdateAddsChangesAndRemoves(t *testing.T) {
	e := New(func() registerdata.Date { return registerdata.NewDate(2025, 6, 1) })
	c := owned()
	e.Update(registerdata.Company{}, c)
	companies, persons := e.Size()
	assert.Equal(t, [2]int{1, 2}, [2]int{companies, persons})

	changed := c
	changed.Representation = c.Representation[1:] // the owner leaves the register
	changed.Status = enums.CompanyStatusLiquidation
	e.Update(c, changed)
	assert.Equal(t, []string{"Dana Director"}, personNames(t, e))
	assert.Equal(t, 0, companyCount(t, e, filters.Filter{Field: filters.Status, Value: "active"}))
	assert.Equal(t, 1, companyCount(t, e, filters.Filter{Field: filters.InsolvencyRisk, Value: "medium"}))

	e.Update(changed, registerdata.Company{})
	companies, persons = e.Size()
	assert.Equal(t, [2]int{0, 0}, [2]int{companies, persons})
	assert.Empty(t, personNames(t, e))
}

// TestPersonAcrossCompanies merges the entries of one UUID.
func TestPersonAcrossCompanies(t *testing.T) {
	a := owned()
	b := owned()
	b.ID, b.Name.Name = "DE-HRB-T1-2", "Zweite GmbH"
	b.Representation = b.Representation[1:2]
	b.Representation[0].Role = enums.RoleDirector
	e := New(func() registerdata.Date { return registerdata.NewDate(2025, 6, 1) })
	e.Load([]registerdata.Company{a, b})
	assert.Equal(t, []string{"Dana Director"}, personNames(t, e, filters.Filter{Field: filters.ManagementPositions, Value: "2"}))
	assert.Equal(t, []string{"Dana Director"}, personNames(t, e, filters.Filter{Field: filters.CompanyCount, Min: "2"}))
	assert.Equal(t, []string{"Ole Owner"}, personNames(t, e, filters.Filter{Field: filters.Roles, Values: []string{"OWNER"}}))
	_, persons := e.Size()
	assert.Equal(t, 2, persons)
}

// TestManyValuesInOneCompany indexes a company holding more values than
// a 16-bit offset can address (a merge patch of a fake company can send
// that many industry codes): the fields after the long list still read
// their own values.
func TestManyValuesInOneCompany(t *testing.T) {
	c := owned()
	for i := range 70_000 {
		c.IndustryCodes.WZ2025 = append(c.IndustryCodes.WZ2025, registerdata.IndustryCode{Code: fmt.Sprintf("%02d.%03d", 10+i%90, i/90)})
	}
	e := New(fixedDay)
	e.Load([]registerdata.Company{c})
	assert.Equal(t, 1, companyCount(t, e, filters.Filter{Field: filters.IndustryCodes, Value: "99.728"}))
	assert.Equal(t, 1, companyCount(t, e, filters.Filter{Field: filters.HasSoleOwner, Value: "true"}))
	assert.Equal(t, 0, companyCount(t, e, filters.Filter{Field: filters.HasSoleOwner, Value: "false"}))
	assert.Equal(t, 1, companyCount(t, e, filters.Filter{Field: filters.InsolvencyRisk, Value: "low"}))

	changed := c
	changed.Status = enums.CompanyStatusLiquidation
	e.Update(c, changed)
	assert.Equal(t, 1, companyCount(t, e, filters.Filter{Field: filters.InsolvencyRisk, Value: "medium"}))
	assert.Equal(t, 0, companyCount(t, e, filters.Filter{Field: filters.InsolvencyRisk, Value: "low"}))
}

// TestBuildGuardWrapsEveryFullBuild: the guard runs around a load and
// around the re-derivation on a new day, ending each build it began, and
// not around a change of one company.
func TestBuildGuardWrapsEveryFullBuild(t *testing.T) {
	day := fixedDay()
	e := New(func() registerdata.Date { return day })
	var begun, ended int
	inBuild := false
	e.SetBuildGuard(func() func() {
		require.False(t, inBuild, "a build began inside another")
		begun, inBuild = begun+1, true
		return func() { ended, inBuild = ended+1, false }
	})
	cs := generate(50)
	e.LoadSource(Source{Len: len(cs), At: func(i int) *registerdata.Company { return &cs[i] }})
	require.Equal(t, [2]int{1, 1}, [2]int{begun, ended}, "after the load")

	after := cs[0]
	after.Name.Name = "Umbenannt GmbH"
	e.Update(cs[0], after)
	require.Equal(t, [2]int{1, 1}, [2]int{begun, ended}, "after a change")

	day = registerdata.NewDate(day.Year, day.Month, day.Day+1)
	_, err := e.SearchCompanies(registerdata.CompanySearchRequest{Query: "Umbenannt"})
	require.NoError(t, err)
	require.Equal(t, [2]int{2, 2}, [2]int{begun, ended}, "after a search on a new day")
}

func fixedDay() registerdata.Date { return registerdata.NewDate(2025, 6, 1) }

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
