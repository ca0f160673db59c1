// Package filters builds the filter lists of company, person and
// insolvency searches, and checks a list against the table of known
// fields before it is sent.
//
// # Where to start, by job
//
//	Job                            Entry point
//	filter a company search        Company(), its typed helpers (Status, LegalForm, Revenue, ...), then Build
//	filter a person search         Person(), then Build
//	filter an insolvency search    Insolvency(), then Build
//	a field the SDK does not name  Eq, In, Between, AtLeast, AtMost, Keywords with any Field
//	check a list from elsewhere    Validate with a Scope; each problem is a *FilterError
//	list the known fields          Fields, InsolvencyFields, Lookup (a FieldInfo with its Kind)
//	say "did you mean"             Suggest for a field, SuggestValue for a value
//
// # Builders
//
// Company, Person and Insolvency start immutable, fluent builders whose
// filters all must hold (AND). Typed helpers cover the common fields
// (Status, LegalForm, Revenue, IncorporatedBetween, ...); the generic Eq,
// In, Between, AtLeast, AtMost and Keywords take any Field with values as
// sent on the wire, so a field the service adds works before the SDK
// names it. Money filters are in cents on the wire, as the service's
// documentation says (https://docs.openregister.de/filtering): the
// financial indicators, estimated_revenue, estimated_ebitda and
// capital_amount; 100 million EUR is 10000000000. The indicator helpers
// (Revenue, Equity, Indicator, ...) and the generic ones take cents;
// CapitalBetween alone takes major currency units, as the company
// record's Capital.Amount holds them, and sends cents. Dates are UTC
// calendar dates sent as "YYYY-MM-DD", and Unbounded (for numbers) or a
// zero time.Time (for dates) leaves one end of a range open.
//
// # Checks
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
