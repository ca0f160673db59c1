package filters

import (
	"time"

	"github.com/registerdata/registerdata-go/enums"
)

// CompanyBuilder composes the filters of a company search; every filter
// added must hold (AND). Start one with Company.
//
// A CompanyBuilder is an immutable value: each method returns a new
// builder and leaves its receiver unchanged, so a partly built search can
// be kept and extended in several directions, Build may be called any
// number of times with the same result, and a builder may be shared
// between goroutines. The zero value is an empty company search.
type CompanyBuilder struct {
	fs list
}

// Company starts the filters of a company search.
func Company() CompanyBuilder { return CompanyBuilder{} }

// Build checks the filters with Validate for a company search and returns
// them ready for the request, or every problem found, joined with
// errors.Join (each one a *FilterError). The returned slice is the
// caller's to modify.
func (b CompanyBuilder) Build() ([]Filter, error) { return b.fs.build(ScopeCompany) }

func (b CompanyBuilder) with(f Filter) CompanyBuilder { return CompanyBuilder{b.fs.add(f)} }

// Eq keeps companies whose field f equals v, as sent on the wire
// ("value"). Money values are cents on the wire: Eq(CapitalAmount,
// "2500000") is a capital of 25,000.00.
func (b CompanyBuilder) Eq(f Field, v string) CompanyBuilder { return b.with(eq(f, v)) }

// In keeps companies whose field f is one of vs ("values").
func (b CompanyBuilder) In(f Field, vs ...string) CompanyBuilder { return b.with(in(f, vs)) }

// Between keeps companies whose field f lies in [min, max], both ends
// included; an empty string leaves that end open. The bounds are wire
// values: money (capital_amount, revenue and the other indicators) in
// cents, so Between(Revenue, "10000000000", "") is 100 million EUR or
// more.
func (b CompanyBuilder) Between(f Field, min, max string) CompanyBuilder {
	return b.with(between(f, min, max))
}

// AtLeast keeps companies whose field f is min or more ("min"), a wire
// value (money in cents).
func (b CompanyBuilder) AtLeast(f Field, min string) CompanyBuilder {
	return b.with(between(f, min, ""))
}

// AtMost keeps companies whose field f is max or less ("max"), a wire
// value (money in cents).
func (b CompanyBuilder) AtMost(f Field, max string) CompanyBuilder {
	return b.with(between(f, "", max))
}

// Keywords keeps companies whose text field f contains the keywords kws.
func (b CompanyBuilder) Keywords(f Field, kws ...string) CompanyBuilder {
	return b.with(keywords(f, kws))
}

// Status keeps companies in any of the given statuses.
func (b CompanyBuilder) Status(s ...enums.CompanyStatus) CompanyBuilder {
	return b.with(oneOf(Status, s))
}

// LegalForm keeps companies of any of the given legal forms.
func (b CompanyBuilder) LegalForm(lf ...enums.LegalForm) CompanyBuilder {
	return b.with(oneOf(LegalForm, lf))
}

// City keeps companies registered in the named city (exact match,
// case-insensitive).
func (b CompanyBuilder) City(name string) CompanyBuilder { return b.with(eq(City, name)) }

// PostalCode keeps companies whose registered address has any of the
// given postal codes (wire field "zip").
func (b CompanyBuilder) PostalCode(codes ...string) CompanyBuilder {
	return b.with(oneOf(Zip, codes))
}

// RegisterType keeps companies entered in any of the given registers.
func (b CompanyBuilder) RegisterType(t ...enums.RegisterType) CompanyBuilder {
	return b.with(oneOf(RegisterType, t))
}

// RegisterCourt keeps companies registered at the named court
// ("Frankfurt am Main").
func (b CompanyBuilder) RegisterCourt(court string) CompanyBuilder {
	return b.with(eq(RegisterCourt, court))
}

// RegisterNumber keeps companies with the given number in their register
// ("267645").
func (b CompanyBuilder) RegisterNumber(number string) CompanyBuilder {
	return b.with(eq(RegisterNumber, number))
}

// IndustryCodes keeps companies with any of the given WZ 2025 codes; a
// code also matches its sub-codes.
func (b CompanyBuilder) IndustryCodes(codes ...string) CompanyBuilder {
	return b.with(oneOf(IndustryCodes, codes))
}

// IncorporatedBetween keeps companies registered from from to to, both
// days included. Each is sent as its UTC calendar date; a zero time.Time
// leaves that end open (IncorporatedBetween(t, time.Time{}) is "on or
// after t").
func (b CompanyBuilder) IncorporatedBetween(from, to time.Time) CompanyBuilder {
	return b.with(dateRange(IncorporatedAt, from, to))
}

// CapitalBetween keeps companies whose current registered capital lies
// in [min, max], both ends included. min and max are amounts in major
// currency units, as Company.Capital.Amount holds them (25000 is
// 25,000.00 EUR); they are sent in cents, as the service's documentation
// says of every money filter (https://docs.openregister.de/filtering):
// CapitalBetween(25000, Unbounded) sends {"field": "capital_amount",
// "min": "2500000"}. The decimal point moves exactly (0.29 is "29").
// Unbounded or an infinity leaves that end open. Combine with
// CapitalCurrency to fix the currency. To give cents directly, use
// Between(CapitalAmount, ...) with wire values.
func (b CompanyBuilder) CapitalBetween(min, max float64) CompanyBuilder {
	return b.with(centsRange(CapitalAmount, min, max))
}

// CapitalCurrency keeps companies whose current capital is in any of the
// given currencies.
func (b CompanyBuilder) CapitalCurrency(c ...enums.Currency) CompanyBuilder {
	return b.with(oneOf(CapitalCurrency, c))
}

// HadInsolvency keeps companies that have (true) or have never (false)
// had insolvency proceedings.
func (b CompanyBuilder) HadInsolvency(v bool) CompanyBuilder {
	return b.with(flag(HadInsolvency, v))
}

// HasOpenInsolvency keeps companies with (true) or without (false) a
// proceeding still open.
func (b CompanyBuilder) HasOpenInsolvency(v bool) CompanyBuilder {
	return b.with(flag(HasOpenInsolvency, v))
}

// InsolvencyStage keeps companies with a proceeding in any of the given
// statuses.
func (b CompanyBuilder) InsolvencyStage(s ...enums.InsolvencyStatus) CompanyBuilder {
	return b.with(oneOf(InsolvencyStage, s))
}

// InsolvencyOpenedBetween keeps companies with a proceeding opened from
// from to to, both days included; dates as in IncorporatedBetween.
func (b CompanyBuilder) InsolvencyOpenedBetween(from, to time.Time) CompanyBuilder {
	return b.with(dateRange(InsolvencyOpenedAt, from, to))
}

// InsolvencyRisk keeps companies in any of the given risk tiers: "low",
// "medium" or "high". The field is in no official client library's list
// (FieldInfo.Official is false).
func (b CompanyBuilder) InsolvencyRisk(tiers ...string) CompanyBuilder {
	return b.with(oneOf(InsolvencyRisk, tiers))
}

// LEI keeps the company with the given Legal Entity Identifier.
func (b CompanyBuilder) LEI(lei string) CompanyBuilder { return b.with(eq(LEI, lei)) }

// VATID keeps the company with the given VAT identification number
// ("DE123456789"). The field is in no official client library's list
// (FieldInfo.Official is false).
func (b CompanyBuilder) VATID(id string) CompanyBuilder { return b.with(eq(VATID, id)) }

// PurposeKeywords keeps companies whose current business purpose contains
// the keywords kws.
func (b CompanyBuilder) PurposeKeywords(kws ...string) CompanyBuilder {
	return b.with(keywords(Purpose, kws))
}

// HasRepresentativeOwner keeps companies where an owner also represents
// the company (true) or where none does (false).
func (b CompanyBuilder) HasRepresentativeOwner(v bool) CompanyBuilder {
	return b.with(flag(HasRepresentativeOwner, v))
}

// IsFamilyOwned keeps companies where two or more owners share a last
// name (true) or not (false).
func (b CompanyBuilder) IsFamilyOwned(v bool) CompanyBuilder { return b.with(flag(IsFamilyOwned, v)) }

// HasSoleOwner keeps companies with exactly one current owner (true) or
// not (false).
func (b CompanyBuilder) HasSoleOwner(v bool) CompanyBuilder { return b.with(flag(HasSoleOwner, v)) }

// HasLEI keeps companies with (true) or without (false) a Legal Entity
// Identifier.
func (b CompanyBuilder) HasLEI(v bool) CompanyBuilder { return b.with(flag(HasLEI, v)) }

// Active keeps companies whose status is active (true) or not (false).
func (b CompanyBuilder) Active(v bool) CompanyBuilder { return b.with(flag(Active, v)) }
