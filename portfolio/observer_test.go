package portfolio_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// watcher is an Observer that keeps what it is told.
type watcher struct {
	mu         sync.Mutex
	deliveries []portfolio.DeliveryObservation
	jobs       []portfolio.JobObservation
	alerts     []portfolio.AlertObservation
}

func (w *watcher) ObserveDelivery(_ context.Context, d portfolio.DeliveryObservation) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.deliveries = append(w.deliveries, d)
}

func (w *watcher) ObserveJob(_ context.Context, j portfolio.JobObservation) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.jobs = append(w.jobs, j)
}

func (w *watcher) ObserveAlert(_ context.Context, a portfolio.AlertObservation) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.alerts = append(w.alerts, a)
}

// outcomes counts the deliveries by outcome.
func (w *watcher) outcomes() map[portfolio.DeliveryOutcome]int {
	w.mu.Lock()
	defer w.mu.Unlock()
	out := map[portfolio.DeliveryOutcome]int{}
	for _, d := range w.deliveries {
		out[d.Outcome]++
	}
	return out
}

func TestTheObserverIsToldOfEachDeliveryJobAndAlert(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		w := &watcher{}
		p := open(t, dsn, c, clk, portfolio.WithObserver(w))
		ds, afterSync := monitorAndRename(t, p, srv, []string{nordlicht, inLiquidation}, "Observed %d GmbH")
		// Subscribed after the baselines: the deliveries' entries are alerted.
		r := newAlertReceiver(t, clk)
		r.fail["/down"] = 1000
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: r.url + "/crm", Secret: secret}))
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "down", URL: r.url + "/down", Secret: secret}))
		hs := httptest.NewServer(p.Handler(mustVerifier(t)))
		t.Cleanup(hs.Close)

		for _, d := range ds {
			require.Equal(t, http.StatusNoContent, post(t, hs.URL, d))
		}
		require.Equal(t, http.StatusNoContent, post(t, hs.URL, ds[0]), "a redelivery")
		res, err := http.Post(hs.URL, "application/json", strings.NewReader(`{}`))
		require.NoError(t, err)
		res.Body.Close()
		require.Equal(t, http.StatusUnauthorized, res.StatusCode, "unsigned")
		assert.Equal(t, map[portfolio.DeliveryOutcome]int{portfolio.DeliveryReceived: 2, portfolio.DeliveryDuplicate: 1, portfolio.DeliveryRefused: 1}, w.outcomes())
		for _, d := range w.deliveries {
			if d.Outcome == portfolio.DeliveryRefused {
				assert.Equal(t, http.StatusUnauthorized, d.Status)
				assert.NotEmpty(t, d.Reason)
				assert.Empty(t, d.ID)
			} else {
				assert.Contains(t, []string{ds[0].id, ds[1].id}, d.ID)
				assert.Contains(t, []string{nordlicht, inLiquidation}, d.CompanyID)
			}
		}

		qs, err := p.QueueStats(ctx)
		require.NoError(t, err)
		require.Len(t, qs, 3)
		assert.Equal(t, portfolio.JobKindDelivery, qs[0].Kind)
		assert.Equal(t, int64(2), qs[0].Available, "the two deliveries wait")
		assert.Positive(t, qs[0].OldestAge)
		assert.Less(t, qs[0].OldestAge, time.Minute, "queued just now, by the database's clock")
		assert.Zero(t, qs[1].Available+qs[1].Running+qs[1].Retryable+qs[1].Scheduled, "no alert yet")

		drain(t, p)
		w.mu.Lock()
		jobs, alerts := append([]portfolio.JobObservation(nil), w.jobs...), append([]portfolio.AlertObservation(nil), w.alerts...)
		w.mu.Unlock()
		require.Len(t, jobs, 2)
		var credits int64
		for _, j := range jobs {
			assert.Equal(t, portfolio.JobDone, j.Outcome, j.Err)
			assert.Equal(t, 1, j.Attempt)
			assert.Contains(t, []string{ds[0].id, ds[1].id}, j.DeliveryID)
			assert.Regexp(t, `^Observed [01] GmbH$`, j.CompanyName)
			assert.Positive(t, j.Duration)
			credits += j.Credits
		}
		assert.Equal(t, spent(srv)-afterSync, credits, "the jobs' credits are what the fake billed")
		sent, failed := 0, 0
		for _, a := range alerts {
			assert.Equal(t, "webhook", a.Kind)
			assert.Positive(t, a.Seq)
			if a.Sent {
				sent++
				assert.Equal(t, "crm", a.Subscriber)
			} else {
				failed++
				assert.Equal(t, "down", a.Subscriber)
				assert.Error(t, a.Err)
			}
		}
		assert.Equal(t, 2, sent, "one alert per entry to crm")
		assert.Equal(t, 2, failed, "one failed try per entry to down")

		qs, err = p.QueueStats(ctx)
		require.NoError(t, err)
		assert.Zero(t, qs[0].Available+qs[0].Running+qs[0].Retryable+qs[0].Scheduled, "the deliveries are done")
		assert.Equal(t, int64(2), qs[1].Retryable+qs[1].Scheduled, "the failed alerts wait for their retry")
	})
}
