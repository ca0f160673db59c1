// Package money converts an amount in major currency units (euros) to
// the cents the service's money filters take (capital_amount, the
// financial indicators): "Monetary filter values are in cents",
// https://docs.openregister.de/filtering. The SDK's filter builders and
// the fake's search engine convert with it, so a filter built from an
// amount and the record holding that amount meet exactly.
package money

import (
	"math"
	"strconv"
	"strings"
)

// maxExact bounds the whole amounts whose cents CentsValue computes by
// multiplying: below it amount*100 is an exact integer of float64.
const maxExact = 1 << 53 / 100

// Cents returns amount, in major currency units, in cents as a plain
// decimal string: the decimal point of amount's shortest decimal form
// moves two places to the right, so 0.29 is "29" (not the
// 28.999999999999996 of 0.29*100), 25000 is "2500000" and 0.001 is "0.1".
// It never writes an exponent. NaN and the infinities are returned as
// strconv formats them ("NaN", "+Inf", "-Inf"), for a caller's check to
// refuse.
func Cents(amount float64) string {
	s := strconv.FormatFloat(amount, 'f', -1, 64)
	if math.IsNaN(amount) || math.IsInf(amount, 0) {
		return s
	}
	digits, neg := strings.CutPrefix(s, "-")
	whole, frac, _ := strings.Cut(digits, ".")
	frac += "00"
	whole = strings.TrimLeft(whole+frac[:2], "0")
	frac = strings.TrimRight(frac[2:], "0")
	if whole == "" {
		whole = "0"
	}
	out := whole
	if frac != "" {
		out += "." + frac
	}
	if neg && out != "0" {
		out = "-" + out
	}
	return out
}

// CentsValue is Cents as a number: the float64 nearest to the decimal
// Cents writes, which is what parsing that decimal gives. A whole amount
// below 2^53/100 is multiplied, exactly; any other is converted through
// Cents. NaN and the infinities are returned unchanged.
func CentsValue(amount float64) float64 {
	if math.IsNaN(amount) || math.IsInf(amount, 0) {
		return amount
	}
	if amount == math.Trunc(amount) && math.Abs(amount) < maxExact {
		return amount * 100
	}
	v, err := strconv.ParseFloat(Cents(amount), 64)
	if err != nil { // Cents writes a plain decimal: never reached
		return amount * 100
	}
	return v
}
