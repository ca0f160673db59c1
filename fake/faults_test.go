package fake

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFaultStatusForNextRequests(t *testing.T) {
	srv, _ := newTestServer(t, WithCredits(100))
	require.NoError(t, srv.InjectFault(Fault{Count: 2, Status: 503, RetryAfter: 7 * time.Second}))
	url := srv.URL + "/v1/company/" + richID

	for i := 0; i < 2; i++ {
		r := do(t, "GET", url, srv.APIKey, "")
		require.Equal(t, http.StatusServiceUnavailable, r.status)
		assert.Equal(t, "7", r.header.Get("Retry-After"))
		assert.Equal(t, CodeUnavailable, r.errorBody(t).Code)
	}
	assert.Equal(t, int64(100), srv.Credits(srv.APIKey), "faulted requests cost nothing")
	do(t, "GET", url, srv.APIKey, "").company(t)
	assert.Empty(t, srv.PendingFaults())
}

func TestFaultPathPrefixAndOrder(t *testing.T) {
	srv, _ := newTestServer(t)
	require.NoError(t, srv.InjectFault(Fault{PathPrefix: "/v1/search/", Count: 1, Status: 500}))
	require.NoError(t, srv.InjectFault(Fault{PathPrefix: "/v1/company/", Count: 1, Status: 502}))
	require.NoError(t, srv.InjectFault(Fault{PathPrefix: "/v1/", Count: 1, Status: 504}))

	url := srv.URL + "/v1/company/" + richID
	assert.Equal(t, http.StatusBadGateway, do(t, "GET", url, srv.APIKey, "").status, "the first matching fault applies")
	assert.Equal(t, http.StatusGatewayTimeout, do(t, "GET", url, srv.APIKey, "").status)
	assert.Equal(t, http.StatusOK, do(t, "GET", url, srv.APIKey, "").status)
	pending := srv.PendingFaults()
	require.Len(t, pending, 1, "the search fault is untouched")
	assert.Equal(t, "/v1/search/", pending[0].PathPrefix)

	// Control routes are never faulted, so a test can always clean up.
	require.NoError(t, srv.InjectFault(Fault{Count: 5, Status: 500}))
	assert.Equal(t, http.StatusOK, do(t, "GET", srv.URL+"/_fake/clock", "", "").status)
	assert.Equal(t, http.StatusNoContent, do(t, "DELETE", srv.URL+"/_fake/faults", "", "").status)
	assert.Empty(t, srv.PendingFaults())
	assert.Equal(t, http.StatusOK, do(t, "GET", url, srv.APIKey, "").status)
}

func TestFaultDropsConnection(t *testing.T) {
	srv, _ := newTestServer(t)
	require.NoError(t, srv.InjectFault(Fault{Count: 1, Drop: true}))
	req, err := http.NewRequest("GET", srv.URL+"/v1/company/"+richID, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+srv.APIKey)
	// A fresh transport: a dropped keep-alive connection must not be
	// retried transparently by a shared one.
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	res, err := client.Do(req)
	if err == nil {
		res.Body.Close()
	}
	require.Error(t, err, "the connection closes without an answer")
	res, err = client.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
}

func TestFaultLatency(t *testing.T) {
	srv, _ := newTestServer(t)
	require.NoError(t, srv.InjectFault(Fault{Count: 1, Latency: time.Minute}))
	req, err := http.NewRequest("GET", srv.URL+"/v1/company/"+richID, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+srv.APIKey)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err = checkedHTTP(t).Do(req.WithContext(ctx))
	require.Error(t, err)
	assert.True(t, errors.Is(err, context.DeadlineExceeded), "got %v", err)

	// Latency alone then lets the request through.
	require.NoError(t, srv.InjectFault(Fault{Count: 1, Latency: time.Millisecond}))
	r := do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "")
	assert.Equal(t, http.StatusOK, r.status)
}

func TestFaultValidation(t *testing.T) {
	srv, _ := newTestServer(t)
	for name, f := range map[string]Fault{
		"no count":          {Status: 500},
		"negative count":    {Count: -1, Status: 500},
		"success status":    {Count: 1, Status: 200},
		"status above 599":  {Count: 1, Status: 600},
		"status and drop":   {Count: 1, Status: 500, Drop: true},
		"retry-after alone": {Count: 1, RetryAfter: time.Second, Latency: time.Second},
		"nothing to do":     {Count: 1},
		"latency too long":  {Count: 1, Latency: time.Hour},
		"negative latency":  {Count: 1, Latency: -time.Second, Status: 500},
		"negative retry":    {Count: 1, Status: 503, RetryAfter: -time.Second},
	} {
		assert.Error(t, srv.InjectFault(f), name)
	}
	assert.Empty(t, srv.PendingFaults())
}

func TestFaultsOverHTTP(t *testing.T) {
	srv, _ := newTestServer(t)
	r := do(t, "POST", srv.URL+"/_fake/faults", "", `{"path_prefix": "/v1/company/", "count": 1, "status": 429, "retry_after_seconds": 3}`)
	require.Equal(t, http.StatusCreated, r.status, "body: %s", r.body)
	r = do(t, "GET", srv.URL+"/_fake/faults", "", "")
	assert.JSONEq(t, `{"faults": [{"path_prefix": "/v1/company/", "count": 1, "status": 429, "retry_after_seconds": 3}]}`, string(r.body))

	r = do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "")
	assert.Equal(t, http.StatusTooManyRequests, r.status)
	assert.Equal(t, "3", r.header.Get("Retry-After"))

	r = do(t, "POST", srv.URL+"/_fake/faults", "", `{"count": 1, "drop": true, "latency_ms": 5}`)
	require.Equal(t, http.StatusCreated, r.status)
	assert.Equal(t, []Fault{{Count: 1, Drop: true, Latency: 5 * time.Millisecond}}, srv.PendingFaults())

	for _, bad := range []string{`{"count": 0, "status": 500}`, `{"count": 1, "status": 500, "colour": "red"}`, `not json`, `{"count": 1, "status": 500} {}`} {
		r = do(t, "POST", srv.URL+"/_fake/faults", "", bad)
		assert.Equal(t, http.StatusBadRequest, r.status, bad)
		assert.Equal(t, CodeInvalidRequest, r.errorBody(t).Code, bad)
	}
}
