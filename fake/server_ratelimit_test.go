package fake

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRateLimit(t *testing.T) {
	srv, clk := newTestServer(t, WithRateLimit(2, 10*time.Second), WithCredits(1000))
	get := func() response { return do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "") }

	require.Equal(t, http.StatusOK, get().status)
	require.Equal(t, http.StatusOK, get().status)
	r := get()
	require.Equal(t, http.StatusTooManyRequests, r.status)
	assert.Equal(t, CodeRateLimited, r.errorBody(t).Code)
	// One token refills every 5 s.
	assert.Equal(t, "5", r.header.Get("Retry-After"))
	assert.Equal(t, int64(1000-20), srv.Credits(srv.APIKey), "a 429 costs nothing")

	clk.Advance(4 * time.Second)
	r = get()
	require.Equal(t, http.StatusTooManyRequests, r.status)
	secs, err := strconv.Atoi(r.header.Get("Retry-After"))
	require.NoError(t, err)
	assert.Equal(t, 1, secs)

	clk.Advance(time.Second)
	assert.Equal(t, http.StatusOK, get().status)
}

func TestRateLimitIsPerKey(t *testing.T) {
	srv, _ := newTestServer(t, WithRateLimit(1, time.Minute))
	srv.SetCredits("second-key", 100)
	assert.Equal(t, http.StatusOK, do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "").status)
	assert.Equal(t, http.StatusTooManyRequests, do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "").status)
	assert.Equal(t, http.StatusOK, do(t, "GET", srv.URL+"/v1/company/"+richID, "second-key", "").status)
}

func TestNoRateLimitByDefault(t *testing.T) {
	srv, _ := newTestServer(t)
	for i := 0; i < 50; i++ {
		require.Equal(t, http.StatusOK, do(t, "GET", srv.URL+"/v1/company/"+richID+"?export=true", srv.APIKey, "").status)
	}
}
