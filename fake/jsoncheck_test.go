package fake

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestErrorMessagesSpeakJSON: answers never name the fake's Go types nor
// repeat the SDK's error prefix, and a huge bad request gets a small one.
func TestErrorMessagesSpeakJSON(t *testing.T) {
	t.Parallel() // a fake (or snapshots) of its own: runs beside the package's other parallel tests
	srv, _ := newTestServer(t)
	require.Equal(t, http.StatusNoContent, do(t, http.MethodPut, srv.URL+"/_fake/webhook", "",
		`{"url": "`+srv.InspectorURL("hook")+`", "secret": "`+testSecret+`"}`).status)
	cases := []struct{ method, path, key, body, mention string }{
		{http.MethodPost, "/v1/search/company", srv.APIKey, `{"filters": {"field": "city"}}`, `"filters": a JSON object where an array belongs`},
		{http.MethodPost, "/v1/search/company", srv.APIKey, `{"filters": [{"field": "city", "value": 5}]}`, `"filters.value": a JSON number where a string belongs`},
		{http.MethodPost, "/v1/search/person", srv.APIKey, `{"pagination": {"page": "1"}}`, `"pagination.page": a JSON string where an integer belongs`},
		{http.MethodPost, "/v1/search/company", srv.APIKey, `{"location": {"latitude": "52"}}`, `"location.latitude": a JSON string where a number belongs`},
		{http.MethodPost, "/v1/monitor", srv.APIKey, `{"entity_id": "DE-HRB-F1103-267645", "entity_type": "company", "preferences": []}`, "at least one preference"},
		{http.MethodPost, "/v1/monitor", srv.APIKey, `{"entity_id": 7}`, `"entity_id": a JSON number where a string belongs`},
		{http.MethodPost, "/_fake/clock/advance", "", `{"seconds": "ten"}`, `"seconds": a JSON string where a number belongs`},
		{http.MethodPatch, "/_fake/companies/" + richID, "", `{"register": "HRB"}`, "a JSON string where an object belongs"},
	}
	for _, tc := range cases {
		res := do(t, tc.method, srv.URL+tc.path, tc.key, tc.body)
		require.Equal(t, http.StatusBadRequest, res.status, "%s: %s", tc.body, res.body)
		msg := res.errorBody(t).Message
		assert.Contains(t, msg, tc.mention, tc.body)
		for _, leak := range []string{"Go ", "struct", "searchWire", "filters.Filter", "registerdata: invalid request", "json: "} {
			assert.NotContains(t, msg, leak, tc.body)
		}
	}

	var b strings.Builder
	b.WriteString(`{"filters": [`)
	for i := range 6_000 { // named one by one, their problems would take far more than 8 KiB
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"field":"cash"}`) // no key: one problem each
	}
	b.WriteString(`]}`)
	before := srv.Credits(srv.APIKey)
	res := do(t, http.MethodPost, srv.URL+"/v1/search/company", srv.APIKey, b.String())
	require.Equal(t, http.StatusBadRequest, res.status)
	assert.Less(t, len(res.body), 8<<10, "the answer to 6,000 bad filters stays small")
	assert.Contains(t, res.errorBody(t).Message, "and 5980 more problems")
	assert.Equal(t, before, srv.Credits(srv.APIKey))
}
