package fake

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBodiesThatCostNothing: null, empty, non-object and non-UTF-8 bodies
// are 400 on every route that reads one, change nothing and cost nothing.
func TestBodiesThatCostNothing(t *testing.T) {
	srv, _ := newTestServer(t)
	require.Equal(t, http.StatusNoContent, do(t, http.MethodPut, srv.URL+"/_fake/webhook", "",
		`{"url": "`+srv.InspectorURL("hook")+`", "secret": "`+testSecret+`"}`).status)
	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/v1/monitor", srv.APIKey, monitorBody).status)
	require.Equal(t, http.StatusOK, do(t, http.MethodPost, srv.URL+"/_fake/plan", "", `{"monitoring": false}`).status)
	require.Equal(t, http.StatusOK, do(t, http.MethodPost, srv.URL+"/_fake/plan", "", `{"monitoring": true}`).status)
	before := srv.Credits(srv.APIKey)

	routes := []struct{ method, path, key string }{
		{http.MethodPost, "/v1/search/company", srv.APIKey},
		{http.MethodPost, "/v1/search/person", srv.APIKey},
		{http.MethodPost, "/v1/monitor", srv.APIKey},
		{http.MethodPost, "/_fake/monitors/enable", ""},
		{http.MethodPost, "/_fake/plan", ""},
		{http.MethodPost, "/_fake/clock/advance", ""},
		{http.MethodPut, "/_fake/credits", ""},
		{http.MethodPost, "/_fake/faults", ""},
		{http.MethodPut, "/_fake/webhook", ""},
		{http.MethodPatch, "/_fake/companies/" + richID, ""},
	}
	for _, body := range []string{`null`, ` null `, `[]`, `"x"`, `42`, "{\"query\": {\"value\": \"M\xfcller\"}}", "\xff\xfe{}"} {
		for _, r := range routes {
			res := do(t, r.method, srv.URL+r.path, r.key, body)
			assert.Equal(t, http.StatusBadRequest, res.status, "%s %s %q: %s", r.method, r.path, body, res.body)
		}
	}
	assert.Equal(t, before, srv.Credits(srv.APIKey), "refused bodies cost nothing")
	var list struct {
		Items []struct {
			Disabled bool `json:"disabled"`
		} `json:"items"`
	}
	require.NoError(t, json.Unmarshal(do(t, http.MethodGet, srv.URL+"/v1/monitor", srv.APIKey, "").body, &list))
	require.Len(t, list.Items, 1)
	assert.True(t, list.Items[0].Disabled, "null on /_fake/monitors/enable enables nothing")
}
