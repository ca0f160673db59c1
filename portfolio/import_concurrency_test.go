package portfolio_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// inFlight wraps a handler and counts the requests it serves at once.
type inFlight struct {
	h        http.Handler
	mu       sync.Mutex
	now, max int
	total    int
}

func (f *inFlight) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.now++
	f.total++
	f.max = max(f.max, f.now)
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.now--
		f.mu.Unlock()
	}()
	f.h.ServeHTTP(w, r)
}

func (f *inFlight) peak() (peak, total int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.max, f.total
}

// TestImportByNameMatchesConcurrently imports rows by name with a
// concurrency of 8 against a fake whose every answer takes 5 ms, and
// counts the requests the fake serves at once: an import that fell to
// matching one row at a time would never have two in flight, and the
// concurrency bounds them, also from one chunk to the next (the rows are
// three chunks).
func TestImportByNameMatchesConcurrently(t *testing.T) {
	const rows, conc = 600, 8
	srv, _, clk := newFake(t, fake.WithGenerated(rows), fake.WithLatency(5*time.Millisecond, 5*time.Millisecond))
	counter := &inFlight{h: srv.Handler()}
	hs := httptest.NewServer(counter)
	t.Cleanup(hs.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(hs.URL),
		registerdata.WithHTTPClient(&http.Client{}), registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute))
	require.NoError(t, err)
	p := open(t, sqliteDSN(t), c, clk)
	res := importAll(t, p, nameRowsOf(srv, rows), portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: conc}})
	require.Len(t, res, rows)
	for _, r := range res {
		// A few generated companies share a name and a city: Ambiguous.
		require.Contains(t, []portfolio.Status{portfolio.Matched, portfolio.Ambiguous}, r.Status, r.Row.Ref)
	}
	peak, total := counter.peak()
	t.Logf("%d requests for %d rows, at most %d at once", total, rows, peak)
	assert.GreaterOrEqual(t, peak, conc/2, "the matches ran one after the other, not %d at a time", conc)
	assert.LessOrEqual(t, peak, conc, "more requests at once than the concurrency")
}
