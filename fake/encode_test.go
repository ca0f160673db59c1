package fake

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// awkward are texts encoding/json escapes: quotes, backslashes, control
// characters, HTML's <, > and &, the line separators U+2028 and U+2029,
// invalid UTF-8, and plain non-ASCII text it copies.
var awkward = []string{"", `Müller & Söhne <GmbH>`, `say "hi"\`, "tab\there\nnew\x00nul\x1f", "line\u2028sep\u2029", "bad\xffutf8\xc3", "日本語 🚀", "plain"}

func TestSearchResponseEncodesAsEncodingJSON(t *testing.T) {
	t.Parallel() // a fake (or snapshots) of its own: runs beside the package's other parallel tests
	var rs []registerdata.CompanySearchResult
	for i, s := range awkward {
		s2 := awkward[(i+3)%len(awkward)]
		r := registerdata.CompanySearchResult{CompanyID: "DE-HRB-F1103-" + s, Name: s, RegisterNumber: s2, RegisterType: enums.RegisterType(s),
			RegisterCourt: s2, Active: i%2 == 0, LegalForm: enums.LegalForm(s2)}
		if i%3 != 0 {
			r.Country, r.Purpose = &s, &s2
		}
		if i%4 != 1 {
			r.Address = &registerdata.SearchAddress{City: s, Country: s2, FormattedValue: s + s2, Street: s2, PostalCode: s, Extra: s2}
		}
		rs = append(rs, r)
	}
	// And the register's own: every company's result, in pages.
	srv, _ := newTestServer(t, WithGenerated(2000))
	engine := srv.searchReady()
	for page := 1; ; page++ {
		res, err := engine.SearchCompanies(registerdata.CompanySearchRequest{Pagination: registerdata.PageRequest{Page: page, PerPage: 100}})
		require.NoError(t, err)
		rs = append(rs, res.Results...)
		if page >= res.Pagination.TotalPages {
			break
		}
	}
	require.Greater(t, len(rs), 2000)
	for _, resp := range []registerdata.CompanySearchResponse{
		{Results: rs, Pagination: registerdata.Pagination{Page: 3, PerPage: 20, TotalPages: 7, TotalResults: 123}},
		{Results: []registerdata.CompanySearchResult{}},
		{},
	} {
		want, err := json.Marshal(resp)
		require.NoError(t, err)
		assert.Equal(t, string(want), string(appendSearchResponse(nil, &resp)))
	}
}

// getRecord fetches the record of id from srv over HTTP.
func getRecord(t *testing.T, srv *Server, id string) []byte {
	t.Helper()
	res := do(t, http.MethodGet, srv.URL+"/v1/company/"+id, srv.APIKey, "")
	require.Equal(t, http.StatusOK, res.status, "%s", res.body)
	return res.body
}

// TestLookupAnswersTheCurrentRecord: a record is encoded as
// encoding/json encodes it, with fresh sources on each lookup, and a
// change to a curated or a generated company shows in the next lookup
// (the encoding kept between lookups is dropped with the change).
func TestLookupAnswersTheCurrentRecord(t *testing.T) {
	srv, clk := newTestServer(t, WithGenerated(100))
	ids := srv.CompanyIDs()
	for _, id := range []string{richID, ids[len(ids)-1]} {
		first := getRecord(t, srv, id)
		c, ok := srv.Company(id)
		require.True(t, ok)
		c.Sources = srv.sourcesFor(&c)
		want, err := json.Marshal(&c)
		require.NoError(t, err)
		assert.Equal(t, string(want)+"\n", string(first), id)
		assert.Equal(t, string(first), string(getRecord(t, srv, id)), "%s: the same record, the same answer", id)

		clk.Advance(DocumentURLValidity) // the sources are signed anew
		later := getRecord(t, srv, id)
		assert.NotEqual(t, string(first), string(later))
		var x registerdata.Company
		require.NoError(t, json.Unmarshal(later, &x))
		assert.Equal(t, srv.sourcesFor(&c), x.Sources)

		require.NoError(t, srv.UpdateCompany(id, func(c *registerdata.Company) { c.Name.Name = "Quastenflosser Werft GmbH" }))
		changed := getRecord(t, srv, id)
		require.NoError(t, json.Unmarshal(changed, &x))
		assert.Equal(t, "Quastenflosser Werft GmbH", x.Name.Name, "%s: the change shows", id)
		assert.True(t, strings.Contains(string(changed), `"sources":[{"document_url":`))
	}
	// export=true answers without sources, an empty list.
	res := do(t, http.MethodGet, srv.URL+"/v1/company/"+richID+"?export=true", srv.APIKey, "")
	require.Equal(t, http.StatusOK, res.status)
	assert.True(t, strings.HasSuffix(string(res.body), `"sources":[]}`+"\n"), "%s", res.body[len(res.body)-40:])
}

// TestSearchAnswersTheCurrentResults: a search page reflects a change to
// a company at once, although results are kept between searches.
func TestSearchAnswersTheCurrentResults(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(100))
	engine := srv.searchReady()
	req := registerdata.CompanySearchRequest{Filters: []filters.Filter{{Field: filters.RegisterNumber, Value: "267645"}}}
	first, err := engine.SearchCompanies(req)
	require.NoError(t, err)
	require.Len(t, first.Results, 1)
	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) { c.Address.City = "Quastenhausen" }))
	again, err := engine.SearchCompanies(req)
	require.NoError(t, err)
	require.Len(t, again.Results, 1)
	require.NotNil(t, again.Results[0].Address)
	assert.Equal(t, "Quastenhausen", again.Results[0].Address.City)
}
