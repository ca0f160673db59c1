package fake

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// TestGeneratedCompanyIsTheSameOnEveryRead: the store does not hold
// generated companies, it draws them again; every read must give the
// record generate gives, and the id must be drawn the same without the
// rest.
func TestGeneratedCompanyIsTheSameOnEveryRead(t *testing.T) {
	const n = 400
	all := generate(n)
	for i := 0; i < n; i += 7 {
		assert.Equal(t, all[i], *generatedCompany(i), "company %d", i)
		assert.Equal(t, all[i], *generatedCompany(i), "company %d read again", i)
		assert.Equal(t, all[i].ID, generatedID(i))
		c, ok := generatedByID(all[i].ID, n)
		require.True(t, ok, all[i].ID)
		assert.Equal(t, all[i], *c)
	}
}

func TestGeneratedByIDRefusesOtherIDs(t *testing.T) {
	id := generatedID(10) // DE-<type>-<court>-1000010
	prefix := id[:len(id)-len("1000010")]
	for _, bad := range []string{
		prefix + "+1000010", prefix + "01000010", prefix + "1000011x", prefix + "999999",
		prefix + "1000020", // beyond n
		"DE-XYZ-Q1-1000010", "1000010", "", "-", "DE-HRB-F1103-267645",
	} {
		_, ok := generatedByID(bad, 20)
		assert.False(t, ok, "%q", bad)
	}
	_, ok := generatedByID(id, 20)
	assert.True(t, ok)
}

// TestChangedGeneratedCompanyIsKept changes a generated company: lookups,
// searches and the id list see the change, the other generated companies
// stay as drawn, and its id cannot be added again.
func TestChangedGeneratedCompanyIsKept(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(300))
	idsBefore := srv.CompanyIDs()
	id := generatedID(123)
	require.NoError(t, srv.UpdateCompany(id, func(c *registerdata.Company) { c.Name.Name = "Quokka Zentrale GmbH" }))

	got := do(t, "GET", srv.URL+"/v1/company/"+id, srv.APIKey, "").company(t)
	assert.Equal(t, "Quokka Zentrale GmbH", got.Name.Name)
	stored, ok := srv.Company(id)
	require.True(t, ok)
	assert.Equal(t, "Quokka Zentrale GmbH", stored.Name.Name)
	other, ok := srv.Company(generatedID(124))
	require.True(t, ok)
	assert.Equal(t, generate(125)[124].Name, other.Name)
	assert.Equal(t, idsBefore, srv.CompanyIDs(), "same ids in the same order")

	res, err := srv.searchReady().SearchCompanies(registerdata.CompanySearchRequest{Query: "quokka"})
	require.NoError(t, err)
	require.Len(t, res.Results, 1)
	assert.Equal(t, id, res.Results[0].CompanyID)
	assert.Equal(t, "Quokka Zentrale GmbH", res.Results[0].Name)

	c := *generatedCompany(5)
	assert.Error(t, srv.AddCompany(c), "a generated id exists already")
}

// TestSearchResultsOfGeneratedCompaniesMatchTheirRecords: results are
// built from records drawn again; they must agree with a lookup.
func TestSearchResultsOfGeneratedCompaniesMatchTheirRecords(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(500))
	engine := srv.searchReady()
	res, err := engine.SearchCompanies(registerdata.CompanySearchRequest{
		Filters:    []filters.Filter{{Field: filters.Status, Value: string(enums.CompanyStatusActive)}},
		Pagination: registerdata.PageRequest{Page: 3, PerPage: 50},
	})
	require.NoError(t, err)
	require.Len(t, res.Results, 50)
	for _, r := range res.Results {
		c, ok := srv.Company(r.CompanyID)
		require.True(t, ok, r.CompanyID)
		assert.Equal(t, c.Name.Name, r.Name)
		assert.Equal(t, c.Address.FormattedValue, r.Address.FormattedValue)
		assert.Equal(t, enums.CompanyStatusActive, c.Status)
	}
	persons, err := engine.SearchPersons(registerdata.PersonSearchRequest{Pagination: registerdata.PageRequest{PerPage: 100}})
	require.NoError(t, err)
	require.Len(t, persons.Results, 100)
	for _, p := range persons.Results {
		assert.NotEmpty(t, p.Name, fmt.Sprint(p))
		assert.True(t, srv.personExists(p.ID))
	}
}
