package changes_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/webhook"
)

// sink records what the watcher's callback receives; it fails while
// failNext is set (once).
type sink struct {
	mu       sync.Mutex
	sets     []changes.Set
	calls    int
	failNext bool
}

func (s *sink) fn(_ context.Context, set changes.Set) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls++
	if s.failNext {
		s.failNext = false
		return errors.New("sink: temporarily unavailable")
	}
	s.sets = append(s.sets, set)
	return nil
}

func (s *sink) state() ([]changes.Set, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]changes.Set(nil), s.sets...), s.calls
}

func sentences(cs []changes.Change) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

// TestWatcherEndToEnd: a monitor of the fake, register changes, the
// delivery through webhook.Handler with the watcher, the expected
// sentences; a failing callback gets the same sentences on the
// redelivery, and a redelivery of a delivered event reaches it no more.
// All on the fake clock: the fake's Advance returns once its deliveries
// were answered.
func TestWatcherEndToEnd(t *testing.T) {
	sk := &sink{}
	var w *changes.Watcher
	srv, clk, c, _ := fakeWithReceiver(t, func(*webhook.Verifier) func(context.Context, *webhook.Event) error {
		return func(ctx context.Context, ev *webhook.Event) error { return w.Handle(ctx, ev) }
	})
	store := changes.NewMemoryStore().(*changes.MemoryStore)
	w = changes.NewWatcher(c, store, sk.fn)
	ctx := context.Background()
	_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: richID, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic, enums.PreferenceRepresentation}, UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)

	// The first event stores a baseline, says so, and reports what the
	// event itself announced.
	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Name.Name = "Nordlicht Energie GmbH" }))
	clk.Advance(24 * time.Hour)
	sets, calls := sk.state()
	require.Len(t, sets, 1)
	assert.Equal(t, 1, calls)
	assert.True(t, sets[0].Baseline)
	assert.Equal(t, []enums.Preference{enums.PreferenceBasic}, sets[0].Baselines, "the categories of the event")
	assert.Equal(t, []string{`The name changed from "Nordlicht Solartechnik GmbH" to "Nordlicht Energie GmbH".`}, sentences(sets[0].Changes))
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)), sets[0].Credits)
	assert.Equal(t, 1, store.Len())

	// Register changes: a rename, a director joins, one leaves.
	var leaving string
	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) {
		co.Name.Name = "Nordlicht Solar GmbH"
		co.Names = append(co.Names, co.Name)
		for i := range co.Representation {
			r := &co.Representation[i]
			if r.EndDate == nil && r.Role == enums.RoleDirector && leaving == "" {
				r.EndDate = &registerdata.Date{Year: 2025, Month: 3, Day: 4}
				leaving = r.Name
			}
		}
		co.Representation = append(co.Representation, registerdata.Representative{
			ID: ptr("0b5d8a1e-1111-4c7a-9e21-5d0b7a4c1f99"), Name: "Erika Beispiel", Type: enums.RepresentativeTypeNaturalPerson,
			Role: enums.RoleDirector, RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector},
			StartDate:     registerdata.Date{Year: 2025, Month: 3, Day: 4},
			NaturalPerson: &registerdata.NaturalPerson{FirstName: ptr("Erika"), LastName: ptr("Beispiel")},
		})
	}))
	require.NotEmpty(t, leaving)
	sk.failNext = true
	clk.Advance(24 * time.Hour)
	sets, calls = sk.state()
	assert.Equal(t, 2, calls, "the callback failed once")
	require.Len(t, sets, 1, "nothing accepted yet")
	clk.Advance(5 * time.Second) // the fake's first retry
	sets, calls = sk.state()
	require.Len(t, sets, 2)
	assert.Equal(t, 3, calls)
	got := sets[1]
	assert.False(t, got.Baseline)
	assert.Equal(t, richID, got.EntityID)
	assert.Equal(t, enums.EntityTypeCompany, got.EntityType)
	assert.NotEmpty(t, got.EventID)
	assert.Equal(t, testStart.Add(48*time.Hour), got.DetectedAt)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)), got.Credits)
	want := []string{
		`The name changed from "Nordlicht Energie GmbH" to "Nordlicht Solar GmbH".`,
		"Erika Beispiel (Managing Director) joined the representation (since 2025-03-04).",
	}
	s := sentences(got.Changes)
	assert.Subset(t, s, want)
	assert.Len(t, s, 3)
	var left bool
	for _, line := range s {
		left = left || bytes.Contains([]byte(line), []byte(leaving)) && bytes.Contains([]byte(line), []byte("left the representation (until 2025-03-04)"))
	}
	assert.True(t, left, "%q left: %q", leaving, s)

	// Redelivering the delivered event reaches the callback no more.
	ds := srv.Deliveries()
	last := ds[len(ds)-1]
	require.Equal(t, got.EventID, last.ID)
	h, err := webhook.SignedHeaders(testSecret, last.ID, time.Now(), last.Body)
	require.NoError(t, err)
	rec := redeliver(t, srv, last.Body, h)
	assert.Equal(t, http.StatusNoContent, rec)
	_, calls2 := sk.state()
	assert.Equal(t, 3, calls2, "no second call for a delivered id")
}

// redeliver posts body with headers h to the receiver the fake delivers
// to, and returns the status.
func redeliver(t *testing.T, srv *fake.Server, body []byte, h http.Header) int {
	t.Helper()
	url := webhookURL(t, srv)
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	require.NoError(t, err)
	req.Header = h
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}

// collector is a webhook receiver keeping every event.
type collector struct {
	mu  sync.Mutex
	evs []*webhook.Event
}

func (c *collector) take() []*webhook.Event {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.evs
	c.evs = nil
	return out
}

// fakeWithReceiver is a fake on a manual clock delivering to h (or to a
// collector when h is nil), and an SDK client of it.
func fakeWithReceiver(t *testing.T, h func(*webhook.Verifier) (fn func(context.Context, *webhook.Event) error)) (*fake.Server, *fake.Clock, *registerdata.Client, *collector) {
	t.Helper()
	v, err := webhook.NewVerifier(testSecret)
	require.NoError(t, err)
	col := &collector{}
	fn := func(_ context.Context, ev *webhook.Event) error {
		col.mu.Lock()
		defer col.mu.Unlock()
		col.evs = append(col.evs, ev)
		return nil
	}
	if h != nil {
		fn = h(v)
	}
	rc := httptest.NewServer(webhook.Handler(v, fn))
	t.Cleanup(rc.Close)
	clk := fake.NewClock(testStart)
	srv := fake.NewServer(fake.WithClock(clk), fake.WithWebhookEndpoint(rc.URL, testSecret), fake.WithCredits(1_000_000))
	t.Cleanup(srv.Close)
	receiverURLs.Store(srv, rc.URL)
	t.Cleanup(func() { receiverURLs.Delete(srv) })
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)
	return srv, clk, c, col
}

// receiverURLs maps each fake of fakeWithReceiver to its receiver's URL.
var receiverURLs sync.Map

func webhookURL(t *testing.T, srv *fake.Server) string {
	t.Helper()
	u, ok := receiverURLs.Load(srv)
	require.True(t, ok)
	return u.(string)
}
