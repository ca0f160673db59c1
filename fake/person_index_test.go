package fake

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// namingByScan is companiesNaming the slow way: every company of the
// register, in order.
func namingByScan(s *Server, id string) []string {
	var out []string
	for _, c := range s.store.all() {
		for _, r := range c.Representation {
			if r.ID != nil && *r.ID == id && r.Type == enums.RepresentativeTypeNaturalPerson {
				out = append(out, c.ID)
				break
			}
		}
	}
	return out
}

func idsOf(cs []*registerdata.Company) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

// TestCompaniesNamingMatchesAScan checks the index-based lookup of a
// person's companies against a scan, before and after a change moves a
// person into a curated company.
func TestCompaniesNamingMatchesAScan(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(400))
	persons := srv.Persons()
	require.Greater(t, len(persons), 400)
	for k := 0; k < len(persons); k += 37 {
		assert.Equal(t, namingByScan(srv, persons[k]), idsOf(srv.companiesNaming(persons[k])), persons[k])
	}
	moved := generatedCompany(350).Representation[0]
	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) {
		c.Representation = append(c.Representation, moved)
	}))
	want := namingByScan(srv, *moved.ID)
	require.Len(t, want, 2, "the curated company and the generated one")
	assert.Equal(t, want, idsOf(srv.companiesNaming(*moved.ID)))
	assert.Empty(t, srv.companiesNaming("00000000-0000-4000-8000-000000000000"))
}
