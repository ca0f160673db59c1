package portfolio_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"
)

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
