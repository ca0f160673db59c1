package fake

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// getChecked sends a GET with the server's key through the client that
// checks every exchange against api/openapi.yaml.
func getChecked(t *testing.T, s *Server, path string) response {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, s.URL+path, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+s.APIKey)
	resp, err := checkedHTTP(t).Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	var body json.RawMessage
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
	return response{status: resp.StatusCode, header: resp.Header, body: body}
}

func TestHistoryProcessingAnswers202UnbilledThenTheHistory(t *testing.T) {
	s, _ := newTestServer(t, WithHistoryProcessing(2))
	path := "/v1/company/" + sonnenwerkID + "/owners/historical"
	for i := range 2 {
		res := getChecked(t, s, path) // the 202 is checked against the contract
		require.Equal(t, http.StatusAccepted, res.status, "request %d", i+1)
		assert.Equal(t, "30", res.header.Get("Retry-After"))
		var p processingJSON
		require.NoError(t, json.Unmarshal(res.body, &p))
		assert.Equal(t, "processing", p.Status)
		assert.Contains(t, p.Message, sonnenwerkID)
		var keys map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(res.body, &keys))
		assert.NotContains(t, keys, "owners", "the 202 body is not a history")
		assert.Equal(t, DefaultCredits, s.Credits(s.APIKey), "a 202 is not billed")
		u, _ := s.CreditUsage(s.APIKey)
		assert.Zero(t, u.Used, "nor counted as used")
	}
	res := getChecked(t, s, path)
	require.Equal(t, http.StatusOK, res.status)
	var h registerdata.HistoricalOwners
	require.NoError(t, json.Unmarshal(res.body, &h))
	assert.NotEmpty(t, h.Owners)
	assert.Equal(t, DefaultCredits-registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false), s.Credits(s.APIKey))
	u, _ := s.CreditUsage(s.APIKey)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false)), u.Used)
	assert.Equal(t, http.StatusOK, getChecked(t, s, path).status, "a processed history stays ready")

	// Per company, whatever the key: another company has its own two,
	// another key asking about the first gets its history at once.
	assert.Equal(t, http.StatusAccepted, getChecked(t, s, "/v1/company/"+nordlichtID+"/owners/historical").status)
	s.SetCredits("second-key", 100)
	res = do(t, http.MethodGet, s.URL+path, "second-key", "")
	assert.Equal(t, http.StatusOK, res.status, "the history of a company is processed once, for every account")
}

func TestHistoryProcessingCountsOnlyRequestsOfKnownCompanies(t *testing.T) {
	s, _ := newTestServer(t, WithHistoryProcessing(1))
	assert.Equal(t, http.StatusNotFound, do(t, http.MethodGet, s.URL+"/v1/company/DE-HRB-X0000-1/owners/historical", s.APIKey, "").status)
	assert.Equal(t, http.StatusUnauthorized, do(t, http.MethodGet, s.URL+"/v1/company/"+sonnenwerkID+"/owners/historical", "wrong-key", "").status)
	path := "/v1/company/" + sonnenwerkID + "/owners/historical"
	assert.Equal(t, http.StatusAccepted, getChecked(t, s, path).status, "the refused requests did not count")
	assert.Equal(t, http.StatusOK, getChecked(t, s, path).status)
}

func TestHistoryProcessingIsOffByDefault(t *testing.T) {
	s, _ := newTestServer(t)
	assert.Equal(t, http.StatusOK, getChecked(t, s, "/v1/company/"+sonnenwerkID+"/owners/historical").status)
}

func TestHistoryProcessingOverTheControlRoute(t *testing.T) {
	s, _ := newTestServer(t)
	path := "/v1/company/" + sonnenwerkID + "/owners/historical"

	res := do(t, http.MethodPut, s.URL+"/_fake/history/processing", "", `{"requests": 1}`)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.JSONEq(t, `{"requests": 1, "remaining": {}}`, string(res.body))
	assert.Equal(t, http.StatusAccepted, getChecked(t, s, path).status)
	res = do(t, http.MethodGet, s.URL+"/_fake/history/processing", "", "")
	assert.JSONEq(t, `{"requests": 1, "remaining": {"`+sonnenwerkID+`": 0}}`, string(res.body))
	assert.Equal(t, http.StatusOK, getChecked(t, s, path).status)

	// One company: its next three, the others untouched.
	require.Equal(t, http.StatusOK, do(t, http.MethodPut, s.URL+"/_fake/history/processing", "", `{"requests": 0}`).status)
	res = do(t, http.MethodPut, s.URL+"/_fake/history/processing", "", `{"requests": 3, "company_id": "`+nordlichtID+`"}`)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	for range 3 {
		assert.Equal(t, http.StatusAccepted, getChecked(t, s, "/v1/company/"+nordlichtID+"/owners/historical").status)
	}
	assert.Equal(t, http.StatusOK, getChecked(t, s, "/v1/company/"+nordlichtID+"/owners/historical").status)
	assert.Equal(t, http.StatusOK, getChecked(t, s, path).status)

	for _, bad := range []string{`{}`, `{"requests": -1}`, `{"requests": "two"}`, `{"requests": 1, "other": 2}`} {
		assert.Equal(t, http.StatusBadRequest, do(t, http.MethodPut, s.URL+"/_fake/history/processing", "", bad).status, bad)
	}
	assert.Equal(t, http.StatusNotFound, do(t, http.MethodPut, s.URL+"/_fake/history/processing", "", `{"requests": 1, "company_id": "DE-HRB-X0000-1"}`).status)
}
