package fake

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHealthzAnswersOKWithoutKeyUnderAnyHostAndDespiteFaults: a
// container's health check polls GET /healthz with no key, under the
// host name the container runtime gives it, while a test may have
// faults pending on every path.
func TestHealthzAnswersOKWithoutKeyUnderAnyHostAndDespiteFaults(t *testing.T) {
	srv, _ := newTestServer(t)
	require.NoError(t, srv.InjectFault(Fault{PathPrefix: "/", Status: http.StatusServiceUnavailable, Count: 5}))

	req, err := http.NewRequest(http.MethodGet, srv.URL+HealthPath, nil)
	require.NoError(t, err)
	req.Host = "registerfake:8080"
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)

	got := do(t, http.MethodGet, srv.URL+HealthPath, "", "")
	assert.Equal(t, http.StatusOK, got.status)
	assert.JSONEq(t, `{"status": "ok"}`, string(got.body))
}
