package portfolio_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// answer is what a receiver answered to one delivery.
type answer struct {
	status     int
	retryAfter string
}

// sendAll posts ds to url, four at a time, and returns the answers in
// the order of ds.
func sendAll(t *testing.T, url string, ds []delivery) []answer {
	out := make([]answer, len(ds))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, d := range ds {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			out[i] = postAnswer(t, url, d)
		}()
	}
	wg.Wait()
	return out
}

// postAnswer is post, with the Retry-After header of the answer.
func postAnswer(t testing.TB, url string, d delivery) answer {
	h, err := webhook.SignedHeaders(secret, d.id, time.Now(), d.body)
	if !assert.NoError(t, err) {
		return answer{}
	}
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(d.body))
	if !assert.NoError(t, err) {
		return answer{}
	}
	req.Header = h
	resp, err := http.DefaultClient.Do(req)
	if !assert.NoError(t, err) {
		return answer{}
	}
	resp.Body.Close()
	return answer{status: resp.StatusCode, retryAfter: resp.Header.Get("Retry-After")}
}

// receiverOfAChange starts a receiver of p's deliveries (closed when the
// test ends) and returns its URL with the delivery id announcing a
// change of nordlicht's basic data.
func receiverOfAChange(t *testing.T, p *portfolio.Portfolio, id string) (string, delivery) {
	t.Helper()
	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	rcv := httptest.NewServer(p.Handler(v))
	t.Cleanup(rcv.Close)
	body, err := json.Marshal(map[string]any{"type": "monitor.change", "entity_type": "company", "entity_id": nordlicht,
		"categories": []string{"basic"}, "detected_at": start.Format(time.RFC3339)})
	require.NoError(t, err)
	return rcv.URL, delivery{id: id, body: body}
}

func accepted(a answer) bool { return a.status >= 200 && a.status < 300 }

// logWatch is a slog.Handler that keeps what a portfolio logs, to wait
// on its workers noticing the database go and come back.
type logWatch struct {
	mu       sync.Mutex
	warnings int      // records at Warn and above
	messages []string // every message, in order
}

func (l *logWatch) Enabled(context.Context, slog.Level) bool { return true }

func (l *logWatch) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if r.Level >= slog.LevelWarn {
		l.warnings++
	}
	l.messages = append(l.messages, r.Message)
	return nil
}

func (l *logWatch) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logWatch) WithGroup(string) slog.Handler      { return l }

func (l *logWatch) warned() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.warnings
}

// logged reports whether a message containing s was logged.
func (l *logWatch) logged(s string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.ContainsFunc(l.messages, func(m string) bool { return strings.Contains(m, s) })
}

// TestPostgresStoppedAndStartedMidBurstLosesNothing: a burst of
// deliveries to a receiver on PostgreSQL, with workers of two processes
// (two portfolios, two pools) running; in the middle of it the server
// stops as a crash would (pg_ctl stop -m immediate) while deliveries keep
// coming, then starts again. Every delivery the receiver could not record
// is refused with 503 and a Retry-After, never a 2xx; the workers neither
// exit nor lose a job; once the refused deliveries are delivered again,
// every event is journalled exactly once with its change, and the fake
// billed no more than the journal reports plus the fetches of the jobs
// the outage interrupted.
func TestPostgresStoppedAndStartedMidBurstLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("runs its own PostgreSQL server")
	}
	const n = 120
	pg := newCluster(t)
	dsn := pg.DSN()
	ctx := context.Background()
	srv, c, clk := newFake(t, fake.WithGenerated(n), fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
	const workers = 4
	opts := []portfolio.Option{portfolio.WithWorkers(workers), portfolio.WithPollInterval(50 * time.Millisecond)}
	log1, log2 := &logWatch{}, &logWatch{}
	p := open(t, dsn, c, clk, append(opts, portfolio.WithLogger(slog.New(log1)))...)
	p2 := open(t, dsn, c, clk, append(opts, portfolio.WithLogger(slog.New(log2)))...)

	ids := srv.CompanyIDs()[:n]
	ds, afterSync := monitorAndRename(t, p, srv, ids, "Neu %d GmbH")
	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	rcv := httptest.NewServer(p.Handler(v))
	defer rcv.Close()

	// Workers of two processes, each with its own pool: the first works
	// from the start, the second starts while the server is down.
	wctx, stopWork := context.WithCancel(ctx)
	defer stopWork()
	workDone := make(chan error, 2)
	work := func(q *portfolio.Portfolio) { workDone <- q.Work(wctx) }
	go work(p)
	require.NoError(t, srv.SetLatency(20*time.Millisecond, 40*time.Millisecond)) // jobs in progress when the server stops

	watch, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer func() { watch.Close() }()
	journalled := func() int {
		return count(t, watch, `SELECT count(*) FROM portfolio_journal WHERE event_id <> ''`)
	}

	// A quarter is sent first. When a twelfth of the events is journalled
	// the second quarter is sent while the server stops, the second half
	// once it is down.
	triggered, stopped := make(chan struct{}), make(chan struct{})
	answers := make([]answer, n)
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		copy(answers, sendAll(t, rcv.URL, ds[:n/4]))
		<-triggered
		copy(answers[n/4:], sendAll(t, rcv.URL, ds[n/4:n/2]))
		<-stopped
		copy(answers[n/2:], sendAll(t, rcv.URL, ds[n/2:]))
	}()
	waitFor(t, "the journal to reach a twelfth of the burst", 2*time.Minute, func() bool { return journalled() >= n/12 })
	close(triggered)
	warnedBefore := log1.warned()
	down := time.Now()
	pg.Stop(t)
	close(stopped)
	go work(p2)
	// The server stays down until the second half is refused, the
	// running workers have run into the outage and the second ones
	// have failed to start.
	<-sent
	waitFor(t, "the workers to notice the outage", time.Minute, func() bool {
		select {
		case err := <-workDone:
			t.Fatalf("Work returned while the database was down: %v", err)
		default:
		}
		return log1.warned() > warnedBefore && log2.logged("cannot reach the database")
	})
	pg.Start(t)
	outage := time.Since(down)
	// The test's own watcher starts afresh: its connection went with the
	// server.
	watch.Close()
	watch, err = sql.Open("pgx", dsn)
	require.NoError(t, err)

	refused, atStop := 0, 0 // atStop: refused deliveries of the second quarter, sent as the server stopped
	for i, a := range answers {
		if accepted(a) {
			assert.Equal(t, http.StatusNoContent, a.status, "delivery %d", i)
			continue
		}
		refused++
		assert.Equal(t, http.StatusServiceUnavailable, a.status, "delivery %d: a delivery that cannot be recorded is answered 503", i)
		assert.NotEmpty(t, a.retryAfter, "delivery %d: the 503 says when to retry", i)
		if i < n/2 {
			assert.GreaterOrEqual(t, i, n/4, "delivery %d was sent before the outage", i)
			atStop++
		}
	}
	for i, a := range answers[n/2:] {
		assert.False(t, accepted(a), "delivery %d arrived while the server was down, yet was answered %d", n/2+i, a.status)
	}

	// The service delivers again what was not answered with a 2xx, until
	// it is.
	redelivered := 0
	waitFor(t, "every refused delivery accepted", 2*time.Minute, func() bool {
		all := true
		for i, a := range answers {
			if accepted(a) {
				continue
			}
			answers[i] = postAnswer(t, rcv.URL, ds[i])
			redelivered++
			all = all && accepted(answers[i])
		}
		return all
	})
	require.NoError(t, srv.SetLatency(0, 0))
	waitFor(t, "every event processed", 3*time.Minute, func() bool {
		return count(t, watch, `SELECT count(*) FROM portfolio_deliveries WHERE processed_at IS NULL`) == 0 &&
			count(t, watch, `SELECT count(*) FROM river_job WHERE state NOT IN ('completed', 'cancelled', 'discarded')`) == 0
	})
	select {
	case err := <-workDone:
		t.Fatalf("Work returned before its context ended: %v", err)
	default:
	}
	assert.True(t, log2.logged("reached the database and started"), "the workers started during the outage began once it ended")
	stopWork()
	for range 2 {
		require.NoError(t, <-workDone)
	}

	assert.Equal(t, n, count(t, watch, `SELECT count(*) FROM portfolio_deliveries`), "each delivered event recorded once")
	assert.Equal(t, n, count(t, watch, `SELECT count(*) FROM river_job`), "one job per event")
	assert.Zero(t, count(t, watch, `SELECT count(*) FROM river_job WHERE state <> 'completed'`), "no job discarded or cancelled")
	assert.Zero(t, count(t, watch, `SELECT count(*) FROM river_job WHERE attempt > 1`), "the outage cost no job an attempt")
	interrupted := count(t, watch, `SELECT count(*) FROM river_job WHERE metadata ? 'snoozes'`)
	perEvent := map[string]int{}
	var billed int64
	for e, err := range p.Events(ctx, 0) {
		require.NoError(t, err)
		if e.EventID == "" {
			continue // a baseline
		}
		perEvent[e.EventID]++
		billed += e.Credits
		if assert.Len(t, e.Changes, 1, e.EventID) {
			co, _ := srv.Company(e.CompanyID)
			assert.Equal(t, "name", e.Changes[0].Field)
			assert.Equal(t, co.Name.Name, e.Changes[0].After)
		}
	}
	assert.Len(t, perEvent, n, "every event journalled")
	for _, d := range ds {
		assert.Equal(t, 1, perEvent[d.id], "event %s journalled once", d.id)
	}
	// Each journalled fetch is billed; beyond them only the fetches of
	// jobs whose write the outage cut off, which ran again: at most one
	// per job interrupted, and one per worker slot of the two processes.
	extra := spent(srv) - afterSync - billed
	assert.GreaterOrEqual(t, extra, int64(0))
	assert.LessOrEqual(t, extra, int64(interrupted)*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false))
	assert.LessOrEqual(t, extra, int64(2*workers)*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false))
	t.Logf("%d deliveries; outage %v; refused during it: %d (%d of them sent as the server stopped, %d sent while down); redeliveries: %d; jobs interrupted: %d; credits of refetches: %d",
		n, outage.Round(time.Millisecond), refused, atStop, n-n/2, redelivered, interrupted, extra)
}

// TestDeliveryRightAfterConnectionsWereCutIsRecorded: the server ends
// every connection of the portfolio's pool (as a restart does) and the
// next delivery comes at once, before the pool could notice: it is
// recorded on a new connection and answered 204, not refused.
func TestDeliveryRightAfterConnectionsWereCutIsRecorded(t *testing.T) {
	dsn := postgresDSN(t)
	_, c, clk := newFake(t)
	p := open(t, dsn, c, clk)
	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	rcv := httptest.NewServer(p.Handler(v))
	defer rcv.Close()
	admin, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer admin.Close()
	admin.SetMaxOpenConns(1)
	var self int
	require.NoError(t, admin.QueryRow(`SELECT pg_backend_pid()`).Scan(&self))

	for i := range 5 {
		d := delivery{id: fmt.Sprintf("msg_cut_%d", i), body: []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"` + nordlicht + `","categories":["basic"]}`)}
		_, err := admin.Exec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> $1`, self)
		require.NoError(t, err)
		a := postAnswer(t, rcv.URL, d)
		assert.Equal(t, http.StatusNoContent, a.status, "delivery %d, right after the cut", i)
	}
	assert.Equal(t, 5, count(t, admin, `SELECT count(*) FROM portfolio_deliveries`))
	assert.Equal(t, 5, count(t, admin, `SELECT count(*) FROM river_job`))
}
