package portfolio_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/stretchr/testify/require"
)

// fetchLog counts the lookups the fake answered, by company: the request
// log of the burst. Clients reach the fake through fronts (front), each
// an HTTP server of its own that passes requests to the fake's handler
// and logs them once answered.
type fetchLog struct {
	srv      *fake.Server
	mu       sync.Mutex
	company  map[string]int // GET /v1/company/{id} answered
	owners   map[string]int // GET /v1/company/{id}/owners answered
	requests int
}

func newFetchLog(srv *fake.Server) *fetchLog {
	return &fetchLog{srv: srv, company: map[string]int{}, owners: map[string]int{}}
}

// reset forgets the lookups logged so far.
func (l *fetchLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.company, l.owners, l.requests = map[string]int{}, map[string]int{}, 0
}

// front is one way to the fake, whose owners lookups can be held.
type front struct {
	*httptest.Server
	hold atomic.Bool   // hold owners lookups: never pass them on
	held atomic.Int64  // owners lookups held now
	ch   chan struct{} // a signal per lookup newly held
}

// front starts a front to the fake that logs into l; it closes at the end
// of the test.
func (l *fetchLog) front(t testing.TB) *front {
	f := &front{ch: make(chan struct{}, 1024)}
	h := l.srv.Handler()
	f.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/v1/company/"), "/")
		if rest == "owners" && f.hold.Load() {
			// The lookup is never answered, so never billed: the
			// client's worker waits here until it is killed.
			f.held.Add(1)
			select {
			case f.ch <- struct{}{}:
			default:
			}
			<-r.Context().Done()
			f.held.Add(-1)
			return
		}
		h.ServeHTTP(w, r)
		if r.Method != http.MethodGet || !strings.HasPrefix(r.URL.Path, "/v1/company/") {
			return
		}
		l.mu.Lock()
		defer l.mu.Unlock()
		l.requests++
		switch rest {
		case "":
			l.company[id]++
		case "owners":
			l.owners[id]++
		}
	}))
	t.Cleanup(f.Close)
	return f
}

// waitHeld waits until n owners lookups are held at once.
func (f *front) waitHeld(t testing.TB, n int64, d time.Duration) {
	t.Helper()
	timeout := time.After(d)
	for f.held.Load() < n {
		select {
		case <-f.ch:
		case <-timeout:
			t.Fatalf("timed out waiting for %d held lookups (%d held)", n, f.held.Load())
		}
	}
}

// client is a portfolio's client that reaches the fake through f.
func (f *front) client(t testing.TB, key string) *registerdata.Client {
	t.Helper()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(key), registerdata.WithBaseURL(f.URL),
		registerdata.WithHTTPClient(&http.Client{}), registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute))
	require.NoError(t, err)
	return c
}
