package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
)

// filterHelp explains the --filter syntax in the help of a search, with
// examples that search accepts (TestFilterHelpExamplesAreAccepted).
func filterHelp(scope filters.Scope) string {
	ex := filterExamples[scope]
	return fmt.Sprintf(`Filters (--filter, repeatable, all must hold):
  %-29s at least (numbers and dates; money in cents, as the service counts it)
  %-29s at most; a >= and a <= on one field make one range
  %-29s equal (text matches whole, case-insensitive; booleans: true or false)
  %-29s one of
  %-29s contains these keywords
Fields and values are checked before anything is sent. A field this
version does not know is sent with a warning, unless it looks like a typo
of a known one; write '+field=...' to send such a field as written.`,
		"'"+ex[0]+"'", "'"+ex[1]+"'", "'"+ex[2]+"'", "'"+ex[3]+"'", "'"+ex[4]+"'")
}

// filterExamples are the examples of filterHelp, per search: at least,
// at most, equal, one of, keywords.
var filterExamples = map[filters.Scope][5]string{
	filters.ScopeCompany:    {"revenue>=100000000", "revenue<=500000000", "city=Berlin", "legal_form in gmbh,ag", "purpose~software,cloud"},
	filters.ScopePerson:     {"date_of_birth>=1970-01-01", "date_of_birth<=1989-12-31", "city=Berlin", "city in Berlin,Potsdam", "name~albers"},
	filters.ScopeInsolvency: {"opened_at>=2024-01-01", "opened_at<=2024-12-31", "has_open_insolvency=true", "current_status in opened,preliminary", "court~hamburg"},
}

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
	start := len(strings.TrimPrefix(s, uncheckedPrefix)) // '+field': send as written
	start = len(s) - start
	end := strings.IndexFunc(s[start:], func(r rune) bool {
		return !(r == '_' || r == '.' || r == '-' || unicode.IsLetter(r) || unicode.IsDigit(r))
	})
	if end >= 0 {
		end += start
	}
	if end <= start {
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
