// Package filters builds the filter lists of company and person searches.
package filters

// Field names a search filter field as sent on the wire ("revenue",
// "legal_form", ...). Any string is accepted, so a field the service adds
// works before the SDK names it.
type Field string

// Filter is one search filter as sent on the wire. Field names the field;
// of the other keys, which apply depends on the field's kind: numbers and
// dates take Min/Max (or Value), enums take Value or Values, booleans take
// Value "true"/"false", text takes Value or Keywords. Empty keys are
// omitted. Several filters combine with AND.
type Filter struct {
	Field    Field    `json:"field"`
	Value    string   `json:"value,omitempty"`
	Min      string   `json:"min,omitempty"`
	Max      string   `json:"max,omitempty"`
	Values   []string `json:"values,omitempty"`
	Keywords []string `json:"keywords,omitempty"`
}
