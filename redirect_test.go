package registerdata_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// authRecorder records the Authorization header of every request.
func authRecorder(t *testing.T, tlsServer bool) (*httptest.Server, *atomic.Value, *atomic.Int32) {
	var auth atomic.Value
	var hits atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		auth.Store(r.Header.Get("Authorization"))
		http.Error(w, `{"error":{"code":"not_found","message":"nothing here"}}`, http.StatusNotFound)
	})
	return testServer(t, tlsServer, h), &auth, &hits
}

// testServer starts h over TLS or plain http, closed when t ends.
func testServer(t *testing.T, tlsServer bool, h http.Handler) *httptest.Server {
	s := httptest.NewUnstartedServer(h)
	if tlsServer {
		s.StartTLS()
	} else {
		s.Start()
	}
	t.Cleanup(s.Close)
	return s
}

func redirectTo(t *testing.T, tlsServer bool, target string) *httptest.Server {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target+r.URL.Path, http.StatusTemporaryRedirect)
	})
	return testServer(t, tlsServer, h)
}

func TestRedirectToAnotherPortDropsTheKey(t *testing.T) {
	other, auth, hits := authRecorder(t, false)
	home := redirectTo(t, false, other.URL) // same host 127.0.0.1, another port
	c, err := registerdata.NewClient(registerdata.WithAPIKey("sk_test_KEY"), registerdata.WithBaseURL(home.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	require.ErrorIs(t, err, registerdata.ErrNotFound)
	require.Equal(t, int32(1), hits.Load(), "the redirect was followed")
	assert.Empty(t, auth.Load(), "the key must not reach another origin")
}

func TestRedirectFromHTTPSToHTTPIsRefused(t *testing.T) {
	plain, _, hits := authRecorder(t, false)
	home := redirectTo(t, true, plain.URL)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("sk_test_KEY"), registerdata.WithBaseURL(home.URL),
		registerdata.WithHTTPClient(home.Client()), registerdata.WithMaxRetries(0))
	require.NoError(t, err)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "https to http")
	assert.Zero(t, hits.Load(), "nothing may be sent in clear")
}

func TestRedirectWithinTheOriginKeepsTheKey(t *testing.T) {
	var auth atomic.Value
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/company/DE-HRB-X1-1", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/v1/company/DE-HRB-X1-2", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/v1/company/DE-HRB-X1-2", func(w http.ResponseWriter, r *http.Request) {
		auth.Store(r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"id": "DE-HRB-X1-2"})
	})
	s := httptest.NewServer(mux)
	t.Cleanup(s.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("sk_test_KEY"), registerdata.WithBaseURL(s.URL))
	require.NoError(t, err)
	co, err := c.GetCompany(context.Background(), "DE-HRB-X1-1", nil)
	require.NoError(t, err)
	assert.Equal(t, "DE-HRB-X1-2", co.ID)
	assert.Equal(t, "Bearer sk_test_KEY", auth.Load())
}
