package portfolio_test

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// total counts the alerts r got, duplicates included.
func (r *alertReceiver) total() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, ids := range r.got {
		for _, k := range ids {
			n += k
		}
	}
	return n
}

// TestEveryEntryReachesEverySubscriberThroughWorkersKilledAtSeededPoints:
// a burst of journal entries with two subscribers, worked by processes
// killed with SIGKILL while alerts are in flight (after a seeded number
// of arrivals): every entry reaches every subscriber at least once, and
// de-duplication by webhook-id leaves exactly one of each.
func TestEveryEntryReachesEverySubscriberThroughWorkersKilledAtSeededPoints(t *testing.T) {
	t.Parallel() // most of it is the wait for River to rescue the killed jobs
	if testing.Short() {
		t.Skip("starts worker processes")
	}
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		seed := uint64(time.Now().UnixNano())
		if v, err := strconv.ParseUint(os.Getenv("PORTFOLIO_TEST_KILL_SEED"), 10, 64); err == nil {
			seed = v // to run a failed seed again
		}
		t.Logf("seed %d (PORTFOLIO_TEST_KILL_SEED runs it again)", seed)
		rng := rand.New(rand.NewPCG(seed, 44))
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		r := newAlertReceiverAt(t, time.Now) // the workers sign with their own clock
		r.slow = 20 * time.Millisecond       // alerts are in flight when a worker dies
		for _, name := range []string{"crm", "siem"} {
			require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: name, URL: r.url + "/" + name, Secret: secret}))
		}
		ids := srv.CompanyIDs()[:10]
		var rows []portfolio.Row
		for i, id := range ids {
			rows = append(rows, portfolio.Row{Ref: "K" + strconv.Itoa(i), CompanyID: id})
		}
		importAll(t, p, rows, portfolio.ImportOptions{})

		const entries = 60
		burst := make(chan error, 1)
		go func() {
			for i := range entries {
				if _, err := p.Rejudge(ctx, ids[i%len(ids)]); err != nil {
					burst <- err
					return
				}
			}
			burst <- nil
		}()
		for kill := range 2 {
			w, _ := startWorkerAt(t, dsn, srv.URL, srv.APIKey, workerCountEnv+"=4")
			at := r.total() + 1 + rng.IntN(entries/2)
			waitFor(t, "the seeded number of arrivals", time.Minute, func() bool { return r.total() >= at })
			require.NoError(t, w.Process.Signal(syscall.SIGKILL))
			_ = w.Wait()
			t.Logf("kill %d after %d arrivals", kill+1, at)
		}
		require.NoError(t, <-burst)
		last, _ := startWorkerAt(t, dsn, srv.URL, srv.APIKey, workerCountEnv+"=4")

		es := events(t, p, 0)
		want := map[string]map[string]int{}
		for _, name := range []string{"crm", "siem"} {
			want["/"+name] = wantIDs(es, name, func(portfolio.Event) bool { return true })
		}
		waitFor(t, "every entry at every subscriber", 3*time.Minute, func() bool {
			return len(r.arrived("/crm")) == len(want["/crm"]) && len(r.arrived("/siem")) == len(want["/siem"])
		})
		require.NoError(t, last.Process.Signal(syscall.SIGTERM))
		require.NoError(t, last.Wait())
		dups := 0
		for path, ids := range want {
			got := r.arrived(path)
			deduped := map[string]int{}
			for id, k := range got {
				assert.GreaterOrEqual(t, k, 1, id)
				dups += k - 1
				deduped[id] = 1
			}
			assert.Equal(t, ids, deduped, "%s: de-duplicated by webhook-id, exactly one of each entry", path)
		}
		t.Logf("%d entries, 2 subscribers, %d duplicates after the kills", len(es), dups)
	})
}
