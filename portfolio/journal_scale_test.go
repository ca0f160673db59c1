package portfolio_test

import (
	"context"
	"database/sql"
	"flag"
	"runtime"
	"runtime/metrics"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"
)

// eventRows is the size of BenchmarkEvents's journal: small by default,
// as the sizes of the import's scale benchmarks (import_scale_test.go).
var eventRows = flag.Int("event-rows", 100_000, "journal entries BenchmarkEvents streams")

// BenchmarkEvents streams a journal of -event-rows entries, from SQLite
// and from PostgreSQL: rows/s, and the peak of the heap while streaming
// (sampled every 1,024 entries), which must not grow with the journal.
func BenchmarkEvents(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		dsn := sqliteDSN(b)
		benchEvents(b, dsn, "sqlite", "file:"+strings.TrimPrefix(dsn, "sqlite:"), `WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM g WHERE i < ?2)
			INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits)
			SELECT 'DE-HRB-F1103-' || i, '["R1"]', 'msg_' || i, ?1, '[]', '[]', i, 10 FROM g`)
	})
	b.Run("postgres", func(b *testing.B) {
		dsn := postgresDSN(b)
		benchEvents(b, dsn, "pgx", dsn, `INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits)
			SELECT 'DE-HRB-F1103-' || g, '["R1"]', 'msg_' || g, $1, '[]', '[]', g, 10 FROM generate_series(1, $2::bigint) g`)
	})
}

// benchEvents opens the portfolio at dsn, fills its journal with one
// statement (fill, run on driver's source) and streams it.
func benchEvents(b *testing.B, dsn, driver, source, fill string) {
	entries := *eventRows
	_, c, clk := newFake(b)
	p := open(b, dsn, c, clk)
	db, err := sql.Open(driver, source)
	require.NoError(b, err)
	chs := `[{"category":"basic","kind":"modified","field":"status","before":"active","after":"liquidation"}]`
	_, err = db.Exec(fill, chs, entries)
	require.NoError(b, err)
	db.Close()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	runtime.GC()
	base := heap()
	var peak uint64
	b.ReportAllocs()
	b.ResetTimer()
	t0 := time.Now()
	for range b.N {
		n := 0
		for _, err := range p.Events(context.Background(), 0) {
			if err != nil {
				b.Fatal(err)
			}
			if n++; n&1023 == 0 {
				peak = max(peak, heap())
			}
		}
		if n != entries {
			b.Fatalf("streamed %d entries, want %d", n, entries)
		}
	}
	b.ReportMetric(float64(entries*b.N)/time.Since(t0).Seconds(), "rows/s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(base)/(1<<20), "start-heap-MiB")
}
