package filters

import (
	"errors"
	"fmt"
	"strings"
)

// FilterError is one problem with one filter of a list. Validate and
// Build return every problem found, joined with errors.Join; use
// errors.As to reach the first, or the Unwrap() []error method of the
// joined error to walk them all.
type FilterError struct {
	Index   int    // position of the filter in the list, from 0
	Field   Field  // the filter's field name, possibly empty
	Problem string // what is wrong and how to fix it
}

// Error reads like `filters[2] "revenue": min "9" is greater than max "5";
// swap them`. User-supplied text is quoted and long values are cut, so the
// message is safe to send back to an HTTP client.
func (e *FilterError) Error() string {
	if e.Field == "" {
		return fmt.Sprintf("filters[%d]: %s", e.Index, e.Problem)
	}
	return fmt.Sprintf("filters[%d] %s: %s", e.Index, quote(string(e.Field)), e.Problem)
}

// Validate checks a filter list for a search of the given scope
// (ScopeCompany, ScopePerson or ScopeInsolvency) the way Build does, and returns nil or
// every problem joined with errors.Join, each a *FilterError.
//
// Every filter must name a field and set at least one key; a "values" or
// "keywords" key that is present must hold at least one string and no
// blank ones.
// A filter uses one of the four value forms "value", "values",
// "keywords" or "min"/"max": mixing them is refused, as the service
// documents.
// For a field in the table of known fields (see Lookup), the field must
// belong to the scope, each key must apply to the field's kind (see Kind),
// numbers must be plain decimals and dates YYYY-MM-DD, min must not be
// greater than max, and a boolean value must be "true" or "false". Fields
// the SDK does not know get only the checks that hold for every field, so
// a field the service adds works before the SDK names it.
//
// Validate never modifies fs and never panics; the fake service uses it
// to answer 400 with the same messages.
func Validate(scope Scope, fs []Filter) error {
	if scope != ScopeCompany && scope != ScopePerson && scope != ScopeInsolvency {
		return fmt.Errorf("filters: scope %d is neither ScopeCompany nor ScopePerson nor ScopeInsolvency", scope)
	}
	var errs []error
	for i, f := range fs {
		for _, p := range problems(scope, f) {
			errs = append(errs, &FilterError{Index: i, Field: f.Field, Problem: p})
		}
	}
	return errors.Join(errs...)
}

// keySet is a set of Filter keys, one bit per key.
type keySet uint8

const (
	keyValue keySet = 1 << iota
	keyMin
	keyMax
	keyValues
	keyKeywords
)

// keyNames are the wire names of the keys, in bit order.
var keyNames = [...]string{"value", "min", "max", "values", "keywords"}

// keysOf returns the keys f sets. A nil list is absent; an empty one is
// present (and reported as empty).
func keysOf(f Filter) keySet {
	var k keySet
	for bit, set := range [...]bool{f.Value != "", f.Min != "", f.Max != "", f.Values != nil, f.Keywords != nil} {
		if set {
			k |= 1 << bit
		}
	}
	return k
}

// kindRule says which keys a kind takes, in words for the fix.
type kindRule struct {
	keys keySet
	hint string
}

var kindRules = map[Kind]kindRule{
	KindNumber: {keyValue | keyMin | keyMax, `number fields take "min" and/or "max", or "value"`},
	KindDate:   {keyValue | keyMin | keyMax, `date fields take "min" and/or "max", or "value", as YYYY-MM-DD`},
	KindEnum:   {keyValue | keyValues, `enum fields take "value" or "values"`},
	KindBool:   {keyValue, `bool fields take "value": "true" or "false"`},
	KindText:   {keyValue | keyValues | keyKeywords, `text fields take "value", "values" or "keywords"`},
}

const anyKeyHint = `set "value", "min", "max", "values" or "keywords"`

// problems lists what is wrong with f in a search of the given scope.
func problems(scope Scope, f Filter) []string {
	if f.Field == "" {
		return []string{`"field" is empty; name the field to filter on, e.g. "status"`}
	}
	fi, known := lookupIn(scope, f.Field) // the insolvency search has its own table
	rule, hasRule := kindRules[fi.Kind]
	if known && fi.Scope&scope == 0 {
		return []string{scopeProblem(scope)}
	}
	keys := keysOf(f)
	if keys == 0 {
		if hasRule {
			return []string{"no key set; " + rule.hint}
		}
		return []string{"no key set; " + anyKeyHint}
	}
	var ps []string
	if p := formProblem(keys); p != "" {
		ps = append(ps, p)
	}
	ps = listProblems(ps, "values", f.Values)
	ps = listProblems(ps, "keywords", f.Keywords)
	if !known || !hasRule {
		return ps
	}
	for bit, name := range keyNames {
		if keys&^rule.keys&(1<<bit) != 0 {
			ps = append(ps, fmt.Sprintf("%q does not apply to %s fields; %s", name, fi.Kind, rule.hint))
		}
	}
	switch fi.Kind {
	case KindNumber:
		ps = rangeProblems(ps, f, isDecimal, cmpDecimal, "a plain decimal number; write it like 1500 or -12.5")
	case KindDate:
		ps = rangeProblems(ps, f, isDate, strings.Compare, "a date; write it as YYYY-MM-DD, e.g. 2024-01-31")
	case KindBool:
		if f.Value != "" && f.Value != "true" && f.Value != "false" {
			ps = append(ps, fmt.Sprintf(`value %s is not a boolean; use "true" or "false"`, quote(f.Value)))
		}
	}
	return ps
}

// forms are the four value forms of a filter object; the official client
// libraries state that they exclude each other.
var forms = [...]struct {
	keys keySet
	name string
}{{keyValue, `"value"`}, {keyValues, `"values"`}, {keyKeywords, `"keywords"`}, {keyMin | keyMax, `"min"/"max"`}}

// formProblem reports a filter object that mixes value forms.
func formProblem(keys keySet) string {
	var used []string
	for _, f := range forms {
		if keys&f.keys != 0 {
			used = append(used, f.name)
		}
	}
	if len(used) < 2 {
		return ""
	}
	return strings.Join(used, " and ") + ` exclude each other; send one form per filter: "value", "values", "keywords" or "min"/"max"`
}

// scopeProblem explains that a known field belongs to the other search.
func scopeProblem(scope Scope) string {
	if scope == ScopeCompany {
		return "a person search field, not available in a company search; build person filters with filters.Person()"
	}
	return "a company search field, not available in a person search; build company filters with filters.Company()"
}

// listProblems reports an empty "values" or "keywords" list, or blank
// entries in it (the first one, with a count of the others).
func listProblems(ps []string, key string, vs []string) []string {
	if vs != nil && len(vs) == 0 {
		return append(ps, fmt.Sprintf("%q is empty; give at least one entry or leave the key out", key))
	}
	first, blank := -1, 0
	for i, v := range vs {
		if strings.TrimSpace(v) == "" {
			if first < 0 {
				first = i
			}
			blank++
		}
	}
	switch {
	case blank == 1:
		ps = append(ps, fmt.Sprintf("%s[%d] is blank; remove it", key, first))
	case blank > 1:
		ps = append(ps, fmt.Sprintf("%s[%d] and %d more entries are blank; remove them", key, first, blank-1))
	}
	return ps
}

// rangeProblems checks value, min and max of a number or date field with
// valid and reports min > max by compare. what names the expected form.
func rangeProblems(ps []string, f Filter, valid func(string) bool, compare func(a, b string) int, what string) []string {
	ok := true
	for _, kv := range [...][2]string{{"value", f.Value}, {"min", f.Min}, {"max", f.Max}} {
		if kv[1] != "" && !valid(kv[1]) {
			ps = append(ps, fmt.Sprintf("%s %s is not %s", kv[0], quote(kv[1]), what))
			ok = false
		}
	}
	if ok && f.Min != "" && f.Max != "" && compare(f.Min, f.Max) > 0 {
		ps = append(ps, fmt.Sprintf("min %s is greater than max %s; swap them", quote(f.Min), quote(f.Max)))
	}
	return ps
}

// maxQuoted is how many bytes of a user-supplied string a message shows.
const maxQuoted = 64

// quote quotes s for a message, cut to maxQuoted bytes.
func quote(s string) string {
	if len(s) <= maxQuoted {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q… (%d bytes)", s[:maxQuoted], len(s))
}
