package portfolio_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"
)

// BenchmarkImportByID imports rows by company id into SQLite, each row
// committed in its own transaction; rows/s is the figure.
func BenchmarkImportByID(b *testing.B) {
	const rows = 2000
	srv, c, clk := newFake(b, fake.WithGenerated(rows))
	ids := srv.CompanyIDs()[:rows]
	b.ReportAllocs()
	b.ResetTimer()
	var total time.Duration
	for i := range b.N {
		b.StopTimer()
		p := open(b, sqliteDSN(b), c, clk)
		in := make([]portfolio.Row, rows)
		for j, id := range ids {
			in[j] = portfolio.Row{Ref: fmt.Sprintf("B%d-%06d", i, j), CompanyID: id, Tags: []string{"bench"}}
		}
		b.StartTimer()
		t0 := time.Now()
		importAll(b, p, in, portfolio.ImportOptions{})
		total += time.Since(t0)
		b.StopTimer()
		p.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(rows*b.N)/total.Seconds(), "rows/s")
}

// BenchmarkImportByName matches rows by name through MatchCompaniesSeq
// against the fake at 2 ms latency, concurrency 8.
func BenchmarkImportByName(b *testing.B) {
	const rows = 400
	srv, c, clk := newFake(b, fake.WithGenerated(rows), fake.WithLatency(2*time.Millisecond, 2*time.Millisecond))
	var in []portfolio.Row
	for j, id := range srv.CompanyIDs()[:rows] {
		co, _ := srv.Company(id)
		in = append(in, portfolio.Row{Ref: fmt.Sprintf("N%06d", j), Query: registerdata.MatchQuery{Name: co.Name.Name, City: co.Address.City}})
	}
	b.ReportAllocs()
	b.ResetTimer()
	var total time.Duration
	for range b.N {
		b.StopTimer()
		p := open(b, sqliteDSN(b), c, clk)
		b.StartTimer()
		t0 := time.Now()
		importAll(b, p, in, portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 8}})
		total += time.Since(t0)
		b.StopTimer()
		p.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(rows*b.N)/total.Seconds(), "rows/s")
}

// BenchmarkEvents streams a journal of 100,000 entries from SQLite.
func BenchmarkEvents(b *testing.B) {
	const entries = 100_000
	_, c, clk := newFake(b)
	dsn := sqliteDSN(b)
	p := open(b, dsn, c, clk)
	db, err := sql.Open("sqlite", "file:"+strings.TrimPrefix(dsn, "sqlite:"))
	require.NoError(b, err)
	tx, err := db.Begin()
	require.NoError(b, err)
	chs := `[{"category":"basic","kind":"modified","field":"status","before":"active","after":"liquidation"}]`
	for i := range entries {
		_, err := tx.Exec(`INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits) VALUES (?, '["R1"]', ?, ?, '[]', '[]', ?, 10)`,
			fmt.Sprintf("DE-HRB-F1103-%d", i), fmt.Sprintf("msg_%d", i), chs, int64(i))
		require.NoError(b, err)
	}
	require.NoError(b, tx.Commit())
	db.Close()
	b.ReportAllocs()
	b.ResetTimer()
	t0 := time.Now()
	for range b.N {
		n := 0
		for _, err := range p.Events(context.Background(), 0) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != entries {
			b.Fatalf("streamed %d entries, want %d", n, entries)
		}
	}
	b.ReportMetric(float64(entries*b.N)/time.Since(t0).Seconds(), "rows/s")
}
