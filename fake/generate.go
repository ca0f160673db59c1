package fake

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// genSeed seeds the generator. Company i and person j are each drawn from
// their own stream (genSeed, i) and (genSeed+1, j), so generate(n) is a
// prefix of generate(n+1) and a person reads the same wherever they
// appear.
const genSeed = 0x5eed_2025

// genNumberBase offsets generated register numbers: they have seven
// digits, curated ones at most six, so the ids never collide.
const genNumberBase = 1_000_000

// generate returns n synthetic companies, the same for the same n. They
// are complete and valid as built (the tests check every one), so they
// skip the store's preparation, which keeps 100,000 of them fast.
func generate(n int) []registerdata.Company {
	out := make([]registerdata.Company, n)
	g := generator{src: &rand.PCG{}, personSrc: &rand.PCG{}}
	g.rng, g.personRng = rand.New(g.src), rand.New(g.personSrc)
	for i := range out {
		g.company(i, &out[i])
	}
	return out
}

// generator draws companies; it reuses its random sources, reseeding
// them per company and per person.
type generator struct {
	src, personSrc *rand.PCG
	rng, personRng *rand.Rand
	figures        []int64 // backing store of the current company's indicator figures
}

// pick returns a random element of s.
func pick[T any](r *rand.Rand, s []T) T { return s[r.IntN(len(s))] }

func (g *generator) date(fromYear, toYear int) registerdata.Date {
	y := fromYear + g.rng.IntN(toYear-fromYear+1)
	return registerdata.NewDate(y, time.Month(1+g.rng.IntN(12)), 1+g.rng.IntN(28))
}

// head seeds the generator for company i and draws what its id is made
// of: the register type, the legal form and the place.
func (g *generator) head(i int) (enums.RegisterType, genForm, place) {
	g.src.Seed(genSeed, uint64(i))
	r := g.rng
	rt := registerTypeFor(r.IntN(100))
	form := pick(r, genForms[rt])
	pl := pick(r, genPlaces)
	return rt, form, pl
}

// genCompanyID is the id of a generated company.
func genCompanyID(rt enums.RegisterType, pl place, number int) string {
	return "DE-" + string(rt) + "-" + pl.courtCode + "-" + strconv.Itoa(number)
}

// summary draws the part of company i a search result shows into c: id,
// register, status, legal form, name, address, purpose and the date of
// incorporation, and none of c's lists. When keep is set and says no to
// the name, it stops there, with c partly drawn, and returns false. It
// returns the legal form and the industry codes the rest of the record
// is drawn from, and leaves the generator where company goes on
// drawing.
func (g *generator) summary(i int, c *registerdata.Company, keep func(name string) bool) (genForm, []string, bool) {
	rt, form, pl := g.head(i)
	r := g.rng
	trade := pick(r, genTrades)
	incorporated := g.date(1950, 2024)
	status := statusFor(r.IntN(100))
	name := pick(r, genNamePrefixes) + trade.core + " " + form.suffix
	if form.form == enums.LegalFormEK {
		name = pick(r, genFirstNames) + " " + pick(r, genLastNames) + " " + trade.core + " " + form.suffix
	}
	if keep != nil && !keep(name) {
		return form, trade.wz, false
	}

	number := strconv.Itoa(genNumberBase + i)
	c.ID = genCompanyID(rt, pl, genNumberBase+i)
	c.Register = registerdata.CompanyRegister{RegisterNumber: number, RegisterType: rt, RegisterCourt: pl.court}
	c.Status = status
	c.LegalForm = form.form
	c.IncorporatedAt = incorporated
	c.Name = registerdata.CompanyName{Name: name, LegalForm: form.form, StartDate: incorporated}

	postal := pl.postalFrom + r.IntN(pl.postalTo-pl.postalFrom+1)
	street := pick(r, genStreets) + " " + strconv.Itoa(1+r.IntN(180))
	c.Address = registerdata.CompanyAddress{Street: street, City: pl.city, PostalCode: pad5(postal), Country: "Deutschland", StartDate: incorporated}
	formatAddress(&c.Address)

	c.Purpose = nil
	if r.IntN(20) != 0 { // 5% have no purpose on record
		c.Purpose = &registerdata.CompanyPurpose{Purpose: trade.purpose, StartDate: incorporated}
	}
	return form, trade.wz, true
}

// company draws company i into c, which is the zero Company or, to
// save allocations, one whose slices only earlier calls of company made
// (see generatedCompanyInto): their memory is reused.
func (g *generator) company(i int, c *registerdata.Company) {
	form, wz, _ := g.summary(i, c, nil)
	r := g.rng
	number, incorporated := c.Register.RegisterNumber, c.IncorporatedAt
	c.Registers = append(reuse(c.Registers), c.Register)
	c.Names = append(reuse(c.Names), c.Name)
	c.Addresses = append(reuse(c.Addresses), c.Address)
	c.Purposes = reuse(c.Purposes)
	if c.Purpose != nil {
		c.Purposes = append(c.Purposes, *c.Purpose)
	}
	c.Capitals = reuse(c.Capitals)
	if amount := capitalFor(r, form.form); amount > 0 {
		c.Capital = &registerdata.CompanyCapital{Amount: amount, Currency: enums.CurrencyEUR, StartDate: incorporated}
		c.Capitals = append(c.Capitals, *c.Capital)
	}

	if r.IntN(2) == 0 {
		d := incorporated
		c.NotarizedAt = &d
	}
	if c.Status == enums.CompanyStatusInactive {
		d := g.date(max(incorporated.Year, 2000), 2025)
		if d.Before(incorporated) {
			d = incorporated
		}
		c.TerminatedAt = &d
	}
	c.Representation = g.representatives(reuse(c.Representation), i, form.roles, incorporated, c.Status)
	c.Indicators = g.indicators(reuse(c.Indicators), r.IntN(4))
	c.Documents = []registerdata.CompanyDocument{}
	c.Acquisitions = []registerdata.Transaction{}
	c.AssetSpinOffs = []registerdata.Transaction{}
	c.IndustryCodes.WZ2025 = slices.Grow(reuse(c.IndustryCodes.WZ2025), len(wz))
	for _, code := range wz[:1+r.IntN(len(wz))] {
		c.IndustryCodes.WZ2025 = append(c.IndustryCodes.WZ2025, registerdata.IndustryCode{Code: code})
	}
	if r.IntN(3) == 0 {
		c.Contact = &registerdata.Contact{WebsiteURL: "https://www.company-" + number + ".example"}
	}
	c.Insolvencies = g.insolvencies(c.Status)
	c.Sources = []registerdata.Source{}
}

func registerTypeFor(p int) enums.RegisterType {
	switch {
	case p < 60:
		return enums.RegisterTypeHRB
	case p < 85:
		return enums.RegisterTypeHRA
	case p < 90:
		return enums.RegisterTypeGnR
	case p < 95:
		return enums.RegisterTypePR
	}
	return enums.RegisterTypeVR
}

func statusFor(p int) enums.CompanyStatus {
	switch {
	case p < 80:
		return enums.CompanyStatusActive
	case p < 95:
		return enums.CompanyStatusInactive
	}
	return enums.CompanyStatusLiquidation
}

// capitalFor returns a registered capital fitting the legal form, or 0
// for forms that have none.
func capitalFor(r *rand.Rand, f enums.LegalForm) float64 {
	switch f {
	case enums.LegalFormGmbH, enums.LegalFormGGmbH:
		return pick(r, []float64{25000, 25000, 50000, 100000, 250000, 1000000})
	case enums.LegalFormUG:
		return float64(1 + r.IntN(5000))
	case enums.LegalFormAG, enums.LegalFormSE:
		return float64(120000 + 1000*r.IntN(20000))
	}
	return 0
}

func pad5(n int) string {
	s := strconv.Itoa(n)
	for len(s) < 5 {
		s = "0" + s
	}
	return s
}

// generators are reused by generatedCompany: a generator is not safe for
// concurrent use, and making one costs a few allocations.
var generators = sync.Pool{New: func() any {
	g := &generator{src: &rand.PCG{}, personSrc: &rand.PCG{}}
	g.rng, g.personRng = rand.New(g.src), rand.New(g.personSrc)
	return g
}}

// generatedCompany returns generated company i, a new record each call,
// the same as generate(i+1)[i].
func generatedCompany(i int) *registerdata.Company {
	return generatedCompanyInto(i, new(registerdata.Company))
}

// generatedCompanyInto writes generated company i into buf, reusing the
// memory of its slices, and returns buf. buf must be the zero Company or
// hold only what earlier calls wrote: nothing else may share its slices.
// The result is company i as generate draws it.
func generatedCompanyInto(i int, buf *registerdata.Company) *registerdata.Company {
	g := generators.Get().(*generator)
	defer generators.Put(g)
	old := *buf
	*buf = registerdata.Company{
		Registers: old.Registers, Names: old.Names, Addresses: old.Addresses, Purposes: old.Purposes,
		Capitals: old.Capitals, Representation: old.Representation, Indicators: old.Indicators,
		IndustryCodes: registerdata.IndustryCodes{WZ2025: old.IndustryCodes.WZ2025},
	}
	g.company(i, buf)
	g.figures = nil // the record keeps them
	return buf
}

// reuse returns s emptied, keeping its memory, or a new empty slice for
// nil: a generated record's lists are never nil.
func reuse[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s[:0]
}

// generatedID returns the id of generated company i without drawing the
// rest of the record.
func generatedID(i int) string {
	g := generators.Get().(*generator)
	defer generators.Put(g)
	rt, _, pl := g.head(i)
	return genCompanyID(rt, pl, genNumberBase+i)
}

// genIndex returns the index of generated company c.
func genIndex(c *registerdata.Company) int {
	n, _ := strconv.Atoi(c.Register.RegisterNumber)
	return n - genNumberBase
}

// generatedByID returns the generated company with id among the first n,
// if there is one.
func generatedByID(id string, n int) (*registerdata.Company, bool) {
	if i, ok := generatedIndexOf(id, n); ok && generatedID(i) == id {
		return generatedCompany(i), true
	}
	return nil, false
}

// generatedIndexOf is the index of the generated company id would be
// among the first n, by its register number; the id may still not be
// that company's.
func generatedIndexOf(id string, n int) (int, bool) {
	dash := strings.LastIndexByte(id, '-')
	number, err := strconv.Atoi(id[dash+1:])
	if err != nil || number < genNumberBase || number-genNumberBase >= n {
		return 0, false
	}
	return number - genNumberBase, true
}

// generatedSummaryInto draws into c what a search result shows of the
// generated company with id among the first n (see generator.summary),
// without the rest of its record; false when there is no such company
// or keep, when set, says no to its name.
func generatedSummaryInto(id string, n int, c *registerdata.Company, keep func(name string) bool) bool {
	i, ok := generatedIndexOf(id, n)
	if !ok {
		return false
	}
	g := generators.Get().(*generator)
	defer generators.Put(g)
	_, _, kept := g.summary(i, c, keep)
	return kept && c.ID == id
}
