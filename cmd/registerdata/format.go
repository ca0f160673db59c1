package main

import (
	"strconv"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
)

// Formatting of values for tables and profiles. Amounts use a comma for
// thousands and a point for decimals, whatever the locale, so that output
// is the same on every machine.

// cents formats an amount in cents as "1,234,567.89"; nil is empty.
func cents(v *int64) string {
	if v == nil {
		return ""
	}
	n := *v
	sign := ""
	if n < 0 {
		sign, n = "-", -n
	}
	if n < 0 { // math.MinInt64
		return strconv.FormatInt(*v, 10) + " cents"
	}
	return sign + thousands(n/100) + "." + leftPad(strconv.FormatInt(n%100, 10), 2)
}

// count formats a number such as employees as "1,234"; nil is empty.
func count(v *int64) string {
	if v == nil {
		return ""
	}
	if *v < 0 {
		return strconv.FormatInt(*v, 10)
	}
	return thousands(*v)
}

// amount formats a capital amount in currency units: whole units without
// decimals, else two decimals.
func amount(f float64) string {
	if f == float64(int64(f)) && f >= 0 && f < 1e15 {
		return thousands(int64(f))
	}
	return strconv.FormatFloat(f, 'f', 2, 64)
}

// thousands writes n >= 0 with a comma every three digits.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	return b.String()
}

func leftPad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}

// date formats an optional date; nil and the zero date are empty.
func date(d *registerdata.Date) string {
	if d == nil || d.IsZero() {
		return ""
	}
	return d.String()
}

// str dereferences an optional string.
func str(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// yesNo formats a boolean for a table.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// join joins the non-empty parts with sep.
func join(sep string, parts ...string) string {
	var kept []string
	for _, p := range parts {
		if p != "" {
			kept = append(kept, p)
		}
	}
	return strings.Join(kept, sep)
}
