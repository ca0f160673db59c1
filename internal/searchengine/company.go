package searchengine

import (
	"strings"
	"sync"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/registerdata/registerdata-go/internal/money"
)

// extractor computes the values of one field for one document: numbers
// for number and date fields, strings for the others.
type extractor[F any] struct {
	num func(*F) []float64
	str func(*F) []string
}

func numbers[F any](fn func(*F) []float64) extractor[F] { return extractor[F]{num: fn} }
func texts[F any](fn func(*F) []string) extractor[F]    { return extractor[F]{str: fn} }

// one returns a one-value list, or none for the empty string.
func one(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// lowerText is how text values are indexed: trimmed and lower-cased.
func lowerText(s string) string { return strings.ToLower(strings.TrimSpace(s)) }

// The values of a boolean field, shared: callers only read them.
var (
	trueValue  = []string{"true"}
	falseValue = []string{"false"}
)

func boolean(b bool) []string {
	if b {
		return trueValue
	}
	return falseValue
}

func date(d registerdata.Date) []float64 {
	if !d.Valid() {
		return nil
	}
	return []float64{dateNumber(d)}
}

func indicator(get func(*registerdata.IndicatorSummary) *int64) extractor[companyFacts] {
	return numbers(func(f *companyFacts) []float64 { return f.indicator(get) })
}

// companyFields computes every company filter field. A test checks that
// it covers every company field of filters.Fields.
var companyFields = withExtendedIndicators(map[filters.Field]extractor[companyFacts]{
	filters.Status:         texts(func(f *companyFacts) []string { return f.one(string(f.c.Status)) }),
	filters.LegalForm:      texts(func(f *companyFacts) []string { return f.one(string(f.c.LegalForm)) }),
	filters.RegisterNumber: texts(func(f *companyFacts) []string { return f.lower(f.c.Register.RegisterNumber) }),
	filters.RegisterCourt:  texts(func(f *companyFacts) []string { return f.lower(f.c.Register.RegisterCourt) }),
	filters.RegisterType:   texts(func(f *companyFacts) []string { return f.one(string(f.c.Register.RegisterType)) }),
	filters.IncorporatedAt: numbers(func(f *companyFacts) []float64 { return f.date(f.c.IncorporatedAt) }),
	filters.Zip:            texts(func(f *companyFacts) []string { return f.lower(f.c.Address.PostalCode) }),
	filters.Active:         texts(func(f *companyFacts) []string { return boolean(f.c.Status == enums.CompanyStatusActive) }),
	filters.City:           texts(func(f *companyFacts) []string { return f.lower(f.c.Address.City) }),
	filters.Address:        texts(func(f *companyFacts) []string { return f.lower(f.c.Address.FormattedValue) }),
	filters.Purpose: texts(func(f *companyFacts) []string {
		if f.c.Purpose == nil {
			return nil
		}
		return f.lower(f.c.Purpose.Purpose)
	}),
	filters.IndustryCodes: texts(func(f *companyFacts) []string {
		var out []string
		for _, ic := range f.c.IndustryCodes.WZ2025 {
			out = append(out, one(industryDigits(ic.Code))...)
		}
		return out
	}),
	// capital_amount is a money filter, in cents; the record holds the
	// capital in currency units.
	filters.CapitalAmount: numbers(func(f *companyFacts) []float64 {
		if f.c.Capital == nil {
			return nil
		}
		return f.single(money.CentsValue(f.c.Capital.Amount))
	}),
	filters.CapitalCurrency: texts(func(f *companyFacts) []string {
		if f.c.Capital == nil {
			return nil
		}
		return f.one(string(f.c.Capital.Currency))
	}),
	filters.BalanceSheetTotal:  indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.BalanceSheetTotal }),
	filters.Revenue:            indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.Revenue }),
	filters.Cash:               indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.Cash }),
	filters.Employees:          indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.Employees }),
	filters.Equity:             indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.Equity }),
	filters.RealEstate:         indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.RealEstate }),
	filters.Materials:          indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.Materials }),
	filters.PensionProvisions:  indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.PensionProvisions }),
	filters.Salaries:           indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.Salaries }),
	filters.Taxes:              indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.Taxes }),
	filters.Liabilities:        indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.Liabilities }),
	filters.CapitalReserves:    indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.CapitalReserves }),
	filters.NetIncome:          indicator(func(i *registerdata.IndicatorSummary) *int64 { return i.NetIncome }),
	filters.HadInsolvency:      texts(func(f *companyFacts) []string { return boolean(f.hadInsolvency()) }),
	filters.HasOpenInsolvency:  texts(func(f *companyFacts) []string { return boolean(f.hasOpenInsolvency()) }),
	filters.InsolvencyRisk:     texts(func(f *companyFacts) []string { return f.one(f.risk()) }),
	filters.EstimatedRevenue:   numbers(func(f *companyFacts) []float64 { return f.estimatedRevenue() }),
	filters.EstimatedEBITDA:    numbers(func(f *companyFacts) []float64 { return f.estimatedEBITDA() }),
	filters.EstimatedEmployees: numbers(func(f *companyFacts) []float64 { return f.estimatedEmployees() }),
	filters.InsolvencyStage: texts(func(f *companyFacts) []string {
		var out []string
		for _, in := range f.c.Insolvencies {
			out = append(out, one(string(in.CurrentStatus))...)
		}
		return out
	}),
	filters.InsolvencyOpenedAt: numbers(func(f *companyFacts) []float64 {
		var out []float64
		for _, in := range f.c.Insolvencies {
			if in.OpenedAt != nil {
				out = append(out, date(*in.OpenedAt)...)
			}
		}
		return out
	}),
	filters.LEI: texts(func(f *companyFacts) []string { return f.lower(f.c.LEI) }),
	filters.VATID: texts(func(f *companyFacts) []string {
		if f.c.Contact == nil {
			return nil
		}
		return f.lower(f.c.Contact.VATID)
	}),
	filters.YoungestOwnerAge: numbers(func(f *companyFacts) []float64 {
		if f.owners.youngestAge < 0 {
			return nil
		}
		return f.single(float64(f.owners.youngestAge))
	}),
	filters.NumberOfOwners:         numbers(func(f *companyFacts) []float64 { return f.single(float64(f.owners.count)) }),
	filters.HasRepresentativeOwner: texts(func(f *companyFacts) []string { return boolean(f.owners.represents) }),
	filters.IsFamilyOwned:          texts(func(f *companyFacts) []string { return boolean(f.owners.sharedLastName) }),
	filters.HasSoleOwner:           texts(func(f *companyFacts) []string { return boolean(f.owners.count == 1) }),
	filters.HasLEI:                 texts(func(f *companyFacts) []string { return boolean(strings.TrimSpace(f.c.LEI) != "") }),
})

// buildRow computes the row of a document from its facts with the
// extractors of the table's columns.
func buildRow[F any, R any](t *table[R], key string, f *F, fields map[filters.Field]extractor[F]) row {
	b := t.builder(key)
	for _, ex := range extractorsOf(&t.docs, fields) {
		var nums []float64
		var strs []string
		if ex.num != nil {
			nums = ex.num(f)
		}
		if ex.str != nil {
			strs = ex.str(f)
		}
		b.next(nums, strs)
	}
	return b.r
}

// factsPool recycles the facts companyRow computes, with their text
// cache: the extractors, being function values, would make each one
// escape to the heap.
var factsPool = sync.Pool{New: func() any { return &companyFacts{oneValue: oneValue{tc: new(textCache)}} }}

// extractorsOf returns the extractors of t's columns, in column order,
// taken from fields the first time. A table's rows are always built from
// the same fields.
func extractorsOf[F any](t *docs, fields map[filters.Field]extractor[F]) []extractor[F] {
	t.exOnce.Do(func() {
		exs := make([]extractor[F], len(t.names))
		for i, name := range t.names {
			exs[i] = fields[name]
		}
		t.exs = exs
	})
	return t.exs.([]extractor[F])
}

// companyRow indexes company c as of today.
func (e *Engine) companyRow(c *registerdata.Company, today registerdata.Date) row {
	t := e.ct
	f := factsPool.Get().(*companyFacts)
	defer func() {
		*f = companyFacts{oneValue: oneValue{tc: f.tc}}
		factsPool.Put(f)
	}()
	f.c = c
	f.extended = e.extendedIndicators(c, &f.year)
	if list, ok := e.registeredOwners(c); ok {
		f.owners = ownersFromList(c, list, today)
	} else {
		f.owners = ownersOf(c, today)
	}
	if latest, ok := c.LatestIndicators(); ok {
		f.summary = latest
		f.latest = &f.summary
	}
	r := buildRow(t, c.Name.Name+"\x00"+c.ID, f, companyFields)
	r.tokens = tokens(r.tokens, c.Name.Name)
	r.former = formerWords(r.former, c)
	if p, ok := cityPoint(c.Address.City); ok {
		r.lat, r.lon, r.hasGeo = p.lat, p.lon, true
	}
	return r
}

// companyResult is the search result of company c: the register's
// country from the id, the registered address with its country as an
// ISO 3166-1 alpha-2 code, and null for what the record lacks.
func companyResult(c *registerdata.Company) registerdata.CompanySearchResult {
	res := registerdata.CompanySearchResult{
		CompanyID:      c.ID,
		Name:           c.Name.Name,
		RegisterNumber: c.Register.RegisterNumber,
		RegisterType:   c.Register.RegisterType,
		RegisterCourt:  c.Register.RegisterCourt,
		Active:         c.Status == enums.CompanyStatusActive,
		LegalForm:      c.LegalForm,
	}
	country, _, found := strings.Cut(c.ID, "-")
	if found && isAlpha2(country) {
		res.Country = &country
	}
	if a := c.Address; a.City != "" || a.FormattedValue != "" {
		res.Address = &registerdata.SearchAddress{
			City:           a.City,
			Country:        countryCode(a.Country, country),
			FormattedValue: a.FormattedValue,
			Street:         a.Street,
			PostalCode:     a.PostalCode,
			Extra:          a.Extra,
		}
	}
	if c.Purpose != nil && c.Purpose.Purpose != "" {
		purpose := c.Purpose.Purpose
		res.Purpose = &purpose
	}
	return res
}
