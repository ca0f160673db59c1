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
// and from PostgreSQL, through Events and, interleaved in the same
// process (A B A B), through the floor: one SELECT of the same rows and
// columns scanned into strings, through the same driver. rows/s of each
// side, their ratio, and the peak of the heap while Events streams
// (sampled every 1,024 entries), which must not grow with the journal.
// PostgreSQL is a cluster with fsync on (benchPostgresDSN).
func BenchmarkEvents(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) {
		dsn := sqliteDSN(b)
		benchEvents(b, dsn, "sqlite", "file:"+strings.TrimPrefix(dsn, "sqlite:"), `WITH RECURSIVE g(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM g WHERE i < ?2)
			INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits, name)
			SELECT 'DE-HRB-F1103-' || i, '["R1"]', 'msg_' || i, ?1, '[]', '[]', i, 10, 'Firma ' || i FROM g`)
	})
	b.Run("postgres", func(b *testing.B) {
		dsn := benchPostgresDSN(b)
		benchEvents(b, dsn, "pgx", dsn, `INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits, name)
			SELECT 'DE-HRB-F1103-' || g, '["R1"]', 'msg_' || g, $1, '[]', '[]', g, 10, 'Firma ' || g FROM generate_series(1, $2::bigint) g`)
	})
}

// benchEvents opens the portfolio at dsn, fills its journal with one
// statement (fill, run on driver's source) and streams it. The entries
// carry the company's name, as every entry written since names were
// kept does.
func benchEvents(b *testing.B, dsn, driver, source, fill string) {
	entries := *eventRows
	_, c, clk := newFake(b)
	p := open(b, dsn, c, clk)
	db, err := sql.Open(driver, source)
	require.NoError(b, err)
	chs := `[{"category":"basic","kind":"modified","field":"status","before":"active","after":"liquidation"}]`
	_, err = db.Exec(fill, chs, entries)
	require.NoError(b, err)
	defer db.Close()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	// One pass of each side before the clock starts: each reads through
	// its own connection, whose cache the first pass fills, and with
	// -benchtime 1x that first pass would be the only one measured.
	for range p.Events(context.Background(), 0) {
	}
	selectJournal(b, db)
	runtime.GC()
	base := heap()
	var peak uint64
	b.ReportAllocs()
	b.ResetTimer()
	var mine, floor time.Duration
	for range b.N {
		t0 := time.Now()
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
		mine += time.Since(t0)
		t0 = time.Now()
		if n := selectJournal(b, db); n != entries {
			b.Fatalf("selected %d entries, want %d", n, entries)
		}
		floor += time.Since(t0)
	}
	b.ReportMetric(float64(entries*b.N)/mine.Seconds(), "rows/s")
	b.ReportMetric(float64(entries*b.N)/floor.Seconds(), "floor-rows/s")
	b.ReportMetric(floor.Seconds()/mine.Seconds(), "ratio")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
	b.ReportMetric(float64(base)/(1<<20), "start-heap-MiB")
}

// selectJournal is the floor of BenchmarkEvents: one SELECT of the
// journal's rows and the columns Events reads, scanned into strings.
func selectJournal(b *testing.B, db *sql.DB) int {
	rows, err := db.Query(`SELECT seq, company_id, refs, event_id, changes, raised, cleared, at, credits, name, failed FROM portfolio_journal ORDER BY seq`)
	require.NoError(b, err)
	defer rows.Close()
	n := 0
	for rows.Next() {
		var seq, at, credits int64
		var company, refs, event, chs, raised, cleared, name, failed string
		require.NoError(b, rows.Scan(&seq, &company, &refs, &event, &chs, &raised, &cleared, &at, &credits, &name, &failed))
		n++
	}
	require.NoError(b, rows.Err())
	return n
}
