package portfolio_test

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/require"
)

// alertEntries is small by default so that CI's run-once benchmark step
// stays short (30,000 deliveries take a minute on SQLite); measure at
// scale with -alerts.entries 10000.
var alertEntries = flag.Int("alerts.entries", 1_000, "BenchmarkAlerts: journal entries per run")

// countingReceiver counts the distinct webhook-ids it got, answering
// after slow.
type countingReceiver struct {
	mu   sync.Mutex
	ids  map[string]struct{}
	all  chan struct{} // closed when want distinct ids arrived
	want int
	slow time.Duration
}

func (r *countingReceiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if r.slow > 0 {
		select {
		case <-time.After(r.slow):
		case <-req.Context().Done():
			return
		}
	}
	r.mu.Lock()
	r.ids[req.Header.Get("webhook-id")] = struct{}{}
	if len(r.ids) == r.want && r.all != nil {
		close(r.all)
		r.all = nil
	}
	r.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// BenchmarkAlerts: -alerts.entries journal entries (1,000) to 3
// subscribers, on each engine: deliveries/s from the first try to the
// last arrival; and the intake (journal entries written per second, a
// fifth of them) while Work sends to a subscriber that answers after 2 s,
// beside the intake with a subscriber that answers at once (the cost of
// queueing the alerts) and without subscribers.
func BenchmarkAlerts(b *testing.B) {
	for _, eng := range []string{"sqlite", "postgres"} {
		b.Run(eng+"/3-subscribers", func(b *testing.B) { benchDeliveries(b, eng) })
		b.Run(eng+"/intake-no-subscriber", func(b *testing.B) { benchIntake(b, eng, -1) })
		b.Run(eng+"/intake-fast-subscriber", func(b *testing.B) { benchIntake(b, eng, 0) })
		b.Run(eng+"/intake-slow-subscriber-2s", func(b *testing.B) { benchIntake(b, eng, 2*time.Second) })
	}
}

func benchPortfolio(b *testing.B, eng string) (*portfolio.Portfolio, []string) {
	_, c, clk := newFake(b)
	dsn := sqliteDSN(b)
	if eng == "postgres" {
		dsn = postgresDSN(b)
	}
	p := open(b, dsn, c, clk, portfolio.WithWorkers(4), portfolio.WithPollInterval(20*time.Millisecond))
	ids := []string{nordlicht, inLiquidation}
	var rows []portfolio.Row
	for i, id := range ids {
		rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("B%02d", i), CompanyID: id})
	}
	importAll(b, p, rows, portfolio.ImportOptions{})
	return p, ids
}

func benchDeliveries(b *testing.B, eng string) {
	ctx := context.Background()
	n := *alertEntries
	b.StopTimer()
	var wall time.Duration
	for range b.N {
		p, ids := benchPortfolio(b, eng)
		r := &countingReceiver{ids: map[string]struct{}{}, all: make(chan struct{}), want: 3 * n}
		hs := httptest.NewServer(r)
		for _, name := range []string{"crm", "siem", "chat"} {
			require.NoError(b, p.AddSubscriber(ctx, portfolio.Subscriber{Name: name, URL: hs.URL + "/" + name, Secret: secret}))
		}
		for i := range n {
			_, err := p.Rejudge(ctx, ids[i%len(ids)])
			require.NoError(b, err)
		}
		done := r.all
		wctx, cancel := context.WithCancel(ctx)
		worked := make(chan error, 1)
		t0 := time.Now()
		go func() { worked <- p.Work(wctx) }()
		<-done
		wall += time.Since(t0)
		cancel()
		require.NoError(b, <-worked)
		hs.Close()
	}
	b.ReportMetric(float64(3*n*b.N)/wall.Seconds(), "deliveries/s")
	b.ReportMetric(wall.Seconds()/float64(b.N), "wall-s")
}

// benchIntake writes entries while Work runs, with a subscriber that
// answers after slow (none when slow < 0).
func benchIntake(b *testing.B, eng string, slow time.Duration) {
	ctx := context.Background()
	n := *alertEntries / 5
	b.StopTimer()
	var wall time.Duration
	for range b.N {
		p, ids := benchPortfolio(b, eng)
		r := &countingReceiver{ids: map[string]struct{}{}, slow: slow}
		hs := httptest.NewServer(r)
		if slow >= 0 {
			require.NoError(b, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "slow", URL: hs.URL + "/slow", Secret: secret}))
		}
		wctx, cancel := context.WithCancel(ctx)
		worked := make(chan error, 1)
		go func() { worked <- p.Work(wctx) }()
		t0 := time.Now()
		for i := range n {
			_, err := p.Rejudge(ctx, ids[i%len(ids)])
			require.NoError(b, err)
		}
		wall += time.Since(t0)
		cancel()
		require.NoError(b, <-worked)
		hs.CloseClientConnections()
		hs.Close()
	}
	b.ReportMetric(float64(n*b.N)/wall.Seconds(), "entries/s")
}
