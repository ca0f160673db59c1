package fake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// monitorBody is a monitor create as the official clients send it.
const monitorBody = `{"entity_id": "DE-HRB-F1103-267645", "entity_type": "company", "preferences": ["basic"]}`

// TestShouldRetryHeader: answers that must not be retried say so; 429,
// 5xx and successes do not.
func TestShouldRetryHeader(t *testing.T) {
	srv, _ := newTestServer(t, WithRateLimit(1000, time.Second))
	require.Equal(t, http.StatusNoContent, do(t, http.MethodPut, srv.URL+"/_fake/webhook", "",
		`{"url": "`+srv.InspectorURL("hook")+`", "secret": "`+testSecret+`"}`).status)

	first := do(t, http.MethodPost, srv.URL+"/v1/monitor", srv.APIKey, monitorBody)
	require.Equal(t, http.StatusCreated, first.status, "body: %s", first.body)
	assert.Empty(t, first.header.Values("X-Should-Retry"))
	second := do(t, http.MethodPost, srv.URL+"/v1/monitor", srv.APIKey, monitorBody)
	require.Equal(t, http.StatusConflict, second.status)
	assert.Equal(t, []string{"false"}, second.header.Values("X-Should-Retry"), "a second create conflicts again")

	final := map[string]response{
		"400":         do(t, http.MethodPost, srv.URL+"/v1/search/company", srv.APIKey, `{"filters": [{"field": "colour", "value": "red"}]}`),
		"401":         do(t, http.MethodGet, srv.URL+"/v1/company/"+richID, "", ""),
		"404":         do(t, http.MethodGet, srv.URL+"/v1/company/DE-HRB-X0000-1", srv.APIKey, ""),
		"404 route":   do(t, http.MethodGet, srv.URL+"/v1/nothing", srv.APIKey, ""),
		"400 control": do(t, http.MethodPost, srv.URL+"/_fake/clock/advance", "", `{"seconds": -1}`),
	}
	require.Equal(t, http.StatusOK, do(t, http.MethodPut, srv.URL+"/_fake/credits?key=poor", "", `{"credits": 0}`).status)
	final["402"] = do(t, http.MethodGet, srv.URL+"/v1/company/"+richID, "poor", "")
	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/_fake/faults", "", `{"path_prefix": "/v1/company/", "count": 1, "status": 404}`).status)
	final["404 injected"] = do(t, http.MethodGet, srv.URL+"/v1/company/"+richID, srv.APIKey, "")
	for name, res := range final {
		assert.GreaterOrEqual(t, res.status, 400, name)
		assert.Equal(t, []string{"false"}, res.header.Values("X-Should-Retry"), "%s: %d %s", name, res.status, res.body)
	}

	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/_fake/faults", "", `{"path_prefix": "/v1/company/", "count": 1, "status": 503}`).status)
	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/_fake/faults", "", `{"path_prefix": "/v1/company/", "count": 1, "status": 429}`).status)
	for _, want := range []int{http.StatusServiceUnavailable, http.StatusTooManyRequests, http.StatusOK} {
		res := do(t, http.MethodGet, srv.URL+"/v1/company/"+richID, srv.APIKey, "")
		require.Equal(t, want, res.status)
		assert.Empty(t, res.header.Values("X-Should-Retry"), "%d may be retried", want)
	}
}

// TestStandardWebhooksVerifiesDeliveryAfterClockAdvance: the provider's
// own library, with its default wall clock, verifies a delivery made
// after the fake clock moved 8 days ahead.
func TestStandardWebhooksVerifiesDeliveryAfterClockAdvance(t *testing.T) {
	srv, clk := newTestServer(t)
	require.Equal(t, http.StatusNoContent, do(t, http.MethodPut, srv.URL+"/_fake/webhook", "",
		`{"url": "`+srv.InspectorURL("hook")+`", "secret": "`+testSecret+`"}`).status)
	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/v1/monitor", srv.APIKey, monitorBody).status)
	patch := do(t, http.MethodPatch, srv.URL+"/_fake/companies/"+richID, "", `{"name": {"name": "Nordlicht Solar GmbH"}}`)
	require.Equal(t, http.StatusOK, patch.status, "body: %s", patch.body)
	require.Equal(t, http.StatusOK, do(t, http.MethodPost, srv.URL+"/_fake/clock/advance", "", `{"seconds": 691200}`).status)
	assert.Equal(t, testStart.Add(8*24*time.Hour), clk.Now())

	res := do(t, http.MethodGet, srv.URL+"/_fake/inspector/hook/requests", "", "")
	var got []struct {
		Header http.Header `json:"header"`
		Body   string      `json:"body"`
	}
	require.NoError(t, json.Unmarshal(res.body, &got))
	require.Len(t, got, 1, "the weekly check delivered the rename")
	lib, err := standardwebhooks.NewWebhook(testSecret)
	require.NoError(t, err)
	require.NoError(t, lib.Verify([]byte(got[0].Body), got[0].Header))
	var ev struct {
		DetectedAt time.Time `json:"detected_at"`
	}
	require.NoError(t, json.Unmarshal([]byte(got[0].Body), &ev))
	assert.Equal(t, testStart.Add(7*24*time.Hour), ev.DetectedAt, "detected_at follows the fake clock")
}

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

// TestInspectorIsBounded: bins, requests per bin and bytes are bounded,
// the oldest dropped first.
func TestInspectorIsBounded(t *testing.T) {
	srv, _ := newTestServer(t)
	in := &srv.monitoring().inspector
	in.mu.Lock()
	in.maxBins, in.maxRequests, in.maxBytes = 2, 3, 64<<10
	in.mu.Unlock()
	post := func(bin, body string) {
		require.Equal(t, http.StatusOK, do(t, http.MethodPost, srv.InspectorURL(bin), "", body).status)
	}
	for i := range 5 {
		post("a", fmt.Sprintf(`{"n": %d}`, i))
	}
	got := srv.InspectedRequests("a")
	require.Len(t, got, 3, "requests per bin")
	assert.Equal(t, `{"n": 2}`, got[0].Body, "the oldest went first")

	post("b", `{}`)
	post("c", `{}`)
	assert.Empty(t, srv.InspectedRequests("a"), "the least recently used bin went first")
	assert.Len(t, srv.InspectedRequests("c"), 1)

	big := `"` + strings.Repeat("x", 30<<10) + `"`
	post("b", big)
	post("c", big)
	post("c", big)
	in.mu.Lock()
	kept := in.bytes
	in.mu.Unlock()
	assert.LessOrEqual(t, kept, 64<<10)
	assert.Len(t, srv.InspectedRequests("b"), 0, "the oldest requests anywhere went first")
	assert.Len(t, srv.InspectedRequests("c"), 2)
}
