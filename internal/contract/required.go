package contract

import (
	"strconv"

	"github.com/getkin/kin-openapi/openapi3"
)

// MissingRequired walks the component schema called name together with
// the JSON document data and lists, as JSON pointers ("/register/
// register_court"), every property the schema marks required that the
// document lacks, at any depth: through properties, array items and allOf.
// A null value ends the walk at its place (whether null is allowed is
// ValidateJSON's business), and so does anyOf, whose branch is ambiguous.
// An empty list means nothing required is missing.
func MissingRequired(name string, data []byte) ([]string, error) {
	schema, v, err := schemaAndValue(name, data)
	if err != nil {
		return nil, err
	}
	var missing []string
	walkRequired(schema, v, "", &missing)
	return missing, nil
}

func walkRequired(schema *openapi3.Schema, v any, at string, missing *[]string) {
	if schema == nil || v == nil {
		return
	}
	for _, sub := range schema.AllOf {
		walkRequired(sub.Value, v, at, missing)
	}
	switch v := v.(type) {
	case map[string]any:
		for _, name := range schema.Required {
			if _, ok := v[name]; !ok {
				*missing = append(*missing, at+"/"+name)
			}
		}
		for name, prop := range schema.Properties {
			if val, ok := v[name]; ok {
				walkRequired(prop.Value, val, at+"/"+name, missing)
			}
		}
	case []any:
		if schema.Items == nil {
			return
		}
		for i, item := range v {
			walkRequired(schema.Items.Value, item, at+"/"+strconv.Itoa(i), missing)
		}
	}
}
