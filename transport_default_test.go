package registerdata_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// connectionsFor serves the fake's handler on a server of its own and
// returns it with a count of the connections clients opened to it.
func connectionsFor(t *testing.T, srv *fake.Server) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	var opened atomic.Int64
	hs := httptest.NewUnstartedServer(srv.Handler())
	hs.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			opened.Add(1)
		}
	}
	hs.Start()
	t.Cleanup(hs.Close)
	return hs, &opened
}

// TestDefaultClientReusesConnectionsOfConcurrentCalls: 8 goroutines making
// 40 calls each through a client without WithHTTPClient open about one
// connection each; with net/http's default of 2 idle connections a host,
// one call in five would open a new one (70 of 320 when measured).
func TestDefaultClientReusesConnectionsOfConcurrentCalls(t *testing.T) {
	const workers, calls = 8, 40
	srv := fake.NewServer()
	t.Cleanup(srv.Close)
	hs, opened := connectionsFor(t, srv)
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(hs.URL))
	require.NoError(t, err)

	// Warm the pool: one connection per worker, all in flight at once.
	var warm sync.WaitGroup
	start := make(chan struct{})
	for range workers {
		warm.Add(1)
		go func() {
			defer warm.Done()
			<-start
			_, err := c.GetCredits(context.Background())
			assert.NoError(t, err)
		}()
	}
	close(start)
	warm.Wait()
	before := opened.Load()

	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range calls {
				_, err := c.GetCredits(context.Background())
				assert.NoError(t, err)
			}
		}()
	}
	wg.Wait()
	again := opened.Load() - before
	t.Logf("%d connections for the first %d calls, %d more for the next %d", before, workers, again, workers*calls)
	require.LessOrEqual(t, before, int64(workers))
	// A connection goes back to the pool just after its answer is read,
	// so a worker's next call may dial once while it is on its way: a few
	// such dials, never one a call.
	require.LessOrEqual(t, again, int64(2*workers), "the calls after the first open connections again: the idle ones were not kept")
}
