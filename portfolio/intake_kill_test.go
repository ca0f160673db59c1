package portfolio_test

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"sync"
	"syscall"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestExactlyOnceOnAFleet: two receivers and three worker processes on
// one PostgreSQL, concurrent duplicate deliveries, replays, and a worker
// killed with SIGKILL in the middle of a job: every event is journalled
// exactly once with exactly its change.
func TestExactlyOnceOnAFleet(t *testing.T) {
	t.Parallel() // most of it is the wait for River to rescue the killed jobs
	if testing.Short() {
		t.Skip("starts worker processes")
	}
	dsn := postgresDSN(t)
	ctx := context.Background()
	srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
	p := open(t, dsn, c, clk)
	const n = 40
	ids := srv.CompanyIDs()[:n]
	ds, afterSync := monitorAndRename(t, p, srv, ids, "Umbenannt %d GmbH")

	// Each company gets a new name; its event is delivered three times
	// at once, to two receivers.
	p2 := open(t, dsn, c, clk)
	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	v2, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	r1, r2 := httptest.NewServer(p.Handler(v)), httptest.NewServer(p2.Handler(v2))
	defer r1.Close()
	defer r2.Close()
	var wg sync.WaitGroup
	accepted := make([]int, n)
	var mu sync.Mutex
	for i, d := range ds {
		for k := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				url := r1.URL
				if k == 1 {
					url = r2.URL
				}
				if code := post(t, url, d); code == http.StatusNoContent {
					mu.Lock()
					accepted[i]++
					mu.Unlock()
				}
			}()
		}
	}
	wg.Wait()
	for i, a := range accepted {
		assert.GreaterOrEqual(t, a, 1, "delivery %d was accepted", i)
	}
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer db.Close()
	assert.Equal(t, n, count(t, db, `SELECT count(*) FROM river_job`), "one job per event, whatever the duplicates")

	require.NoError(t, srv.SetLatency(100*time.Millisecond, 150*time.Millisecond))
	a := startWorker(t, dsn, srv)
	waitFor(t, "a job in progress", 30*time.Second, func() bool {
		return count(t, db, `SELECT count(*) FROM river_job WHERE state = 'running'`) > 0
	})
	require.NoError(t, a.Process.Signal(syscall.SIGKILL))
	_ = a.Wait()
	killedMidJob := count(t, db, `SELECT count(*) FROM river_job WHERE state = 'running'`)
	assert.Positive(t, killedMidJob, "the worker died with jobs in progress")
	require.NoError(t, srv.SetLatency(0, 0))

	b, c3 := startWorker(t, dsn, srv), startWorker(t, dsn, srv)
	waitForProcessed(t, db, 3*time.Minute)
	// Replays of processed events change nothing.
	for _, d := range ds[:5] {
		assert.Equal(t, http.StatusNoContent, post(t, r2.URL, d))
	}
	assert.Equal(t, n, count(t, db, `SELECT count(*) FROM river_job`))
	for _, w := range []*exec.Cmd{b, c3} {
		require.NoError(t, w.Process.Signal(syscall.SIGTERM))
		require.NoError(t, w.Wait())
	}

	perEvent := map[string]int{}
	var journalled int64
	for e, err := range p.Events(ctx, 0) {
		require.NoError(t, err)
		if e.EventID == "" {
			continue // a baseline
		}
		perEvent[e.EventID]++
		journalled += e.Credits
		require.Len(t, e.Changes, 1, e.EventID)
		assert.Equal(t, "name", e.Changes[0].Field)
		co, _ := srv.Company(e.CompanyID)
		assert.Equal(t, co.Name.Name, e.Changes[0].After)
	}
	require.Len(t, perEvent, n, "every event journalled")
	for id, k := range perEvent {
		assert.Equal(t, 1, k, "event %s journalled once", id)
	}
	// Each journalled fetch is billed; beyond them only the fetches of
	// the jobs the killed worker had in progress.
	extra := spent(srv) - afterSync - journalled
	assert.GreaterOrEqual(t, extra, int64(0))
	assert.LessOrEqual(t, extra, int64(killedMidJob)*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false))
	t.Logf("jobs in progress at the kill: %d; credits of their lost fetches: %d", killedMidJob, extra)
}
