package portfolio_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// burstEvents is the number of distinct events of BenchmarkBurst; the
// issue's figure is taken at 10000, CI runs the default once.
var burstEvents = flag.Int("burst.events", 1000, "distinct events of BenchmarkBurst's burst (the figure of issue 32: 10000)")

// burstCompanies are the companies the burst's events name, each named
// by many events.
const burstCompanies = 200

// burstCategories are the events' categories, in turn: a record alone,
// the record and its owners, the owners alone.
var burstCategories = [][]string{{"basic"}, {"basic", "ownership"}, {"representation"}, {"ownership"}}

// burstJobs is how many jobs each worker process runs at once.
const burstJobs = 4

// BenchmarkBurst receives a burst of deliveries (5 % duplicates delivered
// at once, 5 % redeliveries of events processed before) and processes
// them end to end against the fake: on SQLite in one process (receiving
// and working), and on PostgreSQL received by the benchmark's process and
// worked by three worker processes, one of them killed with SIGKILL when
// about half the events are journalled. Each run checks that every event
// is journalled exactly once, that each event's lookups (the record; the
// owners for the ownership category) reached the fake once, and that the
// fake billed what the journal says. wall-s and events/s (distinct
// events) are the figures; stall-s is the longest time the journal did
// not grow (on PostgreSQL, the wait for River to rescue the killed
// worker's jobs).
func BenchmarkBurst(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchBurst(b, false) })
	b.Run("postgres-3-workers-1-killed", func(b *testing.B) { benchBurst(b, true) })
}

func benchBurst(b *testing.B, fleet bool) {
	events := *burstEvents
	require.GreaterOrEqual(b, events, 100, "-burst.events")
	b.ReportAllocs()
	var wall, stall time.Duration
	b.StopTimer() // burstOnce times the burst alone
	for range b.N {
		w, s := burstOnce(b, events, fleet)
		wall += w
		stall = max(stall, s)
	}
	b.ReportMetric(wall.Seconds()/float64(b.N), "wall-s")
	b.ReportMetric(float64(events*b.N)/wall.Seconds(), "events/s")
	b.ReportMetric(stall.Seconds(), "stall-s")
}

// burstOnce runs one burst on a new database and checks its outcome; it
// returns the wall time from the first delivery to the last event
// journalled, and the longest stall.
func burstOnce(b *testing.B, events int, fleet bool) (time.Duration, time.Duration) {
	ctx := context.Background()
	srv, _, clk := newFake(b, fake.WithGenerated(burstCompanies))
	log := newFetchLog(srv)
	dsn := sqliteDSN(b)
	if fleet {
		dsn = postgresDSN(b)
	}
	p := open(b, dsn, log.front(b).client(b, srv.APIKey), clk, portfolio.WithWorkers(burstJobs), portfolio.WithPollInterval(20*time.Millisecond))
	ids := srv.CompanyIDs()[:burstCompanies]
	var rows []portfolio.Row
	for j, id := range ids {
		rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("C%04d", j), CompanyID: id})
	}
	importAll(b, p, rows, portfolio.ImportOptions{})
	v, err := webhook.NewVerifier(secret)
	require.NoError(b, err)
	hs := httptest.NewServer(p.Handler(v))
	defer hs.Close()
	ds := make([]delivery, events)
	for j := range ds {
		body, err := json.Marshal(map[string]any{"type": "monitor.change", "entity_type": "company", "entity_id": ids[j%burstCompanies],
			"categories": burstCategories[j%len(burstCategories)]})
		require.NoError(b, err)
		ds[j] = delivery{id: fmt.Sprintf("msg_%06d", j), body: body}
	}
	db := rawDB(b, dsn)
	journalled := func() int {
		var n int
		require.NoError(b, db.QueryRow(`SELECT count(*) FROM portfolio_journal WHERE event_id <> ''`).Scan(&n))
		return n
	}
	before := spent(srv)
	log.reset()
	// The first 5 % are processed before the burst and delivered again in it.
	for _, d := range ds[:events/20] {
		post(b, hs.URL, d)
	}
	_, err = p.Drain(ctx)
	require.NoError(b, err)
	// The next 5 % are delivered twice at once.
	var burst []delivery
	for j, d := range ds {
		burst = append(burst, d)
		if j >= events/20 && j < events/10 {
			burst = append(burst, d)
		}
	}

	var victim *front
	var victimCmd *exec.Cmd
	var stop func()
	if fleet {
		for k := range 3 {
			f := log.front(b)
			cmd, _ := startWorkerAt(b, dsn, f.URL, srv.APIKey, fmt.Sprintf("%s=%d", workerCountEnv, burstJobs))
			if k == 0 {
				victim, victimCmd = f, cmd
			}
		}
	} else {
		wctx, cancel := context.WithCancel(ctx)
		done := make(chan error, 1)
		go func() { done <- p.Work(wctx) }()
		stop = func() { cancel(); require.NoError(b, <-done) }
	}

	b.StartTimer()
	t0 := time.Now()
	var wg sync.WaitGroup
	next := make(chan delivery)
	for range 8 {
		wg.Go(func() {
			for d := range next {
				post(b, hs.URL, d)
			}
		})
	}
	go func() {
		for _, d := range burst {
			next <- d
		}
		close(next)
	}()
	var longest time.Duration
	if fleet {
		longest = waitJournal(b, journalled, events/2)
		victim.hold.Store(true) // its jobs now stop before their owners lookup, after their record's
		victim.waitHeld(b, burstJobs, time.Minute)
		// The victim's workers all wait, each after a paid lookup and
		// before its journal entry: kill it there.
		require.NoError(b, victimCmd.Process.Signal(syscall.SIGKILL))
		_ = victimCmd.Wait()
	}
	longest = max(longest, waitJournal(b, journalled, events))
	wall := time.Since(t0)
	b.StopTimer()
	wg.Wait()
	if stop != nil {
		stop()
	}
	checkBurst(b, db, log, ds, spent(srv)-before)
	return wall, longest
}

// waitJournal polls the journal's size until it holds n event entries
// and returns the longest time it did not grow.
func waitJournal(b *testing.B, journalled func() int, n int) time.Duration {
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	deadline := time.Now().Add(10 * time.Minute)
	last, grew, longest := -1, time.Now(), time.Duration(0)
	for {
		k := journalled()
		now := time.Now()
		if k != last {
			longest = max(longest, now.Sub(grew))
			last, grew = k, now
		}
		if k >= n {
			return longest
		}
		if now.After(deadline) {
			b.Fatalf("timed out: %d of %d events journalled", k, n)
		}
		<-tick.C
	}
}

// checkBurst checks the burst's outcome: every event journalled once,
// each of its lookups answered once, and the fake's books equal to the
// credits the journal reports.
func checkBurst(b *testing.B, db *sql.DB, log *fetchLog, ds []delivery, billed int64) {
	perEvent := map[string]int{}
	var credits int64
	rows, err := db.Query(`SELECT event_id, credits FROM portfolio_journal WHERE event_id <> ''`)
	require.NoError(b, err)
	for rows.Next() {
		var id string
		var c int64
		require.NoError(b, rows.Scan(&id, &c))
		perEvent[id]++
		credits += c
	}
	require.NoError(b, rows.Err())
	rows.Close()
	require.Len(b, perEvent, len(ds), "every event journalled, none lost")
	wantCompany, wantOwners := map[string]int{}, map[string]int{}
	for _, d := range ds {
		assert.Equal(b, 1, perEvent[d.id], "event %s journalled once", d.id)
		var ev struct {
			EntityID   string   `json:"entity_id"`
			Categories []string `json:"categories"`
		}
		require.NoError(b, json.Unmarshal(d.body, &ev))
		wantCompany[ev.EntityID]++
		co, ok := log.srv.Company(ev.EntityID)
		require.True(b, ok, "event of a company the fake knows")
		// The owners of a form without published owners are not asked
		// for (registerdata.OwnersAvailable; an AG or SE with
		// best_available).
		best := co.LegalForm == enums.LegalFormAG || co.LegalForm == enums.LegalFormSE
		for _, c := range ev.Categories {
			if c == "ownership" && registerdata.OwnersAvailable(co.LegalForm, best) {
				wantOwners[ev.EntityID]++
			}
		}
	}
	log.mu.Lock()
	defer log.mu.Unlock()
	assert.Equal(b, wantCompany, log.company, "each event's record fetched once")
	assert.Equal(b, wantOwners, log.owners, "each ownership event's owners fetched once")
	assert.Equal(b, billed, credits, "the fake billed what the journal reports")
	assert.Equal(b, 0, count(b, db, `SELECT count(*) FROM portfolio_fetched`), "no recorded answer left behind")
}

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
