package registerdata_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptrace"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// scriptedTransport plays what a transport reports through the
// request's client trace (a connection obtained, writes made or failed)
// and then answers status, or fails when status is 0. It sends nothing.
type scriptedTransport struct {
	gotConn    bool
	reused     bool  // the connection obtained was a reused one
	writes     int   // successful writes reported
	writeErr   error // a failed write reported after them, when set
	status     int   // 0: the round trip fails
	roundTrips int
}

func (s *scriptedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	s.roundTrips++
	tr := httptrace.ContextClientTrace(r.Context())
	if tr == nil {
		return nil, errors.New("no client trace on the request")
	}
	if s.gotConn && tr.GotConn != nil {
		c1, c2 := net.Pipe()
		defer c1.Close()
		defer c2.Close()
		tr.GotConn(httptrace.GotConnInfo{Conn: c1, Reused: s.reused})
	}
	for range s.writes {
		if tr.WroteRequest != nil {
			tr.WroteRequest(httptrace.WroteRequestInfo{})
		}
	}
	if s.writeErr != nil && tr.WroteRequest != nil {
		tr.WroteRequest(httptrace.WroteRequestInfo{Err: s.writeErr})
	}
	if r.Body != nil {
		r.Body.Close()
	}
	if s.status == 0 {
		return nil, &net.OpError{Op: "read", Net: "tcp", Err: errors.New("connection reset by peer")}
	}
	return &http.Response{StatusCode: s.status, Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader("{}")), Request: r}, nil
}

// TestWriteBillingRules checks each rule of billing at the write (see
// writeCounter) with a transport that reports exactly the connection and
// the writes of the case: CreditsSpent is what the service may have
// billed, no more and no less.
func TestWriteBillingRules(t *testing.T) {
	const cost = 7
	for _, tc := range []struct {
		name string
		tr   scriptedTransport
		want int64 // writes charged
	}{
		// A connection was obtained, no write reported, no write failed, and the
		// round trip failed: the request may have gone out, so it is charged.
		{"connection, no write seen, error", scriptedTransport{gotConn: true}, 1},
		{"no connection, error", scriptedTransport{}, 0},
		{"connection, write failed, error", scriptedTransport{gotConn: true, writeErr: errors.New("broken pipe")}, 0},
		{"one write, answer lost", scriptedTransport{gotConn: true, writes: 1}, 1},
		{"two writes, answer lost", scriptedTransport{gotConn: true, writes: 2}, 2},
		// A 2xx after the transport wrote the request twice: both writes are charged.
		{"two writes, 2xx", scriptedTransport{gotConn: true, writes: 2, status: http.StatusOK}, 2},
		{"one write, 2xx", scriptedTransport{gotConn: true, writes: 1, status: http.StatusOK}, 1},
		{"no write seen, 2xx", scriptedTransport{gotConn: true, status: http.StatusOK}, 1},
		{"three writes, 2xx", scriptedTransport{gotConn: true, writes: 3, status: http.StatusOK}, 3},
		// Another answer is not charged; only the transport's extra writes are.
		{"one write, 404", scriptedTransport{gotConn: true, writes: 1, status: http.StatusNotFound}, 0},
		{"two writes, 404", scriptedTransport{gotConn: true, writes: 2, status: http.StatusNotFound}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := tc.tr
			c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL("https://api.example.test"),
				registerdata.WithHTTPClient(&http.Client{Transport: &tr}), registerdata.WithMaxRetries(0),
				registerdata.WithCreditBudget(1000))
			require.NoError(t, err)
			err = c.Do(context.Background(), http.MethodGet, "/v1/credits", nil, nil, registerdata.WithCost(cost))
			require.Equal(t, 1, tr.roundTrips)
			if tc.tr.status == http.StatusOK {
				require.NoError(t, err)
			} else {
				require.Error(t, err)
			}
			assert.Equal(t, tc.want*cost, c.CreditsSpent(), "credits spent: %d writes charged", tc.want)
			left, _ := c.CreditsRemaining()
			assert.Equal(t, 1000-tc.want*cost, left, "the budget holds nothing once the call has ended")
		})
	}
}

// sequenceTransport plays one scriptedTransport per round trip.
type sequenceTransport struct {
	steps []scriptedTransport
	n     int
}

func (s *sequenceTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	step := &s.steps[min(s.n, len(s.steps)-1)]
	s.n++
	return step.RoundTrip(r)
}

// TestDeadReusedConnectionIsResentOnceForFree: a request whose reused
// keep-alive connection was dead before it went out (no write made) is
// sent again once, as http.Transport would, outside the retry budget and
// at no cost; one that went out over it is not (the service may have
// processed it), and is charged.
func TestDeadReusedConnectionIsResentOnceForFree(t *testing.T) {
	const cost = 7
	run := func(first scriptedTransport) (*sequenceTransport, *registerdata.Client, error) {
		first.reused = true
		seq := &sequenceTransport{steps: []scriptedTransport{first, {gotConn: true, writes: 1, status: http.StatusOK}}}
		c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL("https://api.example.test"),
			registerdata.WithHTTPClient(&http.Client{Transport: seq}), registerdata.WithMaxRetries(0))
		require.NoError(t, err)
		return seq, c, c.Do(context.Background(), http.MethodPost, "/v1/monitor", json.RawMessage(`{}`), nil, registerdata.WithCost(cost))
	}
	seq, c, err := run(scriptedTransport{gotConn: true, writeErr: errors.New("broken pipe")})
	require.NoError(t, err, "a request that never went out is sent again")
	assert.Equal(t, 2, seq.n)
	assert.Equal(t, int64(cost), c.CreditsSpent(), "only the answered write is charged")

	seq, c, err = run(scriptedTransport{gotConn: true, writes: 1})
	require.Error(t, err, "a request that went out is not sent again without a retry left")
	assert.Equal(t, 1, seq.n)
	assert.Equal(t, int64(cost), c.CreditsSpent(), "the write whose answer was lost is charged")
}
