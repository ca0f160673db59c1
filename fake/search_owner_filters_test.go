package fake

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// TestOwnerFiltersAgreeWithTheOwnerRegister: for every company whose
// owners the ownership register holds (curated, or set with SetOwners),
// the owner filters of the search say what its owner list says, computed
// here independently of the search engine.
var hundredPercent = 100.0

func TestOwnerFiltersAgreeWithTheOwnerRegister(t *testing.T) {
	srv, _ := newTestServer(t)
	// One change through SetOwners joins the curated lists.
	dob := registerdata.NewDate(1990, 1, 1)
	require.NoError(t, srv.SetOwners("DE-HRB-D3310-30416", []registerdata.Owner{{
		Name: "Mara Quist", Type: enums.RepresentativeTypeNaturalPerson, RelationType: enums.RelationTypeShareholder,
		NominalShare: 25000, PercentageShare: &hundredPercent,
		NaturalPerson: &registerdata.OwnerNaturalPerson{FirstName: "Mara", LastName: "Quist", FullName: "Mara Quist", DateOfBirth: &dob},
	}}))

	today := registerdata.DateOf(srv.Clock().Now().UTC())
	checked := 0
	for _, id := range srv.CompanyIDs() {
		c, _ := srv.Company(id)
		owners, ok := srv.storedOwners(&c)
		if !ok {
			continue
		}
		checked++
		lastNames := map[string]int{}
		youngest := -1
		for _, o := range owners {
			if np := o.NaturalPerson; o.Type == enums.RepresentativeTypeNaturalPerson && np != nil {
				lastNames[strings.ToLower(np.LastName)]++
				if np.DateOfBirth != nil {
					age := today.Year - np.DateOfBirth.Year
					if today.Month < np.DateOfBirth.Month || today.Month == np.DateOfBirth.Month && today.Day < np.DateOfBirth.Day {
						age--
					}
					if youngest < 0 || age < youngest {
						youngest = age
					}
				}
			}
		}
		family := false
		for name, n := range lastNames {
			family = family || (name != "" && n > 1)
		}
		match := func(filter string) bool {
			return slices.Contains(companyIDs(t, srv, filter, ""), id)
		}
		assert.Equal(t, len(owners) == 1, match(`[{"field": "has_sole_owner", "value": "true"}]`), "%s has_sole_owner", id)
		assert.True(t, match(fmt.Sprintf(`[{"field": "number_of_owners", "value": "%d"}]`, len(owners))), "%s number_of_owners", id)
		assert.Equal(t, family, match(`[{"field": "is_family_owned", "value": "true"}]`), "%s is_family_owned", id)
		if youngest >= 0 {
			assert.True(t, match(fmt.Sprintf(`[{"field": "youngest_owner_age", "value": "%d"}]`, youngest)), "%s youngest_owner_age", id)
		} else {
			assert.False(t, match(`[{"field": "youngest_owner_age", "min": "0"}]`), "%s has no owner with a birth date", id)
		}
	}
	assert.GreaterOrEqual(t, checked, 5, "the curated register holds owner lists")
}
