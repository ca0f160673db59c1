package fake

import (
	"context"
	"errors"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/webhook"
)

// testSecret is the webhook signing secret of the tests, as a dashboard
// shows one: whsec_ and base64.
const testSecret = "whsec_ZmFrZS10ZXN0LXNpZ25pbmctc2VjcmV0LTAxMjM0NQ=="

// Curated register entries the monitor tests use.
const (
	holdingID = "DE-HRB-F1103-315870"                  // Nordlicht Service GmbH: richID holds a stake
	directorP = "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01" // director of richID, holdingID and more
)

// receiver is a webhook endpoint built on webhook.Handler, verifying on
// the wall clock. Its callback fails while fail says so; every accepted
// event is kept. The fake's Advance returns only after its deliveries
// were answered, so tests read the receiver right after advancing.
type receiver struct {
	srv  *httptest.Server
	mu   sync.Mutex
	ids  []string         // the webhook id of every callback, failed ones too
	got  []*webhook.Event // accepted events, in order
	fail func(call int) bool
}

// newReceiver verifies with the verifier's defaults (the wall clock):
// the fake signs with the wall-clock time of sending.
func newReceiver(t *testing.T) *receiver {
	t.Helper()
	v, err := webhook.NewVerifier(testSecret)
	require.NoError(t, err)
	rc := &receiver{fail: func(int) bool { return false }}
	rc.srv = httptest.NewServer(webhook.Handler(v, func(_ context.Context, ev *webhook.Event) error {
		rc.mu.Lock()
		defer rc.mu.Unlock()
		rc.ids = append(rc.ids, ev.ID)
		if rc.fail(len(rc.ids)) {
			return errors.New("receiver: temporarily unavailable")
		}
		rc.got = append(rc.got, ev)
		return nil
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

func (rc *receiver) events() []*webhook.Event {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]*webhook.Event(nil), rc.got...)
}

func (rc *receiver) calls() []string {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]string(nil), rc.ids...)
}

// monitorSetup is a fake on a manual clock delivering to a receiver, and
// an SDK client of it.
type monitorSetup struct {
	srv    *Server
	clk    *Clock
	rc     *receiver
	client *registerdata.Client
}

func newMonitorSetup(t *testing.T, opts ...Option) monitorSetup {
	t.Helper()
	clk := NewClock(testStart)
	rc := newReceiver(t)
	srv, _ := newTestServer(t, append([]Option{WithClock(clk), WithWebhookEndpoint(rc.srv.URL, testSecret)}, opts...)...)
	c := newSDKClient(t, srv, registerdata.WithMaxRetries(0))
	return monitorSetup{srv: srv, clk: clk, rc: rc, client: c}
}

func (s monitorSetup) monitor(t *testing.T, r registerdata.MonitorRequest) *registerdata.Monitor {
	t.Helper()
	m, err := s.client.CreateMonitor(context.Background(), r)
	require.NoError(t, err)
	return m
}

func (s monitorSetup) update(t *testing.T, id string, fn func(*registerdata.Company)) {
	t.Helper()
	require.NoError(t, s.srv.UpdateCompany(id, fn))
}

func renameTo(name string) func(*registerdata.Company) {
	return func(c *registerdata.Company) { c.Name.Name = name }
}

func companyMonitor(id string, prefs ...enums.Preference) registerdata.MonitorRequest {
	return registerdata.MonitorRequest{EntityID: id, EntityType: enums.EntityTypeCompany, Preferences: prefs}
}

const week = 7 * 24 * time.Hour

func TestMonitorEndToEnd(t *testing.T) {
	s := newMonitorSetup(t)
	m := s.monitor(t, companyMonitor(richID, enums.PreferenceBasic))
	assert.Equal(t, enums.UpdateFrequencyWeekly, m.UpdateFrequency)
	assert.Equal(t, DefaultCredits-registerdata.DefaultPrices().Of("POST /v1/monitor", false), s.srv.Credits(s.srv.APIKey))
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("POST /v1/monitor", false)), s.client.CreditsSpent())

	s.update(t, richID, renameTo("Nordlicht Solar GmbH"))
	s.clk.Advance(week - time.Second)
	assert.Empty(t, s.rc.calls(), "nothing before the weekly check")
	s.clk.Advance(time.Second)

	evs := s.rc.events()
	require.Len(t, evs, 1)
	ev := evs[0]
	assert.Equal(t, webhook.EventTypeMonitorChange, ev.Type)
	assert.Equal(t, enums.EntityTypeCompany, ev.EntityType)
	assert.Equal(t, richID, ev.EntityID)
	assert.Equal(t, []string{"basic"}, ev.Categories)
	assert.Equal(t, testStart.Add(week), ev.DetectedAt)
	assert.WithinDuration(t, time.Now(), ev.Timestamp, time.Hour, "signed with the wall clock, not the fake clock (%v)", s.clk.Now())
	require.Len(t, ev.Changes, 1)
	assert.Equal(t, "/name", ev.Changes[0].Path)
	assert.Contains(t, string(ev.Changes[0].After), "Nordlicht Solar GmbH")

	d := s.srv.Deliveries()
	require.Len(t, d, 1)
	assert.Equal(t, ev.ID, d[0].ID)
	assert.Equal(t, "delivered", d[0].State)
	assert.Equal(t, string(ev.Raw), string(d[0].Body), "the receiver got exactly the recorded bytes")
	require.Len(t, d[0].Attempts, 1)
	assert.Equal(t, 204, d[0].Attempts[0].Status, "webhook.Handler acknowledges with 204")
}

func TestFailingReceiverGetsRetriesWithTheSameID(t *testing.T) {
	s := newMonitorSetup(t)
	s.rc.fail = func(call int) bool { return call <= 3 }
	s.monitor(t, companyMonitor(richID, enums.PreferenceBasic))
	s.monitor(t, companyMonitor(holdingID, enums.PreferenceFinancials))
	s.update(t, richID, renameTo("Nordlicht Solar GmbH"))
	s.update(t, richID, func(c *registerdata.Company) { c.Status = enums.CompanyStatusLiquidation })
	s.update(t, holdingID, renameTo("Nordlicht Dienste GmbH")) // basic: not a preference of that monitor

	s.clk.Advance(week)
	require.Len(t, s.rc.calls(), 1, "first attempt, failed")
	s.clk.Advance(5 * time.Second)
	require.Len(t, s.rc.calls(), 2, "second attempt 5 s later, failed")
	s.clk.Advance(5 * time.Minute)
	require.Len(t, s.rc.calls(), 3, "third attempt 5 min later, failed")
	s.clk.Advance(30*time.Minute - time.Second)
	require.Len(t, s.rc.calls(), 3)
	s.clk.Advance(time.Second)
	require.Len(t, s.rc.calls(), 4, "fourth attempt 30 min later, accepted")
	s.clk.Advance(3 * 24 * time.Hour)

	calls := s.rc.calls()
	require.Len(t, calls, 4, "no attempt after the success")
	for _, id := range calls {
		assert.Equal(t, calls[0], id, "every attempt carries the same webhook id")
	}
	evs := s.rc.events()
	require.Len(t, evs, 1, "the event arrives exactly once")
	assert.Equal(t, richID, evs[0].EntityID)
	assert.ElementsMatch(t, []string{"basic"}, evs[0].Categories)
	assert.Len(t, evs[0].Changes, 2, "name and status, nothing lost")

	d := s.srv.Deliveries()
	require.Len(t, d, 1, "the rename of the other company matched no preference")
	var statuses []int
	for _, a := range d[0].Attempts {
		statuses = append(statuses, a.Status)
	}
	assert.Equal(t, []int{500, 500, 500, 204}, statuses)
}

func TestDisabledMonitorsDeliverNothingEndToEnd(t *testing.T) {
	s := newMonitorSetup(t)
	s.monitor(t, companyMonitor(richID, enums.PreferenceBasic))
	s.srv.SetMonitoringPlan(s.srv.APIKey, false)

	ms, err := s.client.ListMonitors(context.Background())
	require.NoError(t, err)
	require.Len(t, ms, 1)
	assert.True(t, ms[0].Disabled)

	s.update(t, richID, renameTo("Nordlicht Solar GmbH"))
	s.clk.Advance(4 * week)
	assert.Empty(t, s.rc.calls())
	assert.Empty(t, s.srv.Deliveries())

	_, err = s.client.CreateMonitor(context.Background(), companyMonitor(holdingID, enums.PreferenceBasic))
	var apiErr *registerdata.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, 403, apiErr.StatusCode)

	s.srv.SetMonitoringPlan(s.srv.APIKey, true)
	ms, err = s.client.ListMonitors(context.Background())
	require.NoError(t, err)
	require.Len(t, ms, 1)
	assert.True(t, ms[0].Disabled, "an upgrade does not re-enable")
	require.NoError(t, s.srv.EnableMonitors(s.srv.APIKey, richID))
	ms, err = s.client.ListMonitors(context.Background())
	require.NoError(t, err)
	require.Len(t, ms, 1)
	assert.False(t, ms[0].Disabled)

	s.update(t, richID, renameTo("Nordlicht Energie GmbH"))
	s.clk.Advance(week)
	require.Len(t, s.rc.events(), 1)
}

// Three monitors created on 2 June 2025 09:00: weekly company (25), daily
// company (50) and person (25), 100 credits a month. Over 365 days the
// anniversaries 2 July 2025 ... 2 June 2026 fall in: 12 monthly charges.
func TestBillingAcrossASimulatedYear(t *testing.T) {
	const start = 10_000
	s := newMonitorSetup(t, WithCredits(start))
	s.monitor(t, companyMonitor(richID, enums.PreferenceBasic))
	daily := companyMonitor(holdingID, enums.PreferenceBasic)
	daily.UpdateFrequency = enums.UpdateFrequencyDaily
	s.monitor(t, daily)
	s.monitor(t, registerdata.MonitorRequest{EntityID: directorP, EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceHoldings}})
	assert.Equal(t, int64(start-100), s.srv.Credits(s.srv.APIKey))
	assert.Equal(t, int64(100), s.client.CreditsSpent())

	s.clk.Advance(28*24*time.Hour + 23*time.Hour) // 1 July 08:00: no anniversary yet
	assert.Equal(t, int64(start-100), s.srv.Credits(s.srv.APIKey))
	s.clk.Advance(time.Hour) // 1 July 09:00
	assert.Equal(t, int64(start-100), s.srv.Credits(s.srv.APIKey))
	s.clk.Advance(24 * time.Hour) // 2 July 09:00
	assert.Equal(t, int64(start-200), s.srv.Credits(s.srv.APIKey))

	for range 365 - 30 {
		s.clk.Advance(24 * time.Hour)
	}
	assert.Equal(t, time.Date(2026, 6, 2, 9, 0, 0, 0, time.UTC), s.clk.Now())
	assert.Equal(t, int64(start-100-12*100), s.srv.Credits(s.srv.APIKey))
	assert.Equal(t, int64(100), s.client.CreditsSpent(), "monthly charges are the service's, not the client's calls")
}

func TestPersonMonitorEndToEnd(t *testing.T) {
	s := newMonitorSetup(t)
	s.monitor(t, registerdata.MonitorRequest{EntityID: directorP, EntityType: enums.EntityTypePerson,
		Preferences: []enums.Preference{enums.PreferenceManagementPositions}})

	s.update(t, holdingID, func(c *registerdata.Company) {
		for i := range c.Representation {
			if id := c.Representation[i].ID; id != nil && *id == directorP {
				end := registerdata.NewDate(2025, 6, 10)
				c.Representation[i].EndDate = &end
			}
		}
	})
	fresh, ok := s.srv.Company(holdingID)
	require.True(t, ok)
	fresh.ID, fresh.Name.Name = "DE-HRB-F1103-999001", "Nordlicht Speicher GmbH"
	fresh.Register.RegisterNumber = "999001"
	require.NoError(t, s.srv.AddCompany(fresh))

	s.clk.Advance(24 * time.Hour)
	evs := s.rc.events()
	require.Len(t, evs, 1, "the new company is found at the daily check")
	assert.Equal(t, enums.EntityTypePerson, evs[0].EntityType)
	assert.Equal(t, []string{"management_positions"}, evs[0].Categories)
	for _, c := range evs[0].Changes {
		assert.Contains(t, c.Path, "/companies/DE-HRB-F1103-999001/")
	}

	s.clk.Advance(28 * 24 * time.Hour) // 1 July: before the monthly check
	require.Len(t, s.rc.events(), 1)
	s.clk.Advance(24 * time.Hour) // 2 July 09:00: the monthly check
	evs = s.rc.events()
	require.Len(t, evs, 2)
	require.Len(t, evs[1].Changes, 1)
	assert.Equal(t, "/companies/"+holdingID+"/representation/DIRECTOR", evs[1].Changes[0].Path)
}
