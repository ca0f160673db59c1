package fake

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// seededRun starts a fake with seed, does the same things every time
// and returns what should repeat: ids, a lookup's exact answer, request
// ids, webhook ids.
func seededRun(t *testing.T, seed int64) (ids []string, lookup string, requestIDs []string, webhookIDs []string) {
	t.Helper()
	s := newMonitorSetup(t, WithSeed(seed), WithGenerated(50))
	ids = s.srv.CompanyIDs()
	gen := ids[len(ids)-1]
	for _, path := range []string{"/v1/company/" + richID, "/v1/company/" + gen, "/v1/company/" + gen + "/financials"} {
		r := do(t, http.MethodGet, s.srv.URL+path, s.srv.APIKey, "")
		require.Equal(t, http.StatusOK, r.status, "%s", r.body)
		requestIDs = append(requestIDs, r.header.Get("X-Request-Id"))
		if lookup == "" {
			lookup = strings.ReplaceAll(string(r.body), s.srv.URL, "BASE") // the port differs per run
		}
	}
	s.monitor(t, companyMonitor(richID, enums.PreferenceBasic))
	for _, name := range []string{"Nordlicht Eins GmbH", "Nordlicht Zwei GmbH"} {
		s.update(t, richID, renameTo(name))
		s.clk.Advance(week)
	}
	for _, d := range s.srv.Deliveries() {
		webhookIDs = append(webhookIDs, d.ID)
	}
	return ids, lookup, requestIDs, webhookIDs
}

// TestWithSeedRepeatsARun: the same seed gives the same generated
// register, the same answers (presigned addresses included), request ids
// and webhook ids; another seed other webhook ids and signatures.
func TestWithSeedRepeatsARun(t *testing.T) {
	ids1, lookup1, req1, hooks1 := seededRun(t, 42)
	ids2, lookup2, req2, hooks2 := seededRun(t, 42)
	assert.Equal(t, ids1, ids2)
	assert.Equal(t, lookup1, lookup2, "the same answer byte for byte, signatures of presigned addresses included")
	assert.Equal(t, req1, req2)
	require.Len(t, hooks1, 2)
	assert.Equal(t, hooks1, hooks2)
	assert.NotEqual(t, hooks1[0], hooks1[1])

	_, lookup3, _, hooks3 := seededRun(t, 43)
	assert.NotEqual(t, hooks1, hooks3, "another seed, other webhook ids")
	assert.NotEqual(t, lookup1, lookup3, "another seed, other signatures")
}

// lookups sends n company lookups and returns their statuses.
func lookups(t *testing.T, srv *Server, n int) []int {
	t.Helper()
	out := make([]int, n)
	for i := range out {
		out[i] = do(t, http.MethodGet, srv.URL+"/v1/company/"+richID, srv.APIKey, "").status
	}
	return out
}

// lookupsInProcess is lookups through the server's handler, without a
// connection or the contract check of each answer: for the hundreds of
// lookups that only count statuses.
func lookupsInProcess(srv *Server, n int) []int {
	h := srv.Handler()
	out := make([]int, n)
	for i := range out {
		req := httptest.NewRequest(http.MethodGet, "/v1/company/"+richID, nil)
		req.Header.Set("Authorization", "Bearer "+srv.APIKey)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		out[i] = rec.Code
	}
	return out
}

// TestFaultProbability: "5 % of company lookups answer 503", the same
// lookups on every run with a seed; other requests are untouched.
func TestFaultProbability(t *testing.T) {
	run := func(seed int64) []int {
		srv, _ := newTestServer(t, WithSeed(seed))
		require.NoError(t, srv.InjectFault(Fault{PathPrefix: "/v1/company/", Method: http.MethodGet, Probability: 0.05, Status: 503}))
		statuses := lookupsInProcess(srv, 400)
		assert.Equal(t, http.StatusOK, do(t, http.MethodPost, srv.URL+"/v1/search/company", srv.APIKey, `{}`).status, "another path")
		pending := srv.PendingFaults()
		require.Len(t, pending, 1, "a fault without a count stays until cleared")
		assert.Zero(t, pending[0].Count)
		return statuses
	}
	first := run(7)
	failed := 0
	for _, st := range first {
		require.Contains(t, []int{200, 503}, st)
		if st == 503 {
			failed++
		}
	}
	assert.True(t, failed >= 5 && failed <= 40, "about 5 %% of 400 lookups fail: %d did", failed)
	assert.Equal(t, first, run(7), "the same seed fails the same lookups")
	assert.NotEqual(t, first, run(8))

	t.Run("count bounds a probabilistic fault", func(t *testing.T) {
		srv, _ := newTestServer(t, WithSeed(1))
		require.NoError(t, srv.InjectFault(Fault{Probability: 0.5, Count: 3, Status: 500}))
		failed := 0
		for _, st := range lookupsInProcess(srv, 60) {
			if st == 500 {
				failed++
			}
		}
		assert.Equal(t, 3, failed)
		assert.Empty(t, srv.PendingFaults())
	})
}

// recordSleeps makes srv record its waits instead of sleeping.
func recordSleeps(waits *[]time.Duration, mu *sync.Mutex) Option {
	return withSetup(func(s *Server) {
		s.sleeper = func(context.Context, time.Duration) bool { return true }
		s.sleeper = func(_ context.Context, d time.Duration) bool {
			mu.Lock()
			defer mu.Unlock()
			*waits = append(*waits, d)
			return true
		}
	})
}

// TestLatencyOfEveryCall: "every call takes 20-80 ms", drawn again with
// the same seed; control routes never wait. No test sleeps: the waits
// are recorded.
func TestLatencyOfEveryCall(t *testing.T) {
	run := func(seed int64) []time.Duration {
		var waits []time.Duration
		var mu sync.Mutex
		srv, _ := newTestServer(t, WithSeed(seed), recordSleeps(&waits, &mu), WithLatency(20*time.Millisecond, 80*time.Millisecond))
		lookups(t, srv, 50)
		do(t, http.MethodGet, srv.URL+"/_fake/clock", "", "")
		mu.Lock()
		defer mu.Unlock()
		return append([]time.Duration(nil), waits...)
	}
	waits := run(3)
	require.Len(t, waits, 50, "one wait per API call, none for the control route")
	distinct := map[time.Duration]bool{}
	for _, d := range waits {
		assert.True(t, d >= 20*time.Millisecond && d <= 80*time.Millisecond, "%v", d)
		distinct[d] = true
	}
	assert.Greater(t, len(distinct), 10, "latencies are drawn, not fixed")
	assert.Equal(t, waits, run(3))

	t.Run("over HTTP, with a fault's latency range", func(t *testing.T) {
		var waits []time.Duration
		var mu sync.Mutex
		srv, _ := newTestServer(t, WithSeed(3), recordSleeps(&waits, &mu))
		r := do(t, http.MethodPut, srv.URL+"/_fake/latency", "", `{"min_ms": 5, "max_ms": 5}`)
		require.Equal(t, http.StatusOK, r.status, "%s", r.body)
		r = do(t, http.MethodPost, srv.URL+"/_fake/faults", "", `{"count": 1, "probability": 1, "latency_ms": 100, "latency_max_ms": 200, "status": 503}`)
		require.Equal(t, http.StatusCreated, r.status, "%s", r.body)
		assert.Equal(t, []int{503, 200}, lookups(t, srv, 2))
		mu.Lock()
		defer mu.Unlock()
		require.Len(t, waits, 3)
		assert.Equal(t, 5*time.Millisecond, waits[0])
		assert.True(t, waits[1] >= 100*time.Millisecond && waits[1] <= 200*time.Millisecond, "%v", waits[1])
		assert.Equal(t, 5*time.Millisecond, waits[2])
		for _, bad := range []string{`{"min_ms": 10}`, `{"min_ms": 10, "max_ms": 5}`, `{"min_ms": -1, "max_ms": 5}`, `{"min_ms": 0, "max_ms": 600000}`} {
			assert.Equal(t, http.StatusBadRequest, do(t, http.MethodPut, srv.URL+"/_fake/latency", "", bad).status, bad)
		}
	})
}

// TestProbabilisticFaultValidation: every mistake is refused with a
// reason.
func TestProbabilisticFaultValidation(t *testing.T) {
	srv, _ := newTestServer(t)
	for name, f := range map[string]Fault{
		"probability above 1":     {Probability: 1.5, Status: 503},
		"negative probability":    {Probability: -0.1, Count: 1, Status: 503},
		"no count, no chance":     {Status: 503},
		"negative count":          {Count: -1, Probability: 0.5, Status: 503},
		"latency range backwards": {Count: 1, Latency: time.Second, LatencyMax: time.Millisecond},
		"lower-case method":       {Count: 1, Method: "get", Status: 503},
	} {
		err := srv.InjectFault(f)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "fake: invalid fault", name)
	}
	assert.Empty(t, srv.PendingFaults())
}
