package fake

import (
	"net/http"
	"testing"
	"time"

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
