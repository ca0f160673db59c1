package searchengine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestBulkLoadKeepsTheLastOfARepeatedID: a source listing an id twice
// holds one company, the later record, as one Update after the other
// would.
func TestBulkLoadKeepsTheLastOfARepeatedID(t *testing.T) {
	cs := generate(60)
	repeated := cs[10]
	repeated.Name.Name = "Quokka Nachfolger GmbH"
	src := append(cs[:40:40], repeated)
	src = append(src, cs[40:]...)

	e := New(fixedDay)
	e.LoadSource(Source{Len: len(src), At: func(i int) *registerdata.Company { return &src[i] }})
	companies, _ := e.Size()
	assert.Equal(t, len(cs), companies)

	res, err := e.SearchCompanies(registerdata.CompanySearchRequest{Query: "quokka nachfolger"})
	require.NoError(t, err)
	require.Len(t, res.Results, 1)
	assert.Equal(t, cs[10].ID, res.Results[0].CompanyID)
	res, err = e.SearchCompanies(registerdata.CompanySearchRequest{Query: cs[10].Name.Name})
	require.NoError(t, err)
	for _, r := range res.Results {
		assert.NotEqual(t, cs[10].ID, r.CompanyID, "the earlier record is gone")
	}

	single := New(fixedDay)
	for i := range src {
		if old, ok := single.ct.lookup(src[i].ID); ok {
			single.Update(*single.record(old), src[i])
			continue
		}
		single.Update(registerdata.Company{}, src[i])
	}
	checkTable(t, e.ct, single.ct)
}
