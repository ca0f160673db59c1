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
//
// # Field names
//
// The table holds the 72 company fields and the 3 person fields (city,
// active, date_of_birth) of the service's official client libraries, with
// kinds derived from their meaning (the service publishes only the
// names), and a constant for each: IsFamilyOwned, HasSoleOwner,
// NumberOfOwners, HasLEI, Active, EBITDA, BankDebt, ... The table also
// keeps names that only the seed specification gives: insolvency_risk,
// vat_id and estimated_revenue, estimated_ebitda, estimated_employees
// (named there, in no official list), and the person fields name, roles,
// company_count and management_positions (the SDK's guesses for topics
// the seed names). FieldInfo.Official is false for them: the SDK and its
// fake accept them, the service may answer that it does not know them.
// The SDK's former guesses family_owned, sole_owner and owner_managed are
// gone; is_family_owned and has_sole_owner are the official names, and
// "owner-managed" has no official field (has_representative_owner is
// the nearest).
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
