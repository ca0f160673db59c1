package filters

import (
	"time"

	"github.com/registerdata/registerdata-go/enums"
)

// PersonBuilder composes the filters of a person search; every filter
// added must hold (AND). Start one with Person.
//
// Like CompanyBuilder it is an immutable value: methods return a new
// builder, Build may be called any number of times with the same result,
// and a builder may be shared between goroutines. The zero value is an
// empty person search.
type PersonBuilder struct {
	fs list
}

// Person starts the filters of a person search.
func Person() PersonBuilder { return PersonBuilder{} }

// Build checks the filters with Validate for a person search and returns
// them ready for the request, or every problem found, joined with
// errors.Join (each one a *FilterError). The returned slice is the
// caller's to modify.
func (b PersonBuilder) Build() ([]Filter, error) { return b.fs.build(ScopePerson) }

func (b PersonBuilder) with(f Filter) PersonBuilder { return PersonBuilder{b.fs.add(f)} }

// Eq keeps persons whose field f equals v, as sent on the wire ("value").
func (b PersonBuilder) Eq(f Field, v string) PersonBuilder { return b.with(eq(f, v)) }

// In keeps persons whose field f is one of vs ("values").
func (b PersonBuilder) In(f Field, vs ...string) PersonBuilder { return b.with(in(f, vs)) }

// Between keeps persons whose field f lies in [min, max], both ends
// included; an empty string leaves that end open.
func (b PersonBuilder) Between(f Field, min, max string) PersonBuilder {
	return b.with(between(f, min, max))
}

// AtLeast keeps persons whose field f is min or more ("min").
func (b PersonBuilder) AtLeast(f Field, min string) PersonBuilder {
	return b.with(between(f, min, ""))
}

// AtMost keeps persons whose field f is max or less ("max").
func (b PersonBuilder) AtMost(f Field, max string) PersonBuilder {
	return b.with(between(f, "", max))
}

// Keywords keeps persons whose text field f contains the keywords kws.
func (b PersonBuilder) Keywords(f Field, kws ...string) PersonBuilder {
	return b.with(keywords(f, kws))
}

// Name keeps persons with the given full name (exact match,
// case-insensitive). For a partial match use Keywords(filters.Name, ...)
// or the search query. The wire name is the SDK's guess; see FieldInfo.
func (b PersonBuilder) Name(name string) PersonBuilder { return b.with(eq(Name, name)) }

// City keeps persons living in the named city (exact match,
// case-insensitive).
func (b PersonBuilder) City(name string) PersonBuilder { return b.with(eq(City, name)) }

// DateOfBirthBetween keeps persons born from from to to, both days
// included. Each is sent as its UTC calendar date; a zero time.Time
// leaves that end open.
func (b PersonBuilder) DateOfBirthBetween(from, to time.Time) PersonBuilder {
	return b.with(dateRange(DateOfBirth, from, to))
}

// Active keeps persons holding at least one current position (true) or
// none (false).
func (b PersonBuilder) Active(v bool) PersonBuilder { return b.with(flag(Active, v)) }

// Roles keeps persons holding any of the given roles in some company.
// The wire name is the SDK's guess.
func (b PersonBuilder) Roles(r ...enums.Role) PersonBuilder { return b.with(oneOf(Roles, r)) }

// CompanyCount keeps persons involved, now or in the past, with between
// min and max companies; Unbounded leaves an end open. The wire name is
// the SDK's guess.
func (b PersonBuilder) CompanyCount(min, max int64) PersonBuilder {
	return b.with(intRange(CompanyCount, min, max))
}

// ManagementPositions keeps persons holding between min and max current
// management positions (role DIRECTOR); Unbounded leaves an end open. The
// wire name is the SDK's guess.
func (b PersonBuilder) ManagementPositions(min, max int64) PersonBuilder {
	return b.with(intRange(ManagementPositions, min, max))
}
