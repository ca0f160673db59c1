package filters

import (
	"cmp"
	"strings"
	"time"
)

// isDecimal reports whether s is a plain decimal number: an optional
// minus sign, digits, and optionally a point followed by digits ("1500",
// "-12.5"). Exponents, a plus sign, spaces, "NaN" and "Inf" are refused so
// that the service and the SDK read every number the same way.
func isDecimal(s string) bool {
	s = strings.TrimPrefix(s, "-")
	whole, frac, hasPoint := strings.Cut(s, ".")
	return allDigits(whole) && (!hasPoint || allDigits(frac))
}

// allDigits reports whether s is one or more ASCII digits.
func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// cmpDecimal compares two strings accepted by isDecimal exactly, whatever
// their length, without converting them to floating point.
func cmpDecimal(a, b string) int {
	negA, wholeA, fracA := splitDecimal(a)
	negB, wholeB, fracB := splitDecimal(b)
	if negA != negB {
		if negA {
			return -1
		}
		return 1
	}
	c := cmp.Or(
		cmp.Compare(len(wholeA), len(wholeB)),
		strings.Compare(wholeA, wholeB),
		// Without trailing zeros, fraction digits compare as strings:
		// a shorter fraction that is a prefix of the other is smaller.
		strings.Compare(fracA, fracB),
	)
	if negA {
		return -c
	}
	return c
}

// splitDecimal returns the sign, the integer digits without leading zeros
// and the fraction digits without trailing zeros of s. Zero, however
// written ("-0.00"), is not negative.
func splitDecimal(s string) (neg bool, whole, frac string) {
	rest, neg := strings.CutPrefix(s, "-")
	whole, frac, _ = strings.Cut(rest, ".")
	whole = strings.TrimLeft(whole, "0")
	frac = strings.TrimRight(frac, "0")
	if whole == "" && frac == "" {
		neg = false
	}
	return neg, whole, frac
}

// isDate reports whether s is a valid calendar date written YYYY-MM-DD,
// years 0001 to 9999 as registerdata.ParseDate accepts them. Valid dates
// in that form compare correctly as strings.
func isDate(s string) bool {
	if len(s) != len(time.DateOnly) || s[4] != '-' || s[7] != '-' || s[:4] == "0000" ||
		!allDigits(s[:4]) || !allDigits(s[5:7]) || !allDigits(s[8:]) {
		return false
	}
	_, err := time.Parse(time.DateOnly, s)
	return err == nil
}
