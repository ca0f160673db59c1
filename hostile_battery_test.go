package registerdata_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// hostileKey is the API key of the battery's clients: like hostileSecret,
// it must never show in an error, a log line or a printed form.
const hostileKey = "sk_live_hostile-4f1c9a-KEY"

// hostileServer is the service as the battery plays it: each scenario
// answers through handle, and the server keeps what it would have billed.
type hostileServer struct {
	srv      *httptest.Server
	received atomic.Int64 // requests that reached the server
	billed   atomic.Int64 // of them, those the service did the work for
	conns    sync.Map     // remote address -> true: connections seen
}

// bill counts a request the service did the work for.
func (h *hostileServer) bill() { h.billed.Add(1) }

// hostileScenario is one entry of the battery.
type hostileScenario struct {
	name string
	// handle answers one request; it calls h.bill when the service would
	// have charged for it.
	handle func(h *hostileServer, w http.ResponseWriter, r *http.Request)
	// opts are extra client options; timeout bounds the call.
	opts    []registerdata.Option
	timeout time.Duration
	// calls is how many times the operation is called on one client
	// (default 1); the later calls reuse the first one's connection.
	calls int
	// check asserts what this scenario promises beyond the common checks
	// (no panic, billing, budget, secrets, time under the context).
	check func(t *testing.T, name string, op hostileOp, h *hostileServer, err error)
}

// hijackClose drops the connection without an answer.
func hijackClose(w http.ResponseWriter) {
	if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
		conn.Close()
	}
}

func answer(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// mustFailAsUnexpected: a 2xx the client cannot use is ErrUnexpectedResponse
// (operations that decode nothing may succeed).
func mustFailAsUnexpected(t *testing.T, name string, op hostileOp, _ *hostileServer, err error) {
	if err == nil && (name == "deleteMonitor" || name == "setTransparencyCredentials") {
		return
	}
	assert.ErrorIs(t, err, registerdata.ErrUnexpectedResponse, name)
}

// redirectTarget is the other origin the redirect scenarios point to; it
// records what reaches it.
type redirectTarget struct {
	srv  *httptest.Server
	mu   sync.Mutex
	seen []string // method, Authorization and body of each request
}

var hostileScenarios = []hostileScenario{
	{name: "malformed body", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		answer(w, http.StatusOK, `{"id":"DE-HRB-F1103-267645","results":[{"na`)
	}, check: mustFailAsUnexpected},
	{name: "mistyped body", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		answer(w, http.StatusOK, `{"id":5,"company_id":[],"results":"many","owners":{},"items":7,"reports":true,"ubos":1,"holdings":"x","management_positions":{}}`)
	}, check: mustFailAsUnexpected},
	{name: "array for an object", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		answer(w, http.StatusOK, `[{"id":"DE-HRB-F1103-267645"}]`)
	}, check: mustFailAsUnexpected},
	{name: "reset mid-body", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		w.Header().Set("Content-Length", "4096")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, `{"id":"DE-HRB-F1103-267645","name":`)
		http.NewResponseController(w).Flush()
		hijackClose(w)
	}, check: func(t *testing.T, name string, _ hostileOp, _ *hostileServer, err error) {
		assert.Error(t, err, name)
	}},
	{name: "keep-alive death before the answer", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill() // the service may have done the work before the connection died
		if _, reused := h.conns.LoadOrStore(r.RemoteAddr, true); reused {
			hijackClose(w)
			return
		}
		answer(w, http.StatusOK, `{}`)
	}, calls: 3, opts: []registerdata.Option{registerdata.WithMaxRetries(0)}},
	{name: "503 storm with a day's Retry-After and X-Should-Retry", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "86400")
		w.Header().Set("X-Should-Retry", "true")
		answer(w, http.StatusServiceUnavailable, `{"error":{"message":"down"}}`)
	}, opts: []registerdata.Option{registerdata.WithMaxRetries(3), registerdata.WithRetryWait(time.Millisecond, 10*time.Millisecond, 50*time.Millisecond)},
		check: func(t *testing.T, name string, _ hostileOp, h *hostileServer, err error) {
			assert.ErrorIs(t, err, registerdata.ErrServer, name)
			assert.LessOrEqual(t, h.received.Load(), int64(4), "%s: at most 1 + 3 retries", name)
		}},
	{name: "429 storm with X-Should-Retry", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "0")
		w.Header().Set("X-Should-Retry", "true")
		answer(w, http.StatusTooManyRequests, `{"error":{"message":"slow down"}}`)
	}, opts: []registerdata.Option{registerdata.WithMaxRetries(3), registerdata.WithRetryWait(time.Millisecond, 10*time.Millisecond, 50*time.Millisecond)},
		check: func(t *testing.T, name string, _ hostileOp, h *hostileServer, err error) {
			assert.ErrorIs(t, err, registerdata.ErrRateLimited, name)
			assert.LessOrEqual(t, h.received.Load(), int64(4), "%s: at most 1 + 3 retries", name)
		}},
	{name: "2xx with X-Should-Retry", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		w.Header().Set("X-Should-Retry", "true")
		answer(w, http.StatusOK, `{}`)
	}, opts: []registerdata.Option{registerdata.WithMaxRetries(3), registerdata.WithRetryWait(time.Millisecond, 10*time.Millisecond, 50*time.Millisecond)},
		check: func(t *testing.T, name string, _ hostileOp, h *hostileServer, _ error) {
			assert.Equal(t, int64(1), h.received.Load(), "%s: a 2xx is never retried", name)
		}},
	{name: "slow body", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusOK)
		_, _ = io.WriteString(w, `{"id":"`)
		for {
			if _, err := io.WriteString(w, "a"); err != nil {
				return
			}
			http.NewResponseController(w).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}, timeout: 150 * time.Millisecond, check: func(t *testing.T, name string, _ hostileOp, _ *hostileServer, err error) {
		assert.ErrorIs(t, err, context.DeadlineExceeded, name)
	}},
}

// redirectScenarios send every request on to another origin with 302,
// 307 and 308: the other origin must never see the key, nor a request
// with a body (or the password).
func redirectScenarios(target *redirectTarget) []hostileScenario {
	var out []hostileScenario
	for _, status := range []int{http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		out = append(out, hostileScenario{name: fmt.Sprintf("cross-origin %d", status),
			handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, target.srv.URL+r.URL.RequestURI(), status)
			},
			check: func(t *testing.T, name string, op hostileOp, _ *hostileServer, err error) {
				target.mu.Lock()
				seen := append([]string(nil), target.seen...)
				target.seen = nil
				target.mu.Unlock()
				for _, s := range seen {
					assert.NotContains(t, s, hostileKey, "%s %d: the key went to another origin", name, status)
					assert.NotContains(t, s, hostileSecret, "%s %d: the password went to another origin", name, status)
				}
				if op.method == http.MethodPost {
					assert.Empty(t, seen, "%s %d: a request with a body followed a redirect off its origin", name, status)
				}
			}})
	}
	return out
}

// TestHostileServerBattery runs every operation of api/openapi.yaml (the
// rows of hostileOps, which TestHostileSuiteCoversEveryOperation keeps
// complete) through every hostile scenario, and checks for each: no
// panic, the call returns within its context, CreditsSpent() >= what the
// server billed, the server never bills beyond the budget, and neither
// the error, its printed forms nor the client's log carries the API key
// or the password. Memory under hostile answers is
// TestHostileAnswersAllocateLessThanTheMemoryBound, over the same rows.
func TestHostileServerBattery(t *testing.T) {
	// Most of its time is waiting (the slow body's deadline, once per
	// operation), and it shares nothing: it waits beside the other
	// parallel tests instead of holding up the sequential ones.
	t.Parallel()
	target := &redirectTarget{}
	target.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		target.mu.Lock()
		target.seen = append(target.seen, r.Method+" "+r.Header.Get("Authorization")+" "+string(body))
		target.mu.Unlock()
		answer(w, http.StatusNotFound, `{"error":{"message":"other origin"}}`)
	}))
	t.Cleanup(target.srv.Close)
	scenarios := append(append([]hostileScenario{}, hostileScenarios...), redirectScenarios(target)...)

	names := make([]string, 0, len(hostileOps))
	for name := range hostileOps {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			for _, name := range names {
				runHostile(t, name, hostileOps[name], sc)
			}
		})
	}
}

// runHostile runs one operation through one scenario.
func runHostile(t *testing.T, name string, op hostileOp, sc hostileScenario) {
	t.Helper()
	h := &hostileServer{}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.received.Add(1)
		_, _ = io.Copy(io.Discard, r.Body)
		sc.handle(h, w, r)
	}))
	defer h.srv.Close()

	var logged bytes.Buffer
	var logMu sync.Mutex
	budget := 2 * max(op.cost, 1)
	opts := append([]registerdata.Option{
		registerdata.WithAPIKey(hostileKey), registerdata.WithBaseURL(h.srv.URL), registerdata.WithCreditBudget(budget),
		registerdata.WithLogger(slog.New(slog.NewJSONHandler(lockedWriter{&logMu, &logged}, &slog.HandlerOptions{Level: slog.LevelDebug}))),
		registerdata.WithRetryWait(time.Millisecond, 10*time.Millisecond, time.Second),
	}, sc.opts...)
	c, err := registerdata.NewClient(opts...)
	require.NoError(t, err)

	timeout := sc.timeout
	if timeout == 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	callErr := op.run(ctx, c, name)
	for i := 1; i < sc.calls; i++ {
		if err := op.run(ctx, c, name); err != nil {
			callErr = err // the last error is checked; each is bounded by ctx
		}
	}
	elapsed := time.Since(start)

	assert.Less(t, elapsed, timeout+time.Second, "%s: the call outlasted its context", name)
	billed := h.billed.Load() * op.cost
	assert.GreaterOrEqual(t, c.CreditsSpent(), billed, "%s: CreditsSpent must count every request the server billed", name)
	assert.LessOrEqual(t, billed, budget, "%s: the server billed beyond the budget", name)
	if sc.check != nil {
		sc.check(t, name, op, h, callErr)
	}

	logMu.Lock()
	outs := []string{logged.String()}
	logMu.Unlock()
	if callErr != nil {
		outs = append(outs, callErr.Error(), fmt.Sprintf("%+v", callErr), fmt.Sprintf("%#v", callErr))
		var apiErr *registerdata.APIError
		if errors.As(callErr, &apiErr) {
			outs = append(outs, apiErr.Message, string(apiErr.Body))
		}
		var respErr *registerdata.ResponseError
		if errors.As(callErr, &respErr) {
			outs = append(outs, string(respErr.Body))
		}
	}
	outs = append(outs, fmt.Sprintf("%+v", c), fmt.Sprintf("%#v", c))
	for _, out := range outs {
		assert.NotContains(t, out, hostileKey, "%s: the API key shows", name)
		assert.NotContains(t, out, hostileSecret, "%s: the password shows", name)
	}
}

// lockedWriter serializes a log's writes.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
