package fake

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// TestSearchIndexIsNotBuiltUntilSearched: starting a server, looking
// companies up and changing the register through the controls build no
// search index and decode no owners; the first search builds the index
// once and loads the owners its filters read.
func TestSearchIndexIsNotBuiltUntilSearched(t *testing.T) {
	srv, _ := newTestServer(t)
	assert.Equal(t, 0, srv.searchBuilds(), "started")
	r := do(t, "GET", srv.URL+"/v1/company/DE-HRB-F1103-267645", srv.APIKey, "")
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	r = do(t, "PATCH", srv.URL+"/_fake/companies/DE-HRB-F1103-267645", "", `{"address": {"street": "Alt-Moabit 101", "postal_code": "10559", "city": "Berlin"}}`)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)
	assert.Equal(t, 0, srv.searchBuilds(), "after a lookup and a change")
	assert.False(t, extState[ownershipState](srv).loaded.Load(), "the curated owners are not decoded before they are needed")

	companyIDs(t, srv, `[{"field": "zip", "value": "10559"}]`, "")
	companyIDs(t, srv, `[{"field": "zip", "value": "12489"}]`, "")
	assert.Equal(t, 1, srv.searchBuilds(), "after two searches")
	assert.True(t, extState[ownershipState](srv).loaded.Load(), "the owner filters read the curated owners")
}

// TestFirstSearchSeesEarlierChanges: a change through the controls and an
// added company, made before the index exists, and new owners are found
// by the first search, and what they replaced is not.
func TestFirstSearchSeesEarlierChanges(t *testing.T) {
	srv, _ := newTestServer(t)
	const moved = "DE-HRB-F1103-267645" // zip 12489 before the change
	r := do(t, "PATCH", srv.URL+"/_fake/companies/"+moved, "", `{"address": {"street": "Alt-Moabit 101", "postal_code": "10559", "city": "Berlin"}}`)
	require.Equal(t, http.StatusOK, r.status, "%s", r.body)

	added, ok := srv.Company("DE-HRB-F1103-315870")
	require.True(t, ok)
	added.ID = "DE-HRB-F1103-999001"
	added.Name.Name = "Quokkawerk Lazarus GmbH"
	added.Names = nil
	added.Register.RegisterNumber = "999001"
	added.Registers = nil
	require.NoError(t, srv.AddCompany(added))
	require.Equal(t, 0, srv.searchBuilds(), "the changes build no index")

	const owned = "DE-HRB-D2601-8734"
	half := 50.0
	owners := []registerdata.Owner{
		{Name: "Ines Vogt", Type: enums.RepresentativeTypeNaturalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 1, PercentageShare: &half},
		{Name: "Jan Vogt", Type: enums.RepresentativeTypeNaturalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 1, PercentageShare: &half},
		{Name: "Olaf Krumm", Type: enums.RepresentativeTypeNaturalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 1},
	}
	require.NoError(t, srv.SetOwners(owned, owners)) // loads the curated owners, which may build the index

	assert.Contains(t, companyIDs(t, srv, `[{"field": "zip", "value": "10559"}]`, ""), moved, "the changed address")
	assert.NotContains(t, companyIDs(t, srv, `[{"field": "zip", "value": "12489"}]`, ""), moved, "the old address")
	assert.Equal(t, []string{added.ID}, companyIDs(t, srv, "[]", `, "query": {"value": "Quokkawerk Lazarus"}`), "the added company")
	assert.Contains(t, companyIDs(t, srv, `[{"field": "number_of_owners", "value": "3"}]`, ""), owned, "the new owners")
	assert.Equal(t, 1, srv.searchBuilds())
}

// TestConcurrentFirstSearchesBuildOneIndex: searches arriving at once on
// a fresh server all wait for one build and answer alike.
func TestConcurrentFirstSearchesBuildOneIndex(t *testing.T) {
	srv, _ := newTestServer(t)
	const n = 8
	got := make([][]string, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			res, err := srv.searchReady().SearchCompanies(registerdata.CompanySearchRequest{Query: "GmbH", Pagination: registerdata.PageRequest{PerPage: 100}})
			if !assert.NoError(t, err) {
				return
			}
			for _, c := range res.Results {
				got[i] = append(got[i], c.CompanyID)
			}
		}()
	}
	close(start)
	wg.Wait()
	assert.Equal(t, 1, srv.searchBuilds())
	require.NotEmpty(t, got[0])
	for i := 1; i < n; i++ {
		assert.Equal(t, got[0], got[i], fmt.Sprintf("search %d", i))
	}
}

// TestGeneratedRegisterIsIndexedAtStart: a register with generated
// companies is indexed when the server starts, with the curated owners
// loaded for the owner filters, so no request waits for the build.
func TestGeneratedRegisterIsIndexedAtStart(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(50))
	assert.Equal(t, 1, srv.searchBuilds())
	assert.True(t, extState[ownershipState](srv).loaded.Load())
	companyIDs(t, srv, `[{"field": "number_of_owners", "min": "1"}]`, "")
	assert.Equal(t, 1, srv.searchBuilds())
}
