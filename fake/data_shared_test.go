package fake

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// sharedCuratedJSON is the curated register every server shares, encoded.
func sharedCuratedJSON(t *testing.T) []byte {
	t.Helper()
	r, err := curated()
	require.NoError(t, err)
	b, err := json.Marshal(r.companies)
	require.NoError(t, err)
	return b
}

// TestServersDoNotChangeTheSharedCuratedRegister: the curated companies
// that every server of the process shares are the same after a server
// has changed its register every way it can (a patch, an update, new
// owners, person details filled from a persons file) and served them, and
// a second server sees none of the first's changes.
func TestServersDoNotChangeTheSharedCuratedRegister(t *testing.T) {
	before := sharedCuratedJSON(t)
	srv, _ := newTestServer(t)
	const id = "DE-HRB-F1103-267645"
	r := do(t, "PATCH", srv.URL+"/_fake/companies/"+id, "", `{"address": {"street": "Alt-Moabit 101", "postal_code": "10559", "city": "Berlin"}}`)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	require.NoError(t, srv.UpdateCompany("DE-HRB-D2601-8734", func(c *registerdata.Company) {
		c.Name.Name = "Umbenannt GmbH"
		c.Representation = c.Representation[:0]
	}))
	half := 50.0
	require.NoError(t, srv.SetOwners(id, []registerdata.Owner{{Name: "Ines Vogt", Type: enums.RepresentativeTypeNaturalPerson,
		RelationType: enums.RelationTypeShareholder, NominalShare: 1, PercentageShare: &half}}))
	for _, path := range []string{"/v1/company/" + id, "/v1/company/" + id + "/owners", "/v1/company/" + id + "/ubo", "/v1/company/DE-HRB-D2601-8734"} {
		r := do(t, "GET", srv.URL+path, srv.APIKey, "")
		require.Equal(t, http.StatusOK, r.status, "%s: %s", path, r.body)
	}
	companyIDs(t, srv, `[]`, `, "query": {"value": "GmbH"}`)

	// Person details filled into a curated company's representation.
	cs, err := sharedCurated()
	require.NoError(t, err)
	var person *registerdata.Representative
	for i := range cs {
		for j := range cs[i].Representation {
			rep := &cs[i].Representation[j]
			if rep.Type == enums.RepresentativeTypeNaturalPerson && rep.ID != nil && (rep.NaturalPerson == nil || rep.NaturalPerson.City == nil) {
				person = rep
			}
		}
	}
	require.NotNil(t, person, "the curated register has a natural person without a city")
	city := "Quokkastadt"
	merged, _, err := mergeCompanies(cs, []*dataset{{persons: []entity[registerdata.Person]{{at: "persons/x.json", v: registerdata.Person{ID: *person.ID, City: &city}}}}}, false)
	require.NoError(t, err)
	filled := 0
	for i := range merged {
		for _, rep := range merged[i].Representation {
			if rep.ID != nil && *rep.ID == *person.ID && rep.NaturalPerson != nil && rep.NaturalPerson.City != nil && *rep.NaturalPerson.City == city {
				filled++
			}
		}
	}
	assert.Positive(t, filled, "the persons file filled the city in")

	assert.JSONEq(t, string(before), string(sharedCuratedJSON(t)), "the shared curated register is unchanged")
	other, _ := newTestServer(t)
	c, ok := other.Company(id)
	require.True(t, ok)
	assert.NotEqual(t, "10559", c.Address.PostalCode, "another server does not see the first one's change")
}

// TestCuratedRegisterIsStrictlyValid: data/companies.json decodes
// strictly (no unknown field, no trailing data) and completes to valid
// companies, and those are the companies servers get (from
// curated_data.go, which TestCuratedDataIsGeneratedFromTheJSON keeps in
// step with the file).
func TestCuratedRegisterIsStrictlyValid(t *testing.T) {
	strict, err := decodeCurated(companiesJSON)
	require.NoError(t, err)
	want, err := json.Marshal(strict)
	require.NoError(t, err)
	assert.Equal(t, string(want), string(sharedCuratedJSON(t)), "servers get these companies")
}
