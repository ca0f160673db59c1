package enums

// EntityType is the kind of entity a monitor watches.
type EntityType string

// Entity types.
const (
	EntityTypeCompany EntityType = "company"
	EntityTypePerson  EntityType = "person"
)

var entityTypes = []EntityType{EntityTypeCompany, EntityTypePerson}

// Values lists every entity type of the specification; the receiver is ignored.
func (EntityType) Values() []EntityType { return values(entityTypes) }

// IsKnown reports whether t is an entity type of the specification.
func (t EntityType) IsKnown() bool { return known(t, entityTypes) }

// Preference is a data category a monitor subscribes to. Which preferences
// apply depends on the entity type: see ValidFor.
type Preference string

// Monitor preferences.
const (
	PreferenceBasic               Preference = "basic"                // company: name, registered address, legal form, status
	PreferenceRepresentation      Preference = "representation"       // company: directors, officers, managing partners, signatories
	PreferenceFinancials          Preference = "financials"           // company: annual accounts or statements filed
	PreferenceDocuments           Preference = "documents"            // company: new documents or publications filed
	PreferenceOwnership           Preference = "ownership"            // company: direct owners
	PreferenceHoldings            Preference = "holdings"             // company and person: stakes held in other companies
	PreferenceInsolvencies        Preference = "insolvencies"         // company and person
	PreferenceManagementPositions Preference = "management_positions" // person: board or management roles across any company
)

var preferences = []Preference{
	PreferenceBasic, PreferenceRepresentation, PreferenceFinancials, PreferenceDocuments,
	PreferenceOwnership, PreferenceHoldings, PreferenceInsolvencies, PreferenceManagementPositions,
}

var companyPreferences = []Preference{
	PreferenceBasic, PreferenceRepresentation, PreferenceFinancials, PreferenceDocuments,
	PreferenceOwnership, PreferenceHoldings, PreferenceInsolvencies,
}

var personPreferences = []Preference{PreferenceManagementPositions, PreferenceHoldings, PreferenceInsolvencies}

// Values lists every preference of the specification; the receiver is ignored.
func (Preference) Values() []Preference { return values(preferences) }

// IsKnown reports whether p is a preference of the specification.
func (p Preference) IsKnown() bool { return known(p, preferences) }

// ValidFor reports whether p may be used on a monitor of entity type t.
// The service answers 400 to a preference that does not apply.
func (p Preference) ValidFor(t EntityType) bool { return known(p, preferencesFor(t)) }

// PreferencesFor lists the preferences that apply to entity type t, in
// specification order; it is empty for an unknown type.
func PreferencesFor(t EntityType) []Preference { return values(preferencesFor(t)) }

func preferencesFor(t EntityType) []Preference {
	switch t {
	case EntityTypeCompany:
		return companyPreferences
	case EntityTypePerson:
		return personPreferences
	}
	return nil
}

// UpdateFrequency is how often the service checks a company monitor.
type UpdateFrequency string

// Update frequencies. The service accepts only "daily" on the wire; a
// company monitor created without a frequency is checked weekly, which the
// SDK reports as UpdateFrequencyWeekly. A request with
// UpdateFrequencyWeekly is sent without the field, meaning the same.
const (
	UpdateFrequencyDaily  UpdateFrequency = "daily"
	UpdateFrequencyWeekly UpdateFrequency = "weekly"
)

var updateFrequencies = []UpdateFrequency{UpdateFrequencyDaily, UpdateFrequencyWeekly}

// Values lists every update frequency; the receiver is ignored.
func (UpdateFrequency) Values() []UpdateFrequency { return values(updateFrequencies) }

// IsKnown reports whether f is a known update frequency.
func (f UpdateFrequency) IsKnown() bool { return known(f, updateFrequencies) }
