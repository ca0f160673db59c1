package fake

import (
	"encoding/hex"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// genPerson is a synthetic natural person, fully determined by its index.
type genPerson struct {
	id, first, last, city string
	name                  string // first and last name joined by a space
	born                  registerdata.Date
}

// genFullNames holds every first name joined to every last name by a
// space, genFullNames[f*len(genLastNames)+l]: a generated representative's
// name, made once instead of for each of millions.
var genFullNames = func() []string {
	out := make([]string, 0, len(genFirstNames)*len(genLastNames))
	for _, f := range genFirstNames {
		for _, l := range genLastNames {
			out = append(out, f+" "+l)
		}
	}
	return out
}()

// person returns person j, drawn from its own stream so that it is the
// same in every company it appears in.
func (g *generator) person(j int) genPerson {
	g.personSrc.Seed(genSeed+1, uint64(j))
	r := g.personRng
	id := newUUID(r)
	f, l := r.IntN(len(genFirstNames)), r.IntN(len(genLastNames))
	return genPerson{
		id:    id,
		first: genFirstNames[f],
		last:  genLastNames[l],
		name:  genFullNames[f*len(genLastNames)+l],
		city:  pick(r, genPlaces).city,
		born:  registerdata.NewDate(1940+r.IntN(65), time.Month(1+r.IntN(12)), 1+r.IntN(28)),
	}
}

// representatives appends to out (empty) one to four representatives of
// company i with the form's role codes. Person slots are i*4+k, so every
// company has its own people, except that one in five representatives is
// instead the first person of one of the 100 preceding companies: people
// with positions in several companies.
func (g *generator) representatives(out []registerdata.Representative, i int, codes []enums.RoleCode, from registerdata.Date, status enums.CompanyStatus) []registerdata.Representative {
	r := g.rng
	n := 1 + r.IntN(4)
	out = slices.Grow(out, n+1)
	for k := 0; k < n; k++ {
		slot := i*4 + k
		if i > 0 && r.IntN(5) == 0 {
			slot = (i - 1 - r.IntN(min(i, 100))) * 4
		}
		code := codes[0]
		if k > 0 {
			code = pick(r, codes)
		}
		rep := g.naturalPerson(g.person(slot), code, g.date(from.Year, 2025))
		if rep.StartDate.Before(from) {
			rep.StartDate = from
		}
		if r.IntN(6) == 0 { // an ended role
			end := g.date(rep.StartDate.Year, 2025)
			if end.Before(rep.StartDate) {
				end = rep.StartDate
			}
			rep.EndDate = &end
		}
		out = append(out, rep)
	}
	if status == enums.CompanyStatusLiquidation {
		out = append(out, g.naturalPerson(g.person(i*4+3), enums.RoleCodeLiquidator, g.date(2020, 2025)))
	}
	return out
}

// personRecord holds what a representative's pointers point to, so that
// one allocation serves them all.
type personRecord struct {
	np                    registerdata.NaturalPerson
	id, first, last, city string
	born                  registerdata.Date
}

func (g *generator) naturalPerson(p genPerson, code enums.RoleCode, start registerdata.Date) registerdata.Representative {
	rec := &personRecord{id: p.id, first: p.first, last: p.last, city: p.city, born: p.born}
	rec.np = registerdata.NaturalPerson{FirstName: &rec.first, LastName: &rec.last, City: &rec.city, DateOfBirth: &rec.born}
	if g.rng.IntN(10) == 0 { // some records lack city and birth date
		rec.np.City, rec.np.DateOfBirth = nil, nil
	}
	return registerdata.Representative{
		ID: &rec.id, Name: p.name, Type: enums.RepresentativeTypeNaturalPerson,
		Role: code.Role(), RoleDetail: RoleDetail(code), StartDate: start, NaturalPerson: &rec.np,
	}
}

// indicators draws into out (empty) n consecutive years of key figures,
// the latest for 2023, with some figures not reported.
func (g *generator) indicators(out []registerdata.IndicatorSummary, n int) []registerdata.IndicatorSummary {
	r := g.rng
	out = slices.Grow(out, n)[:n]
	clear(out)
	scale := int64(1) << (20 + r.IntN(14)) // cents: about 10,000 EUR to 85 million EUR
	g.figures = make([]int64, 0, 13*n)     // every figure of the company, one allocation
	for k := range out {
		in := &out[k]
		in.Date = registerdata.NewDate(2023-n+1+k, 12, 31)
		in.ReportID = newUUID(r)
		in.BalanceSheetTotal = g.amount(scale * 4)
		in.NetIncome = g.amount(scale / 4)
		in.Revenue = g.amount(scale * 6)
		in.Cash = g.amount(scale / 2)
		in.Equity = g.amount(scale)
		in.Liabilities = g.amount(scale * 2)
		in.Salaries = g.amount(scale * 2)
		in.Taxes = g.amount(scale / 10)
		if r.IntN(3) == 0 {
			in.RealEstate, in.Materials = g.amount(scale), g.amount(scale*2)
			in.PensionProvisions, in.CapitalReserves = g.amount(scale/8), g.amount(scale/3)
		}
		if emp := g.amount(400); emp != nil {
			*emp = *emp/100 + 1 // a head count, not cents
			in.Employees = emp
		}
	}
	return out
}

// amount returns a positive value below limit, or nil one time in five.
// The value lives in g.figures.
func (g *generator) amount(limit int64) *int64 {
	if g.rng.IntN(5) == 0 {
		return nil
	}
	g.figures = append(g.figures, 1+g.rng.Int64N(max(limit, 2)))
	return &g.figures[len(g.figures)-1]
}

var genInsolvencyStatuses = enums.InsolvencyStatus("").Values()

// insolvencies gives about 3% of companies (15% of inactive ones) one
// proceeding.
func (g *generator) insolvencies(status enums.CompanyStatus) []registerdata.InsolvencySummary {
	r := g.rng
	chance := 33
	if status == enums.CompanyStatusInactive {
		chance = 7
	}
	if r.IntN(chance) != 0 {
		return []registerdata.InsolvencySummary{}
	}
	opened := g.date(2005, 2025)
	kind := enums.ProceedingKindRegularInsolvency
	return []registerdata.InsolvencySummary{{
		ID:             newUUID(r),
		CurrentStatus:  pick(r, genInsolvencyStatuses),
		Court:          "Amtsgericht " + pick(r, genPlaces).city,
		CaseNumber:     strconv.Itoa(1+r.IntN(99)) + " IN " + strconv.Itoa(1+r.IntN(900)) + "/" + strconv.Itoa(opened.Year%100 + 100)[1:],
		ProceedingKind: &kind,
		OpenedAt:       &opened,
	}}
}

// newUUID draws a version 4 UUID from r.
func newUUID(r *rand.Rand) string {
	var u [16]byte
	for k := 0; k < 16; k += 8 {
		v := r.Uint64()
		for b := 0; b < 8; b++ {
			u[k+b] = byte(v >> (8 * b))
		}
	}
	u[6] = u[6]&0x0f | 0x40 // version 4
	u[8] = u[8]&0x3f | 0x80 // RFC 4122 variant
	var buf [36]byte
	hex.Encode(buf[0:8], u[0:4])
	hex.Encode(buf[9:13], u[4:6])
	hex.Encode(buf[14:18], u[6:8])
	hex.Encode(buf[19:23], u[8:10])
	hex.Encode(buf[24:36], u[10:16])
	buf[8], buf[13], buf[18], buf[23] = '-', '-', '-', '-'
	return string(buf[:])
}
