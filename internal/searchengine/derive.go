package searchengine

import (
	"slices"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Insolvency risk tiers.
const (
	riskLow    = "low"
	riskMedium = "medium"
	riskHigh   = "high"
)

// Figures behind the estimates, in cents.
const (
	revenuePerEmployee = 10_000_000 // 100,000 EUR
	salaryPerEmployee  = 5_000_000  // 50,000 EUR
	ebitdaShare        = 0.10       // of the revenue, without a net income
)

// companyFacts is what a company's filter fields are computed from.
type companyFacts struct {
	c        *registerdata.Company
	latest   *registerdata.IndicatorSummary
	owners   owners
	extended extendedValues // see extendedIndicators
	oneValue
	// Where latest and the extended indicators are read from.
	summary registerdata.IndicatorSummary
	year    registerdata.FinancialIndicators
}

// oneValue holds the one value of a field an extractor returns, for the
// facts of a document that embed it: buildRow copies each extractor's
// values before it runs the next, so one buffer serves every field
// without an allocation each.
type oneValue struct {
	num [1]float64
	str [1]string
	tc  *textCache // for lower; may be nil
}

// single returns v as a one-value list held in f.
func (f *oneValue) single(v float64) []float64 {
	f.num[0] = v
	return f.num[:]
}

// one returns s as a one-value list held in f, or none for the empty
// string.
func (f *oneValue) one(s string) []string {
	if s == "" {
		return nil
	}
	f.str[0] = s
	return f.str[:]
}

// lower is one of s lower-cased and trimmed.
func (f *oneValue) lower(s string) []string { return f.one(f.tc.lower(s)) }

// date is single of d's number, or none for an invalid date.
func (f *oneValue) date(d registerdata.Date) []float64 {
	if !d.Valid() {
		return nil
	}
	return f.single(dateNumber(d))
}

// owners summarises the current owners of a company (representatives with
// role OWNER or SHAREHOLDER), one entry per person or entity.
type owners struct {
	count          int
	youngestAge    int // -1: no owner with a date of birth
	sharedLastName bool
	represents     bool // an owner also holds a representing role
}

// ownerKey identifies a representative across entries: the id, else the name.
func ownerKey(r *registerdata.Representative) string {
	if r.ID != nil && *r.ID != "" {
		return *r.ID
	}
	return "name:" + strings.ToLower(r.Name)
}

func lastName(r *registerdata.Representative) string {
	if np := r.NaturalPerson; np != nil && np.LastName != nil && *np.LastName != "" {
		return strings.ToLower(*np.LastName)
	}
	ws := strings.Fields(strings.ToLower(r.Name))
	if len(ws) == 0 {
		return ""
	}
	return ws[len(ws)-1]
}

// ownersOf summarises the current owners of c from its representation.
// A company has a handful of entries, so they are compared pairwise, in
// buffers on the stack, rather than through maps.
func ownersOf(c *registerdata.Company, today registerdata.Date) owners {
	var curBuf [16]*registerdata.Representative
	var keyBuf, lastBuf [16]string
	current, keys := curBuf[:0], keyBuf[:0]
	for i := range c.Representation {
		if r := &c.Representation[i]; r.EndDate == nil || r.EndDate.After(today) {
			current, keys = append(current, r), append(keys, ownerKey(r))
		}
	}
	o := owners{youngestAge: -1}
	lastNames := lastBuf[:0]
	for i, r := range current {
		if !isOwnerRole(r.Role) || ownerBefore(current, keys, i) {
			continue // not an owner, or an owner already counted
		}
		o.count++
		for j, e := range current {
			if keys[j] == keys[i] && representsCompany(e.Role) {
				o.represents = true
			}
		}
		if r.Type != enums.RepresentativeTypeNaturalPerson {
			continue
		}
		if ln := lastName(r); ln != "" {
			o.sharedLastName = o.sharedLastName || slices.Contains(lastNames, ln)
			lastNames = append(lastNames, ln)
		}
		if np := r.NaturalPerson; np != nil && np.DateOfBirth != nil && np.DateOfBirth.Valid() {
			if age := ageOn(*np.DateOfBirth, today); o.youngestAge < 0 || age < o.youngestAge {
				o.youngestAge = age
			}
		}
	}
	return o
}

// ownerBefore reports whether an owner entry before current[i] has its
// key.
func ownerBefore(current []*registerdata.Representative, keys []string, i int) bool {
	for j := range i {
		if keys[j] == keys[i] && isOwnerRole(current[j].Role) {
			return true
		}
	}
	return false
}

func isOwnerRole(r enums.Role) bool { return r == enums.RoleOwner || r == enums.RoleShareholder }

// representsCompany reports whether role r represents the company.
func representsCompany(r enums.Role) bool {
	switch r {
	case enums.RoleDirector, enums.RolePersonalLiableDirector, enums.RoleProkura, enums.RoleLiquidator:
		return true
	}
	return false
}

// ageOn is the age in full years on day of someone born on dob.
func ageOn(dob, day registerdata.Date) int {
	age := day.Year - dob.Year
	if day.Month < dob.Month || day.Month == dob.Month && day.Day < dob.Day {
		age--
	}
	return age
}

func (f *companyFacts) hadInsolvency() bool { return len(f.c.Insolvencies) > 0 }

func (f *companyFacts) hasOpenInsolvency() bool {
	for _, in := range f.c.Insolvencies {
		if in.CurrentStatus.IsOpen() {
			return true
		}
	}
	return false
}

// risk is the insolvency risk tier: high with an open proceeding; medium
// after a closed one, in liquidation, or with negative equity in the
// latest figures; low otherwise.
func (f *companyFacts) risk() string {
	switch {
	case f.hasOpenInsolvency():
		return riskHigh
	case f.hadInsolvency(), f.c.Status == enums.CompanyStatusLiquidation,
		f.latest != nil && f.latest.Equity != nil && *f.latest.Equity < 0:
		return riskMedium
	}
	return riskLow
}

// indicator returns a figure of the latest indicator year.
func (f *companyFacts) indicator(get func(*registerdata.IndicatorSummary) *int64) []float64 {
	if f.latest == nil {
		return nil
	}
	if v := get(f.latest); v != nil {
		return f.single(float64(*v))
	}
	return nil
}

func (f *companyFacts) estimatedRevenue() []float64 {
	if f.latest == nil {
		return nil
	}
	switch l := f.latest; {
	case l.Revenue != nil:
		return f.single(float64(*l.Revenue))
	case l.Employees != nil:
		return f.single(float64(*l.Employees * revenuePerEmployee))
	case l.BalanceSheetTotal != nil:
		return f.single(float64(*l.BalanceSheetTotal))
	}
	return nil
}

func (f *companyFacts) estimatedEmployees() []float64 {
	if f.latest == nil {
		return nil
	}
	switch l := f.latest; {
	case l.Employees != nil:
		return f.single(float64(*l.Employees))
	case l.Salaries != nil:
		return f.single(float64(*l.Salaries / salaryPerEmployee))
	}
	if rev := f.estimatedRevenue(); rev != nil {
		return f.single(float64(int64(rev[0]) / revenuePerEmployee))
	}
	return nil
}

func (f *companyFacts) estimatedEBITDA() []float64 {
	if f.latest == nil {
		return nil
	}
	if l := f.latest; l.NetIncome != nil {
		ebitda := *l.NetIncome
		if l.Taxes != nil {
			ebitda += *l.Taxes
		}
		return f.single(float64(ebitda))
	}
	if rev := f.estimatedRevenue(); rev != nil {
		return f.single(float64(int64(rev[0] * ebitdaShare)))
	}
	return nil
}
