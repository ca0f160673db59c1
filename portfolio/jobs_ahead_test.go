package portfolio_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deliveryJobs is the SQL condition of the deliveries' jobs in River's
// table.
const deliveryJobs = `kind = 'registerdata_portfolio_event'`

// queueDeliveries imports the companies ids, baselines them and queues
// a delivery of a change of each (webhook ids prefixed by round),
// returning the deliveries.
func queueDeliveries(t *testing.T, p *portfolio.Portfolio, ids []string, round string) []delivery {
	t.Helper()
	h := baselined(t, p, ids)
	ds := jobsDeliveries(t, ids, round, len(ids))
	for _, d := range ds {
		require.Equal(t, http.StatusNoContent, serve(t, h, d), "delivery %s", d.id)
	}
	return ds
}

// TestAJobIsClaimedAheadButNoMoreRunThanWithWorkers holds every check
// after its fetch: with WithWorkers(2), two checks run, River claims a
// third job ahead, and it waits for a worker instead of running beside
// them; once the checks go on, every delivery is processed.
func TestAJobIsClaimedAheadButNoMoreRunThanWithWorkers(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk, portfolio.WithWorkers(2), portfolio.WithPollInterval(20*time.Millisecond))
		ds := queueDeliveries(t, p, srv.CompanyIDs()[:5], "ahead")

		var mu sync.Mutex
		in, most := 0, 0
		entered := make(chan string, len(ds))
		waiting := make(chan string, len(ds))
		release := make(chan struct{})
		portfolio.SetAfterFetch(func(id string) {
			mu.Lock()
			in++
			most = max(most, in)
			mu.Unlock()
			entered <- id
			<-release
			mu.Lock()
			in--
			mu.Unlock()
		})
		portfolio.SetWaitingForSlot(func(id string) { waiting <- id })
		t.Cleanup(func() { portfolio.SetAfterFetch(nil); portfolio.SetWaitingForSlot(nil) })

		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- p.Work(ctx) }()
		running := map[string]bool{recv(t, entered, "a check"): true, recv(t, entered, "a second check"): true}
		ahead := recv(t, waiting, "a job claimed ahead waiting for a worker")
		assert.False(t, running[ahead], "the job claimed ahead is not one of the two running")
		db := rawDB(t, dsn)
		assert.Equal(t, 3, count(t, db, `SELECT count(*) FROM river_job WHERE `+deliveryJobs+` AND state = 'running'`),
			"River holds the two jobs running and the one claimed ahead")
		select {
		case id := <-entered:
			t.Fatalf("the check of %s started beside the two WithWorkers(2) allows", id)
		default:
		}

		close(release)
		waitForProcessed(t, db, time.Minute)
		cancel()
		require.NoError(t, <-done)
		assert.Equal(t, 2, most, "checks at once")
		assert.Len(t, entered, len(ds)-2, "every other delivery was checked once")
		for _, d := range ds {
			assert.Equal(t, 1, journalledFor(t, p, 0, d.id), "journal entries of %s", d.id)
		}
	})
}

// TestAJobWaitingForAWorkerIsPutBackWithoutAnAttempt holds the one check
// WithWorkers(1) allows past its job's time (half of RescueAfter): the
// job claimed ahead runs out of time waiting for a worker, and is put
// back without an attempt counted or an error recorded, then runs once
// the worker is free.
func TestAJobWaitingForAWorkerIsPutBackWithoutAnAttempt(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		defer portfolio.SetDeliveryRetry(portfolio.SetDeliveryRetry(10 * time.Millisecond))
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk, portfolio.WithWorkers(1), portfolio.WithRescueAfter(2*time.Second),
			portfolio.WithPollInterval(20*time.Millisecond))
		ds := queueDeliveries(t, p, srv.CompanyIDs()[:2], "back")

		var once sync.Once
		held := make(chan string, 1)
		release := make(chan struct{})
		portfolio.SetAfterFetch(func(id string) {
			once.Do(func() {
				held <- id
				<-release
			})
		})
		t.Cleanup(func() { portfolio.SetAfterFetch(nil) })

		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- p.Work(ctx) }()
		first := recv(t, held, "the first check")
		other := ds[0].id
		if other == first {
			other = ds[1].id
		}
		db := rawDB(t, dsn)
		job := func() (attempt int, snoozes int, errs int) {
			require.NoError(t, db.QueryRow(`SELECT attempt, COALESCE((metadata->>'snoozes')::int, 0), COALESCE(array_length(errors, 1), 0)
				FROM river_job WHERE `+deliveryJobs+` AND args->>'event_id' = $1`, other).Scan(&attempt, &snoozes, &errs))
			return
		}
		if strings.HasPrefix(dsn, "sqlite:") {
			job = func() (attempt int, snoozes int, errs int) {
				require.NoError(t, db.QueryRow(`SELECT attempt, COALESCE(json_extract(metadata, '$.snoozes'), 0), COALESCE(json_array_length(errors), 0)
					FROM river_job WHERE `+deliveryJobs+` AND json_extract(args, '$.event_id') = ?`, other).Scan(&attempt, &snoozes, &errs))
				return
			}
		}
		waitFor(t, "the job claimed ahead put back", time.Minute, func() bool {
			_, snoozes, _ := job()
			return snoozes > 0
		})
		close(release)
		waitForProcessed(t, db, time.Minute)
		cancel()
		require.NoError(t, <-done)
		attempt, _, errs := job()
		assert.Equal(t, 1, attempt, "the waits counted no attempt")
		assert.Zero(t, errs, "the waits recorded no error")
		assert.Equal(t, 1, journalledFor(t, p, 0, other), "journalled once")
	})
}

// recv is the next value of ch, or the test's failure after a minute
// without one.
func recv[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(time.Minute):
		t.Fatalf("timed out waiting for %s", what)
		panic("unreachable")
	}
}
