package fake

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/contract"
)

// richID is the curated company the quickstart prints.
const richID = "DE-HRB-F1103-267645"

// testStart is the fake clock's start in tests.
var testStart = time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC)

// newTestServer starts a fake on a manual clock and closes it with the test.
func newTestServer(t *testing.T, opts ...Option) (*Server, *Clock) {
	t.Helper()
	clk := NewClock(testStart)
	srv := NewServer(append([]Option{WithClock(clk)}, opts...)...)
	t.Cleanup(srv.Close)
	return srv, clk
}

// checkedHTTP returns an HTTP client whose every exchange under /v1/ is
// checked against api/openapi.yaml.
func checkedHTTP(t testing.TB, opts ...contract.Option) *http.Client {
	return &http.Client{Transport: contract.Transport(t, nil, opts...)}
}

// newSDKClient returns an SDK client for srv whose traffic is checked
// against api/openapi.yaml.
func newSDKClient(t testing.TB, srv *Server, opts ...registerdata.Option) *registerdata.Client {
	t.Helper()
	base := []registerdata.Option{registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithHTTPClient(checkedHTTP(t))}
	c, err := registerdata.NewClient(append(base, opts...)...)
	require.NoError(t, err)
	return c
}

// response is a finished HTTP exchange, body read.
type response struct {
	status int
	header http.Header
	body   []byte
}

// do sends a request with an optional bearer key ("" sends none) and
// optional JSON body, and reads the whole answer.
func do(t *testing.T, method, url, key, body string) response {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, url, rd)
	require.NoError(t, err)
	if key != "" {
		req.Header.Set("Authorization", "Bearer "+key)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	// Every answer is checked against api/openapi.yaml; the requests of
	// these tests may be malformed on purpose.
	res, err := checkedHTTP(t, contract.AllowInvalidRequests()).Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return response{status: res.StatusCode, header: res.Header, body: b}
}

// errorBody decodes an error body and returns its code and message.
func (r response) errorBody(t *testing.T) registerdata.ErrorDetail {
	t.Helper()
	var e registerdata.ErrorBody
	require.NoError(t, json.Unmarshal(r.body, &e), "body: %s", r.body)
	return e.Error
}

// company decodes a 200 body as a company.
func (r response) company(t *testing.T) registerdata.Company {
	t.Helper()
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
	var c registerdata.Company
	require.NoError(t, json.Unmarshal(r.body, &c))
	return c
}
