package portfolio_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/require"
)

// jobsPerRound is the number of deliveries each side of BenchmarkJobs
// works per round: small for CI's run-once step; the figures are
// taken with -jobs.n 2000 -count 5.
var jobsPerRound = flag.Int("jobs.n", 200, "deliveries BenchmarkJobs works per round and side")

// jobsCompanies are the companies the benchmark's deliveries name.
const jobsCompanies = 50

// BenchmarkJobs works rounds of deliveries on PostgreSQL, the
// portfolio's way (Drain with WithWorkers) and the floor's (bare workers
// through the same driver: claim the delivery, one lookup, one
// transaction writing a journal row and marking the delivery processed),
// interleaved in one process (A B A B): jobs/s of each side and their
// ratio, with the fake answering at once and after 2 ms. PostgreSQL is a
// cluster with fsync on (benchPostgresDSN).
func BenchmarkJobs(b *testing.B) {
	for _, lat := range []time.Duration{0, 2 * time.Millisecond} {
		for _, workers := range []int{1, 3} {
			b.Run(fmt.Sprintf("postgres/fake-%dms/%d-workers", lat.Milliseconds(), workers), func(b *testing.B) {
				benchJobs(b, lat, workers)
			})
		}
	}
}

func benchJobs(b *testing.B, lat time.Duration, workers int) {
	n := *jobsPerRound
	ctx := context.Background()
	opts := []fake.Option{fake.WithGenerated(jobsCompanies)}
	if lat > 0 {
		opts = append(opts, fake.WithLatency(lat, lat))
	}
	srv, c, clk := newFake(b, opts...)
	dsn := benchPostgresDSN(b)
	p := open(b, dsn, c, clk, portfolio.WithWorkers(workers))
	ids := srv.CompanyIDs()[:jobsCompanies]
	h := baselined(b, p, ids)
	floor := newBareWorkers(b, dsn, c)

	b.ReportAllocs()
	b.ResetTimer()
	var mine, bare time.Duration
	for i := range b.N {
		b.StopTimer()
		ds := jobsDeliveries(b, ids, fmt.Sprintf("r%d", i), n)
		for _, d := range ds {
			if code := serve(b, h, d); code != http.StatusNoContent {
				b.Fatalf("delivery %s answered %d", d.id, code)
			}
		}
		b.StartTimer()
		t0 := time.Now()
		ran, err := p.Drain(ctx)
		mine += time.Since(t0)
		require.NoError(b, err)
		require.Equal(b, n, ran, "jobs run by Drain")

		b.StopTimer()
		floor.enqueue(b, ds)
		b.StartTimer()
		t0 = time.Now()
		floor.drain(b, workers)
		bare += time.Since(t0)
	}
	b.StopTimer()
	b.ReportMetric(float64(n*b.N)/mine.Seconds(), "portfolio-jobs/s")
	b.ReportMetric(float64(n*b.N)/bare.Seconds(), "floor-jobs/s")
	b.ReportMetric(bare.Seconds()/mine.Seconds(), "ratio")
}

// baselined imports the companies ids into p, one entry each, works
// their baselines and returns p's webhook receiver.
func baselined(t testing.TB, p *portfolio.Portfolio, ids []string) http.Handler {
	t.Helper()
	var rows []portfolio.Row
	for j, id := range ids {
		rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("J%03d", j), CompanyID: id})
	}
	importAll(t, p, rows, portfolio.ImportOptions{})
	_, err := p.Drain(context.Background())
	require.NoError(t, err)
	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	return p.Handler(v)
}

// jobsDeliveries are n deliveries of a record change of ids, in turn,
// their webhook ids prefixed by round.
func jobsDeliveries(b testing.TB, ids []string, round string, n int) []delivery {
	ds := make([]delivery, n)
	for j := range ds {
		body, err := json.Marshal(map[string]any{"type": "monitor.change", "entity_type": "company", "entity_id": ids[j%len(ids)], "categories": []string{"basic"}})
		require.NoError(b, err)
		ds[j] = delivery{id: fmt.Sprintf("msg_%s_%06d", round, j), body: body}
	}
	return ds
}

// serve hands d signed to h in the process and returns the status.
func serve(b testing.TB, h http.Handler, d delivery) int {
	hdr, err := webhook.SignedHeaders(secret, d.id, time.Now(), d.body)
	require.NoError(b, err)
	return serveWith(h, d, hdr)
}

// serveWith hands d to h in the process with the headers hdr and returns
// the status.
func serveWith(h http.Handler, d delivery, hdr http.Header) int {
	req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(d.body))
	req.Header = hdr
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w.Code
}

// bareWorkers is the floor of BenchmarkJobs: deliveries in a table of
// their own, worked by goroutines through database/sql on pgx.
type bareWorkers struct {
	db *sql.DB
	c  *registerdata.Client
}

func newBareWorkers(b *testing.B, dsn string, c *registerdata.Client) *bareWorkers {
	db := rawDB(b, dsn)
	_, err := db.Exec(`CREATE TABLE bare_deliveries (id text PRIMARY KEY, body text NOT NULL, claimed_at bigint, processed_at bigint);
		CREATE TABLE bare_journal (seq bigserial PRIMARY KEY, event_id text NOT NULL, company_id text NOT NULL, data text NOT NULL, at bigint NOT NULL)`)
	require.NoError(b, err)
	return &bareWorkers{db: db, c: c}
}

func (f *bareWorkers) enqueue(b *testing.B, ds []delivery) {
	for _, d := range ds {
		_, err := f.db.Exec(`INSERT INTO bare_deliveries (id, body) VALUES ($1, $2)`, d.id, string(d.body))
		require.NoError(b, err)
	}
}

// drain works the deliveries with workers goroutines until none is
// left.
func (f *bareWorkers) drain(b *testing.B, workers int) {
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for range workers {
		wg.Go(func() {
			for {
				more, err := f.one(context.Background())
				if err != nil {
					errs <- err
					return
				}
				if !more {
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Fatal(err)
	}
}

// one claims a delivery, looks its company up and journals it in one
// transaction; false when none was left.
func (f *bareWorkers) one(ctx context.Context) (bool, error) {
	var id, body string
	err := f.db.QueryRowContext(ctx, `UPDATE bare_deliveries SET claimed_at = $1 WHERE id = (
		SELECT id FROM bare_deliveries WHERE claimed_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, body`,
		time.Now().UnixMicro()).Scan(&id, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	var ev webhook.Event
	if err := json.Unmarshal([]byte(body), &ev); err != nil {
		return false, err
	}
	co, err := f.c.GetCompany(ctx, ev.EntityID, nil)
	if err != nil {
		return false, err
	}
	data, err := json.Marshal(co)
	if err != nil {
		return false, err
	}
	tx, err := f.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	now := time.Now().UnixMicro()
	if _, err := tx.ExecContext(ctx, `INSERT INTO bare_journal (event_id, company_id, data, at) VALUES ($1, $2, $3, $4)`, id, ev.EntityID, string(data), now); err != nil {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE bare_deliveries SET processed_at = $1 WHERE id = $2`, now, id); err != nil {
		return false, err
	}
	return true, tx.Commit()
}
