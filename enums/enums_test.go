package enums

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// enumType is what every enum of the package offers.
type enumType[T ~string] interface {
	~string
	Values() []T
	IsKnown() bool
}

// checkEnum checks that the values are the specification's, in its order,
// that each is known, that an unknown value is not, and that decoding keeps
// an unknown value instead of failing.
func checkEnum[T enumType[T]](t *testing.T, spec ...string) {
	t.Helper()
	var zero T
	got := zero.Values()
	require.Len(t, got, len(spec))
	for i, v := range got {
		assert.Equal(t, spec[i], string(v))
		assert.True(t, v.IsKnown(), "%s", v)
	}
	assert.False(t, T("not-a-value").IsKnown())
	assert.False(t, T("").IsKnown())

	got[0] = "changed" // Values returns a copy
	assert.Equal(t, spec[0], string(zero.Values()[0]))

	var decoded struct{ V T }
	require.NoError(t, json.Unmarshal([]byte(`{"V": "added_next_year"}`), &decoded))
	assert.Equal(t, T("added_next_year"), decoded.V)
}

func TestEnumsMatchTheSpecification(t *testing.T) {
	checkEnum[LegalForm](t, "ag", "eg", "ek", "ev", "ewiv", "foreign", "gbr", "ggmbh", "gmbh", "kg", "kgaa", "unknown", "llp", "municipal", "ohg", "se", "ug")
	checkEnum[RegisterType](t, "HRB", "HRA", "PR", "GnR", "VR")
	checkEnum[CompanyStatus](t, "active", "inactive", "liquidation")
	checkEnum[Currency](t, "EUR", "DEM", "USD")
	checkEnum[DocumentType](t, "articles_of_association", "sample_protocol", "shareholder_list")
	checkEnum[RepresentativeType](t, "natural_person", "legal_person")
	checkEnum[Role](t, "DIRECTOR", "PROKURA", "SHAREHOLDER", "OWNER", "PARTNER", "PERSONAL_LIABLE_DIRECTOR", "LIQUIDATOR", "OTHER")
	checkEnum[RoleCode](t, "DIRECTOR", "EMERGENCY_DIRECTOR", "EXECUTIVE", "CHAIRMAN", "DEPUTY_CHAIRMAN", "BOARD",
		"PRESIDENT_BOARD", "VICE_PRESIDENT_BOARD", "PRESIDENT", "MEMBER", "NON_EXECUTIVE_DIRECTOR", "BOARD_SECRETARY",
		"BOARD_TREASURER", "BOARD_SPORTS", "BOARD_OTHER", "REPRESENTATIVE", "SECONDARY_REPRESENTATIVE",
		"COURT_ORDERED_REPRESENTATIVE", "PROKURA", "PROKURA_SINGLE", "PROKURA_JOINT", "LIQUIDATOR", "INSOLVENCY_DIRECTOR",
		"PRELIMINARY_INSOLVENCY_DIRECTOR", "OWNER", "SHAREHOLDER", "PARTNER", "PERSONAL_LIABLE_DIRECTOR", "OTHER")
	checkEnum[InsolvencyStatus](t, "preliminary", "opened", "rejected_no_assets", "mass_insufficient", "plan_supervised",
		"lifted", "discontinued", "discharge_pending", "discharge_granted", "discharge_denied", "discharge_revoked", "unknown")
	checkEnum[ProceedingKind](t, "regular_insolvency", "consumer_insolvency")
	checkEnum[AdministrationKind](t, "external_administration", "self_administration", "protective_shield")
	checkEnum[EntityType](t, "company", "person")
	checkEnum[Preference](t, "basic", "representation", "financials", "documents", "ownership", "holdings", "insolvencies", "management_positions")
	checkEnum[UpdateFrequency](t, "daily", "weekly")
}

func TestRoleCodeNormalize(t *testing.T) {
	assert.Equal(t, RoleCodeExecutive, RoleCodeExecutive.Normalize())
	assert.Equal(t, RoleCodeOther, RoleCode("SUPERVISORY_OBSERVER").Normalize())
	assert.Equal(t, RoleCodeOther, RoleCode("").Normalize())
	assert.Equal(t, RoleCodeOther, RoleCode("director").Normalize(), "codes are case-sensitive")
}

func TestRoleCodeRole(t *testing.T) {
	// The specification's own example: a board member and a managing
	// director are both DIRECTOR.
	assert.Equal(t, RoleDirector, RoleCodeExecutive.Role())
	assert.Equal(t, RoleDirector, RoleCodeDirector.Role())
	assert.Equal(t, RoleProkura, RoleCodeProkuraJoint.Role())
	assert.Equal(t, RoleOther, RoleCode("SUPERVISORY_OBSERVER").Role())
	for _, c := range RoleCode("").Values() {
		assert.True(t, c.Role().IsKnown(), "%s maps to a known role", c)
	}
	// Every role bucket that has a code of the same name maps to itself.
	for _, r := range Role("").Values() {
		assert.Equal(t, r, RoleCode(r).Role())
	}
}

func TestPreferenceValidFor(t *testing.T) {
	company := map[Preference]bool{PreferenceBasic: true, PreferenceRepresentation: true, PreferenceFinancials: true,
		PreferenceDocuments: true, PreferenceOwnership: true, PreferenceHoldings: true, PreferenceInsolvencies: true}
	person := map[Preference]bool{PreferenceManagementPositions: true, PreferenceHoldings: true, PreferenceInsolvencies: true}
	for _, p := range Preference("").Values() {
		assert.Equal(t, company[p], p.ValidFor(EntityTypeCompany), "%s for company", p)
		assert.Equal(t, person[p], p.ValidFor(EntityTypePerson), "%s for person", p)
		assert.False(t, p.ValidFor("fund"))
	}
	assert.False(t, Preference("prices").ValidFor(EntityTypeCompany))
	assert.Len(t, PreferencesFor(EntityTypeCompany), 7)
	assert.Equal(t, []Preference{PreferenceManagementPositions, PreferenceHoldings, PreferenceInsolvencies}, PreferencesFor(EntityTypePerson))
	assert.Empty(t, PreferencesFor("fund"))
}

func TestInsolvencyStatusIsOpen(t *testing.T) {
	open := map[InsolvencyStatus]bool{InsolvencyStatusPreliminary: true, InsolvencyStatusOpened: true,
		InsolvencyStatusPlanSupervised: true, InsolvencyStatusDischargePending: true}
	for _, s := range InsolvencyStatus("").Values() {
		assert.Equal(t, open[s], s.IsOpen(), "%s", s)
	}
	assert.False(t, InsolvencyStatus("court_review").IsOpen())
}

func ExampleRoleCode_Normalize() {
	for _, code := range []RoleCode{"EXECUTIVE", "SUPERVISORY_OBSERVER"} {
		fmt.Println(code, "->", code.Normalize(), "in bucket", code.Normalize().Role())
	}
	// Output:
	// EXECUTIVE -> EXECUTIVE in bucket DIRECTOR
	// SUPERVISORY_OBSERVER -> OTHER in bucket OTHER
}

func ExamplePreference_ValidFor() {
	fmt.Println(PreferenceFinancials.ValidFor(EntityTypeCompany), PreferenceFinancials.ValidFor(EntityTypePerson))
	// Output: true false
}
