package fake

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

func TestGetCompanyDecodesIntoCompany(t *testing.T) {
	srv, _ := newTestServer(t)
	r := do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "")
	c := r.company(t)

	assert.Equal(t, richID, c.ID)
	assert.Equal(t, "Nordlicht Solartechnik GmbH", c.Name.Name)
	assert.Equal(t, enums.RegisterTypeHRB, c.Register.RegisterType)
	assert.Equal(t, "application/json", r.header.Get("Content-Type"))
	assert.NotEmpty(t, r.header.Get("X-Request-Id"))
	// One source for the register printout and one per document.
	assert.Len(t, c.Sources, 1+len(c.Documents))
	for _, s := range c.Sources {
		assert.True(t, strings.HasPrefix(s.DocumentURL, srv.URL+documentsPath), s.DocumentURL)
	}
}

func TestGetCompanyUnauthorized(t *testing.T) {
	srv, _ := newTestServer(t)
	for name, header := range map[string]string{
		"missing":      "",
		"wrong key":    "Bearer not-the-key",
		"other scheme": "Basic " + srv.APIKey,
		"empty bearer": "Bearer ",
	} {
		t.Run(name, func(t *testing.T) {
			req, err := http.NewRequest("GET", srv.URL+"/v1/company/"+richID, nil)
			require.NoError(t, err)
			if header != "" {
				req.Header.Set("Authorization", header)
			}
			res, err := checkedHTTP(t).Do(req)
			require.NoError(t, err)
			res.Body.Close()
			assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
			assert.NotEmpty(t, res.Header.Get("X-Request-Id"))
		})
	}
	r := do(t, "GET", srv.URL+"/v1/company/"+richID, "wrong", "")
	assert.Equal(t, CodeUnauthorized, r.errorBody(t).Code)
	assert.NotContains(t, string(r.body), "wrong", "the message must not echo the key")
	assert.Equal(t, DefaultCredits, srv.Credits(srv.APIKey), "nothing charged")
}

func TestGetCompanyNotFound(t *testing.T) {
	srv, _ := newTestServer(t)
	r := do(t, "GET", srv.URL+"/v1/company/DE-HRB-F1103-000000", srv.APIKey, "")
	require.Equal(t, http.StatusNotFound, r.status)
	e := r.errorBody(t)
	assert.Equal(t, CodeNotFound, e.Code)
	assert.Contains(t, e.Message, "DE-HRB-F1103-000000")
	assert.Equal(t, DefaultCredits, srv.Credits(srv.APIKey), "a 404 costs nothing")
}

func TestGetCompanyHostileIDs(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, id := range []string{
		"../monitor", "a/b", " ", "%00", "DE-HRB-F1103-267645%2F..", "..", ".", "DE-HRB",
		"de-HRB-F1103-267645", strings.Repeat("A", 300), "DE-HRB-F1103-267645?x=1", "%E2%80%8B",
	} {
		t.Run(id, func(t *testing.T) {
			r := do(t, "GET", srv.URL+"/v1/company/"+url.PathEscape(id), srv.APIKey, "")
			assert.Equal(t, http.StatusNotFound, r.status, "body: %s", r.body)
			assert.Equal(t, CodeNotFound, r.errorBody(t).Code)
		})
	}
	assert.Equal(t, DefaultCredits, srv.Credits(srv.APIKey), "refused ids cost nothing")
}

func TestGetCompanyUnknownRoute(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, path := range []string{"/v1/company/", "/v1/company/a/b", "/v2/company/" + richID, "/"} {
		r := do(t, "GET", srv.URL+path, srv.APIKey, "")
		assert.Equal(t, http.StatusNotFound, r.status, path)
		assert.Equal(t, CodeNotFound, r.errorBody(t).Code, path)
	}
	r := do(t, "POST", srv.URL+"/v1/company/"+richID, srv.APIKey, "{}")
	assert.Equal(t, http.StatusNotFound, r.status)
}

func TestGetCompanyCharges(t *testing.T) {
	const start = 1000
	for _, tc := range []struct {
		query string
		cost  int64
	}{
		{"", 10},
		{"?realtime=false", 10},
		{"?export=true", 10},
		{"?realtime=true", 20},
		{"?realtime=true&export=true", 20},
	} {
		t.Run(tc.query, func(t *testing.T) {
			srv, _ := newTestServer(t, WithCredits(start))
			do(t, "GET", srv.URL+"/v1/company/"+richID+tc.query, srv.APIKey, "").company(t)
			assert.Equal(t, int64(start)-tc.cost, srv.Credits(srv.APIKey))
			assert.Equal(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", strings.Contains(tc.query, "realtime=true")), tc.cost, "the root package's cost table agrees")
		})
	}
}

func TestGetCompanyInsufficientCredits(t *testing.T) {
	srv, _ := newTestServer(t, WithCredits(15))
	r := do(t, "GET", srv.URL+"/v1/company/"+richID+"?realtime=true", srv.APIKey, "")
	require.Equal(t, http.StatusPaymentRequired, r.status)
	e := r.errorBody(t)
	assert.Equal(t, CodeInsufficientCredits, e.Code)
	assert.Contains(t, e.Message, "costs 20")
	assert.Contains(t, e.Message, "balance is 15")
	assert.Equal(t, int64(15), srv.Credits(srv.APIKey), "nothing charged")

	// 15 still covers a plain lookup, which leaves 5: too few for another.
	do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "").company(t)
	assert.Equal(t, int64(5), srv.Credits(srv.APIKey))
	r = do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "")
	assert.Equal(t, http.StatusPaymentRequired, r.status)
	assert.Equal(t, int64(5), srv.Credits(srv.APIKey))
}

func TestGetCompanyExportDropsSources(t *testing.T) {
	srv, _ := newTestServer(t)
	r := do(t, "GET", srv.URL+"/v1/company/"+richID+"?export=true", srv.APIKey, "")
	c := r.company(t)
	assert.Empty(t, c.Sources)
	assert.Contains(t, string(r.body), `"sources":[]`)
	assert.NotEmpty(t, c.Representation, "the rest of the record is there")
}

func TestGetCompanyStrictBooleans(t *testing.T) {
	srv, _ := newTestServer(t)
	for _, q := range []string{"realtime=maybe", "realtime=1", "realtime=TRUE", "export=", "realtime=true&realtime=false"} {
		r := do(t, "GET", srv.URL+"/v1/company/"+richID+"?"+q, srv.APIKey, "")
		assert.Equal(t, http.StatusBadRequest, r.status, q)
		e := r.errorBody(t)
		assert.Equal(t, CodeInvalidRequest, e.Code)
		assert.Contains(t, e.Message, "true or false", q)
	}
	assert.Equal(t, DefaultCredits, srv.Credits(srv.APIKey), "a 400 costs nothing")
}

func TestRequestIDsAreDistinct(t *testing.T) {
	srv, _ := newTestServer(t)
	a := do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "").header.Get("X-Request-Id")
	b := do(t, "GET", srv.URL+"/_fake/clock", "", "").header.Get("X-Request-Id")
	assert.NotEmpty(t, a)
	assert.NotEqual(t, a, b)
}
