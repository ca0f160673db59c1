package filters

import (
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/registerdata/registerdata-go/internal/money"
)

// Unbounded leaves one end of a numeric range open. Pass it as min for
// "at most max" or as max for "at least min" to any range helper that
// takes int64 or float64 bounds:
//
//	filters.Company().Revenue(filters.Unbounded, 500_000_00) // revenue <= 500,000.00 EUR
//	filters.Company().Employees(50, filters.Unbounded)       // 50 employees or more
//
// It is the smallest int64, a figure no register reports, so zero and
// negative amounts (a net loss) stay expressible. Passing it for both ends
// adds a filter with no key, which Build reports.
const Unbounded = math.MinInt64

// list is the filter list shared by the builders. It is never modified in
// place: add returns a new list, so a builder and every builder derived
// from it stay independent and may be read from several goroutines.
type list []Filter

// add returns l with f appended, leaving l's backing array untouched.
func (l list) add(f Filter) list {
	return append(slices.Clip(l), f)
}

// build validates l for scope and returns a deep copy, so the caller may
// modify the result without affecting the builder.
func (l list) build(scope Scope) ([]Filter, error) {
	if err := Validate(scope, l); err != nil {
		return nil, err
	}
	out := make([]Filter, len(l))
	for i, f := range l {
		out[i] = f
		out[i].Values = slices.Clone(f.Values)
		out[i].Keywords = slices.Clone(f.Keywords)
	}
	return out, nil
}

// listOf copies vs into a fresh, non-nil slice: an empty argument list
// stays visible to Validate as an empty "values" or "keywords" key.
func listOf[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// oneOf matches f against any of vs: a single value is sent as "value",
// several (or none, which Validate reports) as "values".
func oneOf[T ~string](f Field, vs []T) Filter {
	if len(vs) == 1 {
		return Filter{Field: f, Value: string(vs[0])}
	}
	return Filter{Field: f, Values: listOf(vs)}
}

// intRange is the one implementation of every int64 range helper.
func intRange(f Field, min, max int64) Filter {
	return Filter{Field: f, Min: intBound(min), Max: intBound(max)}
}

func intBound(v int64) string {
	if v == Unbounded {
		return ""
	}
	return strconv.FormatInt(v, 10)
}

// floatBound formats a float64 bound; Unbounded and ±Inf leave it open.
// NaN is formatted as is and reported by Validate as not a number.
func floatBound(v float64) string {
	if v == Unbounded || math.IsInf(v, 0) {
		return ""
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// centsRange is the float64 counterpart of intRange, for amounts in
// major currency units sent in cents (see money.Cents). Unbounded and
// ±Inf leave an end open; NaN is sent as is, for Validate to report.
func centsRange(f Field, min, max float64) Filter {
	return Filter{Field: f, Min: centsBound(min), Max: centsBound(max)}
}

func centsBound(v float64) string {
	if b := floatBound(v); b == "" || math.IsNaN(v) {
		return b
	}
	return money.Cents(v)
}

// dateRange sends the UTC calendar dates of from and to; a zero time
// leaves that end open.
func dateRange(f Field, from, to time.Time) Filter {
	return Filter{Field: f, Min: dateBound(from), Max: dateBound(to)}
}

func dateBound(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(time.DateOnly)
}

// flag sends a boolean as the wire's "true" or "false".
func flag(f Field, v bool) Filter {
	return Filter{Field: f, Value: strconv.FormatBool(v)}
}

// The generic operations behind Eq, In, Between, AtLeast, AtMost and
// Keywords of both builders. Strings are taken as sent on the wire:
// money in cents.

func eq(f Field, v string) Filter { return Filter{Field: f, Value: v} }

func in(f Field, vs []string) Filter { return Filter{Field: f, Values: listOf(vs)} }

func between(f Field, min, max string) Filter { return Filter{Field: f, Min: min, Max: max} }

func keywords(f Field, kws []string) Filter { return Filter{Field: f, Keywords: listOf(kws)} }
