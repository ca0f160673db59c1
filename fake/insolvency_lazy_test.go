package fake

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestInsolvencyIndexReadsTheRegisterOnFirstUse: the index of company
// proceedings is filled on first use, so changes made before it must
// show, and changes after it too.
func TestInsolvencyIndexReadsTheRegisterOnFirstUse(t *testing.T) {
	var withProceedings []*registerdata.Company
	for i := 0; i < 300 && len(withProceedings) < 2; i++ {
		if c := generatedCompany(i); len(c.Insolvencies) > 0 {
			withProceedings = append(withProceedings, c)
		}
	}
	require.Len(t, withProceedings, 2)
	first, second := withProceedings[0], withProceedings[1]

	srv, _ := newTestServer(t, WithGenerated(300))
	require.NoError(t, srv.UpdateCompany(first.ID, func(c *registerdata.Company) { c.Insolvencies = nil }))
	_, ok := srv.Insolvency(first.Insolvencies[0].ID)
	assert.False(t, ok, "removed before the index was filled")
	p, ok := srv.Insolvency(second.Insolvencies[0].ID)
	require.True(t, ok, "a generated company's proceeding")
	assert.Equal(t, second.Insolvencies[0].ID, p.ID)

	require.NoError(t, srv.UpdateCompany(second.ID, func(c *registerdata.Company) { c.Insolvencies = nil }))
	_, ok = srv.Insolvency(second.Insolvencies[0].ID)
	assert.False(t, ok, "removed after the index was filled")
	assert.NotContains(t, srv.InsolvencyIDs(), second.Insolvencies[0].ID)
}
