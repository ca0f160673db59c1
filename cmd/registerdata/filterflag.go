package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// filterHelp explains the --filter syntax in the help of the searches.
const filterHelp = `Filters (--filter, repeatable, all must hold):
  'revenue>=100000000'       at least (numbers and dates; money in cents, as the service counts it)
  'revenue<=500000000'       at most; a >= and a <= on one field make one range
  'city=Berlin'              equal (text matches whole, case-insensitive; booleans: true or false)
  'legal_form in gmbh,ag'    one of
  'purpose~software,cloud'   contains these keywords`

// filterFlag collects the --filter flags of a search as wire filters.
type filterFlag struct {
	list []filters.Filter
}

// String is the flag's value in the help: none by default.
func (f *filterFlag) String() string { return "" }

// Type names the flag's value in the help.
func (f *filterFlag) Type() string { return "filter" }

// Set parses one --filter and adds it; a <= following a >= on the same
// field (or the other way round) completes the range instead.
func (f *filterFlag) Set(s string) error {
	nf, err := parseFilter(s)
	if err != nil {
		return err
	}
	for i := range f.list {
		old := &f.list[i]
		if old.Field != nf.Field || old.Value != "" || old.Values != nil || old.Keywords != nil {
			continue
		}
		switch {
		case old.Max == "" && nf.Min == "" && nf.Max != "" && old.Min != "":
			old.Max = nf.Max
			return nil
		case old.Min == "" && nf.Max == "" && nf.Min != "" && old.Max != "":
			old.Min = nf.Min
			return nil
		}
	}
	f.list = append(f.list, nf)
	return nil
}

// parseFilter reads "field op value" with op one of >=, <=, =, ~ or the
// word "in".
func parseFilter(s string) (filters.Filter, error) {
	s = strings.TrimSpace(s)
	end := strings.IndexFunc(s, func(r rune) bool {
		return !(r == '_' || r == '.' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r))
	})
	if end <= 0 {
		return filters.Filter{}, fmt.Errorf("%q: want 'field op value' with op >=, <=, =, ~ or in, e.g. 'revenue>=100000000'", s)
	}
	field := filters.Field(s[:end])
	rest := strings.TrimLeft(s[end:], " ")
	var op string
	for _, o := range []string{">=", "<=", "!=", "=", "~", ">", "<", "in "} {
		if strings.HasPrefix(rest, o) {
			op = strings.TrimSpace(o)
			break
		}
	}
	value := strings.TrimSpace(strings.TrimPrefix(rest, op))
	switch {
	case op == "" && strings.TrimSpace(rest) == "in":
		return filters.Filter{}, fmt.Errorf("%q: 'in' needs a list of values, e.g. '%s in gmbh,ag'", s, field)
	case op == "":
		return filters.Filter{}, fmt.Errorf("%q: no operator after %q; use >=, <=, =, ~ or in", s, field)
	case op == "!=":
		return filters.Filter{}, fmt.Errorf("%q: the service has no 'not equal' filter; use 'in' with the values you want", s)
	case op == ">" || op == "<":
		return filters.Filter{}, fmt.Errorf("%q: ranges include their bounds; use %s= instead of %s", s, op, op)
	case value == "":
		return filters.Filter{}, fmt.Errorf("%q: no value after %q", s, op)
	}
	f := filters.Filter{Field: field}
	switch op {
	case ">=":
		f.Min = value
	case "<=":
		f.Max = value
	case "=":
		f.Value = value
	case "~":
		f.Keywords = splitList(value)
	case "in":
		f.Values = splitList(value)
	}
	if (op == "~" || op == "in") && len(f.Keywords)+len(f.Values) == 0 {
		return filters.Filter{}, fmt.Errorf("%q: the list after %q is empty", s, op)
	}
	return f, nil
}

// splitList splits a comma-separated list, trimming spaces and dropping
// empty items.
func splitList(s string) []string {
	var out []string
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}

// checkFilters validates fs for a search of the given scope before
// anything is sent (a usage error), and warns on stderr about fields the
// SDK does not know, which are sent unchecked.
func (a *app) checkFilters(scope filters.Scope, fs []filters.Filter) error {
	for _, f := range fs {
		if knownField(scope, f.Field) {
			continue
		}
		hint := ""
		if near := nearestField(scope, f.Field); near != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", near)
		}
		fmt.Fprintf(a.stderr, "warning: filter field %q is not one the SDK knows%s; it is sent unchecked\n", f.Field, hint)
	}
	if err := filters.Validate(scope, fs); err != nil {
		return usageError{fmt.Errorf("bad --filter: %w", err)}
	}
	return nil
}

// knownField reports whether the SDK knows f, in this search's field
// table or in another one (Validate then says which search it belongs to).
func knownField(scope filters.Scope, f filters.Field) bool {
	if _, ok := filters.Lookup(f); ok {
		return true
	}
	for _, fi := range filters.Fields(scope) {
		if fi.Name == f {
			return true
		}
	}
	return false
}

// nearestField returns the known field of the scope closest to f by edit
// distance, if it is at most 2 edits away.
func nearestField(scope filters.Scope, f filters.Field) filters.Field {
	best, bestD := filters.Field(""), 3
	for _, fi := range filters.Fields(scope) {
		if d := editDistance(string(f), string(fi.Name)); d < bestD {
			best, bestD = fi.Name, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// nearFlag is --near lat,lon[,km]: a company search around a point,
// within km kilometres or, without km, the service's default radius.
type nearFlag struct {
	loc *registerdata.Location
}

func (n *nearFlag) String() string { return "" }

// Type names the flag's value in the help.
func (n *nearFlag) Type() string { return "lat,lon[,km]" }

func (n *nearFlag) Set(s string) error {
	parts := strings.Split(s, ",")
	if len(parts) < 2 || len(parts) > 3 {
		return fmt.Errorf("%q: want lat,lon or lat,lon,km, e.g. 52.52,13.40,5", s)
	}
	var v [3]float64 // a radius of 0 is left out: the service's default applies
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return fmt.Errorf("%q: %q is not a number; want lat,lon[,km], e.g. 52.52,13.40,5", s, p)
		}
		v[i] = f
	}
	n.loc = &registerdata.Location{Latitude: v[0], Longitude: v[1], Radius: v[2]}
	return nil
}
