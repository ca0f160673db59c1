package portfolio_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// alertReceiver is an alerts receiver: it verifies each POST with the secret,
// answers 500 to the first fail of each subscriber's path, and counts
// what arrived by path and webhook-id.
type alertReceiver struct {
	t    *testing.T
	v    *webhook.Verifier
	mu   sync.Mutex
	fail map[string]int            // path -> POSTs still to refuse
	slow time.Duration             // how long each answer takes
	got  map[string]map[string]int // path -> webhook-id -> arrivals
	seqs map[string][]int64        // path -> the entries' Seq, as they arrived
	url  string
}

func newAlertReceiver(t *testing.T, clk *fake.Clock) *alertReceiver {
	return newAlertReceiverAt(t, clk.Now)
}

// newAlertReceiverAt is a receiver whose verifier's clock is now.
func newAlertReceiverAt(t *testing.T, now func() time.Time) *alertReceiver {
	v, err := webhook.NewVerifier(secret, webhook.WithClock(now))
	require.NoError(t, err)
	r := &alertReceiver{t: t, v: v, fail: map[string]int{}, got: map[string]map[string]int{}, seqs: map[string][]int64{}}
	hs := httptest.NewServer(r)
	t.Cleanup(hs.Close)
	r.url = hs.URL
	return r
}

func (r *alertReceiver) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	body, _ := io.ReadAll(req.Body)
	if r.slow > 0 {
		select {
		case <-time.After(r.slow):
		case <-req.Context().Done():
			return
		}
	}
	if !assert.NoError(r.t, r.v.Verify(req.Header, body), "every alert verifies with the subscriber's secret") {
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail[req.URL.Path] > 0 {
		r.fail[req.URL.Path]--
		http.Error(w, "busy", http.StatusInternalServerError)
		return
	}
	var e portfolio.Event
	assert.NoError(r.t, json.Unmarshal(body, &e))
	id := req.Header.Get("webhook-id")
	if r.got[req.URL.Path] == nil {
		r.got[req.URL.Path] = map[string]int{}
	}
	r.got[req.URL.Path][id]++
	r.seqs[req.URL.Path] = append(r.seqs[req.URL.Path], e.Seq)
	w.WriteHeader(http.StatusNoContent)
}

// arrived is what path received: webhook-id -> arrivals.
func (r *alertReceiver) arrived(path string) map[string]int {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := map[string]int{}
	for k, v := range r.got[path] {
		out[k] = v
	}
	return out
}

// wantIDs are the webhook-ids of the entries of es for subscriber name,
// each once.
func wantIDs(es []portfolio.Event, name string, keep func(portfolio.Event) bool) map[string]int {
	out := map[string]int{}
	for _, e := range es {
		if keep(e) {
			out[portfolio.WebhookID(e.Seq, name)] = 1
		}
	}
	return out
}

func raisesHigh(e portfolio.Event) bool {
	for _, f := range e.Raised {
		if redflags.SeverityOf(f.Code) == redflags.High {
			return true
		}
	}
	return false
}

func TestEveryEntryAtOrAboveTheSeverityArrivesOnceSignedAndTagsFilter(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		r := newAlertReceiver(t, clk)
		for _, s := range []portfolio.Subscriber{
			{Name: "all", URL: r.url + "/all", Secret: secret},
			{Name: "high", URL: r.url + "/high", Secret: secret, MinSeverity: "high"},
			{Name: "supplier", URL: r.url + "/supplier", Secret: secret, Tags: []string{"supplier"}},
		} {
			require.NoError(t, p.AddSubscriber(ctx, s))
		}
		importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht, Tags: []string{"supplier"}}, {Ref: "L-1", CompanyID: inLiquidation}}, portfolio.ImportOptions{})
		rescreenAll(t, p)
		_, err := p.Rejudge(ctx, nordlicht)
		require.NoError(t, err)
		es := events(t, p, 0)
		require.NotEmpty(t, es)
		require.True(t, func() bool {
			for _, e := range es {
				if raisesHigh(e) {
					return true
				}
			}
			return false
		}(), "the company in liquidation raises a high flag")
		drain(t, p)

		assert.Equal(t, wantIDs(es, "all", func(portfolio.Event) bool { return true }), r.arrived("/all"))
		assert.Equal(t, wantIDs(es, "high", raisesHigh), r.arrived("/high"))
		assert.Equal(t, wantIDs(es, "supplier", func(e portfolio.Event) bool { return e.CompanyID == nordlicht }), r.arrived("/supplier"))
		assert.NotEmpty(t, r.arrived("/supplier"))

		drain(t, p)
		assert.Equal(t, wantIDs(es, "all", func(portfolio.Event) bool { return true }), r.arrived("/all"), "a second drain sends nothing again")
		for _, s := range subscribersOf(t, p) {
			assert.Equal(t, len(r.arrived("/"+s.Name)), s.Sent, "%s: every alert counted as sent", s.Name)
			assert.Zero(t, s.Pending+s.Dead, s.Name)
		}
	})
}

func TestARedeliveredServiceWebhookAddsNoSecondAlert(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		r := newAlertReceiver(t, clk)
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: r.url + "/crm", Secret: secret}))
		d, last := deliveredOnce(t, p, srv)
		drain(t, p)
		// the service redelivers (it lost our answer): the same delivery again
		hs := httptest.NewServer(p.Handler(mustVerifier(t)))
		t.Cleanup(hs.Close)
		post(t, hs.URL, d)
		drain(t, p)
		n := 0
		for _, e := range events(t, p, last) {
			if e.EventID == d.id {
				n++
				assert.Equal(t, 1, r.arrived("/crm")[portfolio.WebhookID(e.Seq, "crm")])
			}
		}
		assert.Equal(t, 1, n, "one entry for the delivery")
	})
}

func mustVerifier(t *testing.T) *webhook.Verifier {
	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	return v
}

func TestAReceiverFailingTwiceGetsTheEntryOnTheThirdTry(t *testing.T) {
	defer portfolio.SetAlertBackoff(portfolio.SetAlertBackoff(time.Millisecond))
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		r := newAlertReceiver(t, clk)
		r.fail["/crm"] = 2
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: r.url + "/crm", Secret: secret}))
		importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
		e, err := p.Rejudge(ctx, nordlicht)
		require.NoError(t, err)
		id := portfolio.WebhookID(e.Seq, "crm")
		deadline := time.Now().Add(time.Minute)
		for r.arrived("/crm")[id] == 0 && time.Now().Before(deadline) {
			drain(t, p) // a retry scheduled later than now is left by Drain: run it again
		}
		assert.Equal(t, 1, r.arrived("/crm")[id], "the third try arrives, once")
		s := subscribersOf(t, p)[0]
		assert.Equal(t, 0, s.Dead)
		assert.Equal(t, 0, s.Pending)
	})
}

func TestAnAlertFailingFor3DaysIsDeadAndAReplaySendsIt(t *testing.T) {
	// River retries after an hour: the test runs the retry itself, after
	// moving the portfolio's clock.
	defer portfolio.SetAlertBackoff(portfolio.SetAlertBackoff(time.Hour))
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		r := newAlertReceiver(t, clk)
		r.fail["/crm"] = 1 << 30
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: r.url + "/crm", Secret: secret}))
		importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
		e, err := p.Rejudge(ctx, nordlicht)
		require.NoError(t, err)
		drain(t, p)
		s := subscribersOf(t, p)[0]
		assert.Equal(t, 1, s.Pending, "a failing alert waits for its retry")
		assert.Contains(t, s.LastError, "answered 500")

		clk.Advance(71 * time.Hour)
		require.Error(t, p.RunAlertJob(ctx, e.Seq, "crm"))
		assert.Equal(t, 1, subscribersOf(t, p)[0].Pending, "before 3 days, it is retried")
		clk.Advance(time.Hour)
		err = p.RunAlertJob(ctx, e.Seq, "crm")
		require.Error(t, err)
		assert.NotContains(t, err.Error(), secret)
		s = subscribersOf(t, p)[0]
		require.Equal(t, 1, s.Dead, "3 days after its entry, a failing alert is dead")
		assert.Zero(t, s.Pending)
		assert.NotContains(t, s.LastError, r.url, "the error does not show the URL")

		r.mu.Lock()
		r.fail["/crm"] = 0
		r.mu.Unlock()
		n, err := p.ReplayAlerts(ctx, "crm", e.Seq-1)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		drain(t, p)
		assert.Equal(t, 1, r.arrived("/crm")[portfolio.WebhookID(e.Seq, "crm")], "the replay sends it")
		s = subscribersOf(t, p)[0]
		assert.Equal(t, 1, s.Sent)
		assert.Zero(t, s.Dead)
		_, err = p.ReplayAlerts(ctx, "nobody", 0)
		require.ErrorIs(t, err, portfolio.ErrNoSubscriber)
	})
}

func TestARemovedSubscriberGetsNothingMore(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		r := newAlertReceiver(t, clk)
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: r.url + "/crm", Secret: secret}))
		importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
		_, err := p.Rejudge(ctx, nordlicht) // queued, not yet sent
		require.NoError(t, err)
		require.NoError(t, p.RemoveSubscriber(ctx, "crm"))
		_, err = p.Rejudge(ctx, nordlicht)
		require.NoError(t, err)
		drain(t, p)
		assert.Empty(t, r.arrived("/crm"), "neither the entry queued before the removal nor a later one")
	})
}

func TestTestAlertSaysWhatTheReceiverAnswered(t *testing.T) {
	_, c, clk := newFake(t)
	p := open(t, sqliteDSN(t), c, clk)
	ctx := context.Background()
	r := newAlertReceiver(t, clk)
	require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: r.url + "/crm", Secret: secret}))
	status, err := p.TestAlert(ctx, "crm")
	require.NoError(t, err)
	assert.Equal(t, http.StatusNoContent, status)
	ids := r.arrived("/crm")
	require.Len(t, ids, 1)
	for id := range ids {
		assert.True(t, strings.HasPrefix(id, "test-crm-"), id)
	}
	r.fail["/crm"] = 1
	status, err = p.TestAlert(ctx, "crm")
	assert.Equal(t, http.StatusInternalServerError, status)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "answered 500: busy")
	_, err = p.TestAlert(ctx, "nobody")
	require.ErrorIs(t, err, portfolio.ErrNoSubscriber)
}

// A receiver that does not answer holds up no check: with every alert
// worker waiting for it, a delivery from the service is still checked
// and journalled (the alerts have their own queue and workers).
func TestAReceiverThatDoesNotAnswerHoldsUpNoCheck(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk, portfolio.WithPollInterval(20*time.Millisecond))
		release := make(chan struct{})
		var inFlight, ended atomic.Int64
		hung := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			_, _ = io.Copy(io.Discard, r.Body) // so that a client giving up ends r's context
			inFlight.Add(1)
			defer ended.Add(1)
			select {
			case <-release:
			case <-r.Context().Done():
			}
			w.WriteHeader(http.StatusNoContent)
		}))
		t.Cleanup(hung.Close)
		require.NoError(t, p.AddSubscriber(ctx, portfolio.Subscriber{Name: "hung", URL: hung.URL, Secret: secret}))
		// alerts queued before the delivery: each alert worker takes one
		importAll(t, p, []portfolio.Row{{Ref: "L-1", CompanyID: inLiquidation}}, portfolio.ImportOptions{})
		for range 20 {
			_, err := p.Rejudge(ctx, inLiquidation)
			require.NoError(t, err)
		}
		wctx, cancel := context.WithCancel(ctx)
		worked := make(chan error, 1)
		go func() { worked <- p.Work(wctx) }()
		// as many alerts waiting as the portfolio has workers (4)
		waitFor(t, "alerts waiting for the receiver", time.Minute, func() bool { return inFlight.Load() >= 4 })
		d, last := deliveredOnce(t, p, srv)
		waitFor(t, "the delivery journalled", time.Minute, func() bool { return journalledFor(t, p, last, d.id) == 1 })
		assert.Zero(t, ended.Load(), "the check did not wait for an alert to end (by answer or timeout)")
		close(release)
		cancel()
		require.NoError(t, <-worked)
	})
}
