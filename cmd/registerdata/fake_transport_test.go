package main

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/fake"
)

// twinFakes starts two fakes in the same state: what one answers over the
// network the other must answer in process, byte for byte.
func twinFakes(t *testing.T) (network, inproc *fake.Server) {
	t.Helper()
	start := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	a := fake.NewServer(fake.WithSeed(7), fake.WithClock(fake.NewClock(start)))
	b := fake.NewServer(fake.WithSeed(7), fake.WithClock(fake.NewClock(start)))
	t.Cleanup(a.Close)
	t.Cleanup(b.Close)
	return a, b
}

// rawCall is a request to send to both fakes. With chunked, the body's
// length is unknown to the client (it is sent chunked); with noHost, the
// request leaves its Host to the URL.
type rawCall struct {
	method, path, body string
	contentType        string
	chunked, noHost    bool
}

func (c rawCall) request(t *testing.T, srv *fake.Server) *http.Request {
	t.Helper()
	var body io.Reader
	if c.body != "" {
		body = strings.NewReader(c.body)
		if c.chunked {
			body = io.MultiReader(body)
		}
	}
	req, err := http.NewRequest(c.method, srv.URL+c.path, body)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+srv.APIKey)
	if c.noHost {
		req.Host = ""
	}
	if c.contentType == "" && c.body != "" {
		c.contentType = "application/json"
	}
	if c.contentType != "" {
		req.Header.Set("Content-Type", c.contentType)
	}
	return req
}

// answer is what a response says, its Date aside.
type answer struct {
	status int
	length int64
	header http.Header
	body   string
}

// readAnswer reads resp, with the fake's own address srv.URL (in document
// links) written as FAKE.
func readAnswer(t *testing.T, srv *fake.Server, resp *http.Response) answer {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	if resp.Request.Method != http.MethodHead {
		require.EqualValues(t, len(b), resp.ContentLength, "Content-Length")
	}
	h := resp.Header.Clone()
	require.NotEmpty(t, h.Get("Date"), "a response has a Date")
	h.Del("Date")
	return answer{status: resp.StatusCode, length: resp.ContentLength, header: h, body: strings.ReplaceAll(string(b), srv.URL, "FAKE")}
}

func TestInProcessFakeAnswersAsTheNetworkDoes(t *testing.T) {
	network, inproc := twinFakes(t)
	rt, err := newInProcess(inproc, errTransport{})
	require.NoError(t, err)
	calls := []rawCall{
		{method: "GET", path: "/v1/company/DE-HRB-F1103-267645"},
		{method: "GET", path: "/v1/company/DE-HRB-M-000001"},                              // 404 with a request id
		{method: "GET", path: "/v1/company/..%2Fmonitor"},                                 // a hostile id
		{method: "POST", path: "/v1/search/company", body: `{"query":{"value":"Solar"}}`}, // a paid search
		{method: "POST", path: "/v1/search/company", body: `{"query":`},                   // malformed JSON: 400
		{method: "GET", path: "/v1/company/DE-HRB-F1103-267645/owners?export=false"},
		{method: "HEAD", path: "/v1/company/DE-HRB-F1103-267645"},
		// Controls need a loopback Host, and refuse a body that is not JSON,
		// of a known length or not.
		{method: "PUT", path: "/_fake/credits", body: `{"credits": 3}`, noHost: true},
		{method: "PUT", path: "/_fake/credits", body: `{"credits": 4}`, contentType: "text/plain"},
		{method: "PUT", path: "/_fake/credits", body: `{"credits": 5}`, contentType: "text/plain", chunked: true},
		{method: "GET", path: "/_fake/credits"},
		{method: "POST", path: "/v1/search/company", body: `{"query":{"value":"Solar"}}`}, // now 402
		{method: "GET", path: "/v1/credits"},
		{method: "GET", path: "/nowhere"},
	}
	for _, c := range calls {
		resp, err := http.DefaultClient.Do(c.request(t, network))
		require.NoError(t, err, "%s %s over the network", c.method, c.path)
		want := readAnswer(t, network, resp)
		resp, err = rt.RoundTrip(c.request(t, inproc))
		require.NoError(t, err, "%s %s in process", c.method, c.path)
		got := readAnswer(t, inproc, resp)
		require.Equal(t, want, got, "%s %s", c.method, c.path)
	}
}

// errTransport refuses every request: the in-process transport must not
// pass on what is addressed to the fake.
type errTransport struct{}

var errNotTheFake = errors.New("sent past the fake")

func (errTransport) RoundTrip(*http.Request) (*http.Response, error) { return nil, errNotTheFake }

func TestInProcessFakeDropIsAnError(t *testing.T) {
	_, srv := twinFakes(t)
	require.NoError(t, srv.InjectFault(fake.Fault{PathPrefix: "/v1/company/", Drop: true, Count: 1}))
	rt, err := newInProcess(srv, errTransport{})
	require.NoError(t, err)
	call := rawCall{method: "GET", path: "/v1/company/DE-HRB-F1103-267645"}
	resp, err := rt.RoundTrip(call.request(t, srv))
	require.ErrorIs(t, err, errDropped)
	require.Nil(t, resp)
	resp, err = rt.RoundTrip(call.request(t, srv)) // the fault was used up
	require.NoError(t, err)
	require.Equal(t, http.StatusOK, readAnswer(t, srv, resp).status)
}

func TestInProcessFakePassesOtherHostsOn(t *testing.T) {
	_, srv := twinFakes(t)
	rt, err := newInProcess(srv, errTransport{})
	require.NoError(t, err)
	for _, u := range []string{"http://example.com/v1/credits", "https://" + strings.TrimPrefix(srv.URL, "http://") + "/v1/credits"} {
		req, err := http.NewRequest("GET", u, nil)
		require.NoError(t, err)
		_, err = rt.RoundTrip(req)
		require.ErrorIs(t, err, errNotTheFake, u)
	}
}
