package registerdatamcp

import (
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/registerdata/registerdata-go/filters"
)

// checkFilters refuses filters an agent can correct before anything is
// sent or paid: a misspelt field gets "did you mean", and the checks of
// filters.Validate apply. A field the SDK does not know and that is far
// from every known one goes through (the service may have added it) and
// is named in the returned warning.
func checkFilters(scope filters.Scope, fs []filters.Filter) (warning string, err error) {
	var unknown []string
	for i, f := range fs {
		if _, known := filters.Lookup(f.Field); known {
			continue
		}
		if near, ok := filters.Suggest(scope, f.Field); ok {
			return "", fmt.Errorf("unknown filter field %q (filters[%d]): did you mean %q?", f.Field, i, near)
		}
		unknown = append(unknown, string(f.Field))
	}
	if err := filters.Validate(scope, fs); err != nil {
		return "", fmt.Errorf("invalid filters: %w", err)
	}
	if len(unknown) > 0 {
		warning = fmt.Sprintf(" Note: the filter fields %s are not known to this server and were sent as they are; the service refuses them if it does not know them either.", strings.Join(unknown, ", "))
	}
	return warning, nil
}

// documentFilters writes the known fields of a scope, with their kinds,
// into the schema of the "filters" property of an input schema.
func documentFilters(in *jsonschema.Schema, scope filters.Scope) {
	fp := in.Properties["filters"]
	if fp == nil || fp.Items == nil {
		return
	}
	var b strings.Builder
	b.WriteString("Filters combine with AND. Each names a field and uses exactly one form: value, values, keywords, or min/max. Numbers and dates (YYYY-MM-DD) take min/max or value (money in cents); enums take value or values; booleans take value \"true\" or \"false\"; text takes value, values or keywords. Known fields (kind): ")
	var names []any
	for i, fi := range filters.Fields(scope) {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%s (%s)", fi.Name, fi.Kind)
		names = append(names, string(fi.Name))
	}
	b.WriteString(".")
	fp.Description = b.String()
	if field := fp.Items.Properties["field"]; field != nil {
		field.Description = "the field's wire name, one of the known fields listed for filters; other names are sent as they are"
		field.Examples = names
	}
}

// inputSchema infers the input schema of T and documents its filters.
func inputSchema[T any](scope filters.Scope) (*jsonschema.Schema, error) {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		return nil, err
	}
	documentFilters(s, scope)
	boundPaging(s)
	return s, nil
}
