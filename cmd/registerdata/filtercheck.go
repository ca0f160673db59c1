package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// How --filter is checked before anything is sent (issue 20):
//
//   - A field the CLI knows for this search: the SDK's filters.Validate
//     (operators, numbers, dates, booleans, ranges), and for an enum field
//     with a closed set of codes, every value must be one of them. A value
//     that differs only in case is sent in the service's spelling; any
//     other unknown value is a usage error, with the closest codes.
//   - A field the CLI knows only for another search: a usage error saying
//     which search it belongs to.
//   - A field the CLI does not know: if it lies close to a known field of
//     this search (filters.Suggest: at most two edits, the SDK's rule, so
//     every tool of the project suggests alike; or equal once case and
//     separators are ignored), it is taken for a typo: a usage error with
//     "did you mean". Otherwise it
//     is taken for a field the service added after this release: sent
//     unchecked, with a warning on stderr. A field that is meant although
//     it lies close to a known one is written with a leading '+'
//     ('+cities=Berlin'): sent as written, with the same warning.
//
// Nothing is sent when any filter fails: exit status 2, nothing billed.

// uncheckedPrefix marks a field to be sent as written (see above).
const uncheckedPrefix = "+"

// enumValues lists the closed sets of codes of the enum fields, per
// search. Enum fields missing here (industry codes, the guessed person
// roles) are open sets: their values are sent unchecked.
func enumValues(scope filters.Scope, f filters.Field) []string {
	switch scope {
	case filters.ScopeCompany:
		switch f {
		case filters.Status:
			return codes(enums.CompanyStatus("").Values())
		case filters.LegalForm:
			return codes(enums.LegalForm("").Values())
		case filters.RegisterType:
			return codes(enums.RegisterType("").Values())
		case filters.CapitalCurrency:
			return codes(enums.Currency("").Values())
		case filters.InsolvencyStage:
			return codes(enums.InsolvencyStatus("").Values())
		case filters.InsolvencyRisk:
			return []string{"low", "medium", "high"}
		}
	case filters.ScopeInsolvency:
		switch f {
		case filters.DebtorKind:
			return codes(enums.DebtorKind("").Values())
		case filters.CurrentStatus:
			return codes(enums.InsolvencyStatus("").Values())
		case filters.ProceedingKind:
			return codes(enums.ProceedingKind("").Values())
		case filters.AdministrationKind:
			return codes(enums.AdministrationKind("").Values())
		}
	}
	return nil
}

func codes[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// checkFilters checks fs for a search of the given scope before anything
// is sent, as described at the top of this file, and rewrites values to
// the service's spelling and '+' fields to their names.
func (a *app) checkFilters(scope filters.Scope, fs []filters.Filter) error {
	known := map[filters.Field]bool{}
	for _, fi := range filters.Fields(scope) {
		known[fi.Name] = true
	}
	for i := range fs {
		f := &fs[i]
		switch name := string(f.Field); {
		case strings.HasPrefix(name, uncheckedPrefix):
			f.Field = filters.Field(strings.TrimPrefix(name, uncheckedPrefix))
			if f.Field == "" {
				return usagef("bad --filter: %q names no field after %q", name, uncheckedPrefix)
			}
			fmt.Fprintf(a.stderr, "warning: filter field %q is sent as written, unchecked\n", f.Field)
		case known[f.Field]:
			if err := checkValues(scope, f); err != nil {
				return err
			}
		case otherSearch(f.Field):
			// filters.Validate below says which search it belongs to.
		default:
			if near := nearestField(scope, f.Field); near != "" {
				return usagef("bad --filter: unknown field %q; did you mean %q? (a field the CLI does not know yet is written '%s%s=...'; 'registerdata search fields' lists the known ones)",
					f.Field, near, uncheckedPrefix, f.Field)
			}
			fmt.Fprintf(a.stderr, "warning: filter field %q is not one the CLI knows; it is sent unchecked\n", f.Field)
		}
	}
	if err := filters.Validate(scope, fs); err != nil {
		return usageError{fmt.Errorf("bad --filter: %w", err)}
	}
	return nil
}

// otherSearch reports whether the SDK knows f for some search.
func otherSearch(f filters.Field) bool {
	if _, ok := filters.Lookup(f); ok {
		return true
	}
	return slices.ContainsFunc(filters.Fields(filters.ScopeInsolvency), func(fi filters.FieldInfo) bool { return fi.Name == f })
}

// checkValues checks the values of an enum filter against its codes,
// rewriting a value that differs only in case to the code.
func checkValues(scope filters.Scope, f *filters.Filter) error {
	set := enumValues(scope, f.Field)
	if set == nil {
		return nil
	}
	fix := func(v string) (string, error) {
		for _, c := range set {
			if strings.EqualFold(v, c) {
				return c, nil
			}
		}
		msg := fmt.Sprintf("bad --filter: %s %q is not one of the codes the service uses", f.Field, v)
		if near := nearest(v, set); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		return "", usagef("%s (known: %s)", msg, strings.Join(set, ", "))
	}
	if f.Value != "" {
		v, err := fix(f.Value)
		if err != nil {
			return err
		}
		f.Value = v
	}
	for i, v := range f.Values {
		c, err := fix(v)
		if err != nil {
			return err
		}
		f.Values[i] = c
	}
	return nil
}

// nearestField returns the known field of the scope a misspelt f was
// probably meant to be, or "" when none lies close enough (see the top
// of this file).
func nearestField(scope filters.Scope, f filters.Field) filters.Field {
	norm := normalize(string(f))
	for _, fi := range filters.Fields(scope) {
		if normalize(string(fi.Name)) == norm {
			return fi.Name
		}
	}
	if s, ok := filters.Suggest(scope, f); ok {
		return s
	}
	return ""
}

// normalize drops case and separators: "Legal-Form" is "legalform".
func normalize(s string) string {
	return strings.NewReplacer("_", "", "-", "", ".", "", " ", "").Replace(strings.ToLower(s))
}

// nearest returns the enum code a misspelt s was probably meant to be,
// or "" (filters.SuggestValue says how close is close enough).
func nearest(s string, candidates []string) string {
	v, _ := filters.SuggestValue(s, candidates)
	return v
}
