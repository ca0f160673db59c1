package changes_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
)

// director is a managing director, a natural person with an id.
func director() registerdata.Representative {
	return registerdata.Representative{
		ID: ptr("0d5e8a57-1c7b-4c3e-9a61-2f1b3c4d5e6f"), Name: "Erika Beispiel", Type: enums.RepresentativeTypeNaturalPerson,
		Role: enums.RoleDirector, RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector, LabelEN: "Managing Director"},
		StartDate:     registerdata.Date{Year: 2019, Month: 1, Day: 2},
		NaturalPerson: &registerdata.NaturalPerson{FirstName: ptr("Erika"), LastName: ptr("Beispiel"), City: ptr("Berlin")},
	}
}

func withRepresentatives(rs ...registerdata.Representative) *registerdata.Company {
	return &registerdata.Company{ID: richID, Representation: rs}
}

// TestRepresentativeNaturalPersonChanges: what the register says of a
// representative as a natural person (city, date of birth) is a change.
func TestRepresentativeNaturalPersonChanges(t *testing.T) {
	before := director()
	after := director()
	after.NaturalPerson = &registerdata.NaturalPerson{FirstName: ptr("Erika"), LastName: ptr("Beispiel"), City: ptr("Potsdam"),
		DateOfBirth: &registerdata.Date{Year: 1970, Month: 5, Day: 17}}
	got := changes.Company(withRepresentatives(before), withRepresentatives(after))
	require.Len(t, got, 1)
	assert.Equal(t, changes.Change{Category: enums.PreferenceRepresentation, Kind: changes.Modified, Field: "representation.natural_person",
		Subject: "Erika Beispiel (Managing Director)",
		Before:  "Erika Beispiel, Berlin, natural person", After: "Erika Beispiel, Potsdam, born 1970-05-17, natural person"}, got[0])
	assert.Len(t, changes.Company(withRepresentatives(after), withRepresentatives(before)), 1, "and backwards")
}

// TestRepresentativeStartDateChanges: a corrected start date is a change.
func TestRepresentativeStartDateChanges(t *testing.T) {
	before := director()
	after := director()
	after.StartDate = registerdata.Date{Year: 2019, Month: 2, Day: 1}
	got := changes.Company(withRepresentatives(before), withRepresentatives(after))
	require.Len(t, got, 1)
	assert.Equal(t, changes.Change{Category: enums.PreferenceRepresentation, Kind: changes.Modified, Field: "representation.start_date",
		Subject: "Erika Beispiel (Managing Director)", Before: "2019-01-02", After: "2019-02-01"}, got[0])
}

// TestRepresentativeKeyHasTheRoleCode: one person in two roles is two
// representatives; a person whose role changed left one role and took
// another, whatever the order of the list.
func TestRepresentativeKeyHasTheRoleCode(t *testing.T) {
	prokura := director()
	prokura.Role = enums.RoleProkura
	prokura.RoleDetail = registerdata.RoleDetail{Code: enums.RoleCodeProkura, LabelEN: "Authorised Officer"}

	got := changes.Company(withRepresentatives(prokura), withRepresentatives(director()))
	assert.ElementsMatch(t, []string{
		"Erika Beispiel (Authorised Officer) left the representation (since 2019-01-02).",
		"Erika Beispiel (Managing Director) joined the representation (since 2019-01-02).",
	}, sentences(got))

	// Both roles, the prokura ends: only that role left, in either order.
	ended := prokura
	ended.EndDate = &registerdata.Date{Year: 2025, Month: 3, Day: 4}
	for _, after := range [][]registerdata.Representative{{director(), ended}, {ended, director()}} {
		got = changes.Company(withRepresentatives(prokura, director()), withRepresentatives(after...))
		require.Len(t, got, 1)
		assert.Equal(t, changes.Removed, got[0].Kind)
		assert.Equal(t, "Erika Beispiel (Authorised Officer)", got[0].Subject)
	}
}
