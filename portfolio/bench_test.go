package portfolio_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
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

// BenchmarkBurst receives a burst of deliveries (5 % duplicates, 5 %
// redeliveries of events already processed) in one process and processes
// them end to end, on SQLite and on PostgreSQL: events/s counts distinct
// events journalled.
func BenchmarkBurst(b *testing.B) {
	b.Run("sqlite", func(b *testing.B) { benchBurst(b, func() string { return sqliteDSN(b) }) })
	b.Run("postgres", func(b *testing.B) { benchBurst(b, func() string { return postgresDSN(b) }) })
}

func benchBurst(b *testing.B, newDSN func() string) {
	const events, companies = 1000, 200
	srv, c, clk := newFake(b, fake.WithGenerated(companies))
	ids := srv.CompanyIDs()[:companies]
	b.ReportAllocs()
	b.ResetTimer()
	var total time.Duration
	for i := range b.N {
		b.StopTimer()
		p := open(b, newDSN(), c, clk, portfolio.WithWorkers(8))
		var rows []portfolio.Row
		for j, id := range ids {
			rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("C%04d", j), CompanyID: id})
		}
		importAll(b, p, rows, portfolio.ImportOptions{})
		v, err := webhook.NewVerifier(secret)
		require.NoError(b, err)
		hs := httptest.NewServer(p.Handler(v))
		var ds []delivery
		for j := range events {
			body, _ := json.Marshal(map[string]any{"type": "monitor.change", "entity_type": "company", "entity_id": ids[j%companies], "categories": []string{"basic"}})
			ds = append(ds, delivery{id: fmt.Sprintf("msg_%d_%d", i, j), body: body})
		}
		// The first 5 % are processed before the burst and delivered again.
		for _, d := range ds[:events/20] {
			post(b, hs.URL, d)
		}
		_, err = p.Drain(context.Background())
		require.NoError(b, err)
		burst := append(append([]delivery{}, ds...), ds[events/20:events/10]...) // 5 % duplicates
		b.StartTimer()
		t0 := time.Now()
		var wg sync.WaitGroup
		next := make(chan delivery)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for d := range next {
					post(b, hs.URL, d)
				}
			}()
		}
		for _, d := range burst {
			next <- d
		}
		close(next)
		wg.Wait()
		_, err = p.Drain(context.Background())
		require.NoError(b, err)
		total += time.Since(t0)
		b.StopTimer()
		n := 0
		for e, err := range p.Events(context.Background(), 0) {
			require.NoError(b, err)
			if strings.HasPrefix(e.EventID, fmt.Sprintf("msg_%d_", i)) {
				n++
			}
		}
		require.Equal(b, events, n, "every event journalled exactly once")
		hs.Close()
		p.Close()
		b.StartTimer()
	}
	b.ReportMetric(float64(events*b.N)/total.Seconds(), "events/s")
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
