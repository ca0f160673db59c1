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
	// Field is the field filtered on, such as "revenue" or "legal_form".
	// Required.
	Field Field `json:"field"`
	// Value is one value as sent on the wire: a number ("1000000", money
	// in cents), a date "YYYY-MM-DD", an enum code ("gmbh"), "true" or
	// "false", or a text matched whole. Empty means not set.
	Value string `json:"value,omitempty"`
	// Min is the lower bound of a number or date range, in the same format
	// as Value ("2020-01-01", "500000000"); empty leaves the range open
	// below. Whether bounds are inclusive is not documented by the
	// service (the fake includes them).
	Min string `json:"min,omitempty"`
	// Max is the upper bound of a number or date range, like Min; empty
	// leaves the range open above.
	Max string `json:"max,omitempty"`
	// Values lists enum codes of which any may match, such as
	// ["gmbh", "ug"]. nil or empty means not set.
	Values []string `json:"values,omitempty"`
	// Keywords lists words to find in a text field, such as
	// ["software", "berlin"]. nil or empty means not set.
	Keywords []string `json:"keywords,omitempty"`
}
