// Package filters builds the filter lists of company and person searches.
//
// Company and Person start immutable, fluent builders whose filters all
// must hold (AND). Typed helpers cover the common fields (Status,
// LegalForm, Revenue, IncorporatedBetween, ...); the generic Eq, In,
// Between, AtLeast, AtMost and Keywords take any Field with values as
// sent on the wire, so a field the service adds works before the SDK
// names it. Indicator money is in cents (the registered capital is in
// currency units, as in the company record), dates are UTC calendar dates
// sent as "YYYY-MM-DD", and Unbounded (for numbers) or a zero time.Time
// (for dates) leaves one end of a range open.
//
// Build checks the list against the table of known fields (see Lookup and
// Kind) and reports every problem at once; Validate runs the same checks
// on a list from elsewhere, such as a decoded request body.
package filters

// Field names a search filter field as sent on the wire ("revenue",
// "legal_form", ...). Any string is accepted, so a field the service adds
// works before the SDK names it.
type Field string

// Filter is one search filter as sent on the wire. Field names the field;
// the other keys are four forms that exclude each other (one per filter):
// Value, Values, Keywords, or Min and/or Max. Which forms apply depends on
// the field's kind: numbers and dates take Min/Max or Value, enums take
// Value or Values, booleans take Value "true"/"false", text takes Value,
// Values or Keywords. Empty keys are omitted. Several filters combine with
// AND.
type Filter struct {
	Field    Field    `json:"field"`
	Value    string   `json:"value,omitempty"`
	Min      string   `json:"min,omitempty"`
	Max      string   `json:"max,omitempty"`
	Values   []string `json:"values,omitempty"`
	Keywords []string `json:"keywords,omitempty"`
}
