package portfolio_test

import (
	"context"
	"database/sql"
	"flag"
	"fmt"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/require"
)

// intakePerRound is the number of deliveries each side of
// BenchmarkIntake records per round: small for CI's run-once step; the
// issue's figure is taken with -intake.n 10000.
var intakePerRound = flag.Int("intake.n", 500, "deliveries BenchmarkIntake records per round and side")

// BenchmarkIntake records rounds of signed deliveries, one after the
// other, the portfolio's way (its Handler: verify, record the delivery
// and enqueue its job in one transaction, answer 204) and the floor's
// (Verifier.Parse and one INSERT ... ON CONFLICT DO NOTHING per delivery,
// through the same driver with the portfolio's connection settings),
// interleaved in one process (A B A B), on each engine: deliveries/s of
// each side and their ratio. PostgreSQL is a cluster with fsync on
// (benchPostgresDSN).
func BenchmarkIntake(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		dir := b.TempDir()
		bare, err := sql.Open("sqlite", "file:"+filepath.Join(dir, "bare.db")+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)&_txlock=immediate")
		require.NoError(b, err)
		bare.SetMaxOpenConns(1)
		b.Cleanup(func() { bare.Close() })
		benchIntakeFloor(b, "sqlite:"+filepath.Join(dir, "portfolio.db"), bare,
			`INSERT INTO bare_deliveries (event_id, entity_type, entity_id, body, received_at) VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (event_id) DO NOTHING`)
	})
	b.Run("postgres", func(b *testing.B) {
		dsn := benchPostgresDSN(b)
		benchIntakeFloor(b, dsn, rawDB(b, dsn),
			`INSERT INTO bare_deliveries (event_id, entity_type, entity_id, body, received_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING`)
	})
}

// benchIntakeFloor compares the portfolio at dsn with insert run on
// bare.
func benchIntakeFloor(b *testing.B, dsn string, bare *sql.DB, insert string) {
	n := *intakePerRound
	srv, c, clk := newFake(b)
	p := open(b, dsn, c, clk)
	v, err := webhook.NewVerifier(secret)
	require.NoError(b, err)
	h := p.Handler(v)
	_, err = bare.Exec(`CREATE TABLE bare_deliveries (event_id text PRIMARY KEY, entity_type text NOT NULL, entity_id text NOT NULL, body text NOT NULL, received_at bigint NOT NULL)`)
	require.NoError(b, err)
	ids := srv.CompanyIDs()
	ctx := context.Background()

	b.ReportAllocs()
	b.ResetTimer()
	var mine, floor time.Duration
	for i := range b.N {
		b.StopTimer()
		ds := jobsDeliveries(b, ids, fmt.Sprintf("i%d", i), n)
		hdrs := make([]http.Header, n)
		for j, d := range ds {
			hdrs[j], err = webhook.SignedHeaders(secret, d.id, time.Now(), d.body)
			require.NoError(b, err)
		}
		b.StartTimer()
		t0 := time.Now()
		for j, d := range ds {
			if code := serveWith(h, d, hdrs[j]); code != http.StatusNoContent {
				b.Fatalf("delivery %s answered %d", d.id, code)
			}
		}
		mine += time.Since(t0)
		t0 = time.Now()
		for j, d := range ds {
			ev, err := v.Parse(hdrs[j], d.body)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := bare.ExecContext(ctx, insert, ev.ID, string(ev.EntityType), ev.EntityID, string(ev.Raw), time.Now().UnixMicro()); err != nil {
				b.Fatal(err)
			}
		}
		floor += time.Since(t0)
	}
	b.StopTimer()
	b.ReportMetric(float64(n*b.N)/mine.Seconds(), "portfolio-deliveries/s")
	b.ReportMetric(float64(n*b.N)/floor.Seconds(), "floor-deliveries/s")
	b.ReportMetric(floor.Seconds()/mine.Seconds(), "ratio")
}
