package portfolio_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// failingLookups makes every lookup of company id fail with 400 (an
// answer the client does not retry) until the test clears the faults.
func failingLookups(t testing.TB, srv *fake.Server, id string) {
	t.Helper()
	require.NoError(t, srv.InjectFault(fake.Fault{PathPrefix: "/v1/company/" + id, Method: http.MethodGet, Count: 1_000_000, Status: http.StatusBadRequest}))
}

// monitoredNordlicht is a portfolio whose jobs get one attempt each, with
// nordlicht imported and monitored daily, and the receiver of its
// deliveries.
func monitoredNordlicht(t *testing.T, dsn string) (*portfolio.Portfolio, *fake.Server, *fake.Clock) {
	t.Helper()
	srv, c, clk := newFake(t)
	p := open(t, dsn, c, clk, portfolio.WithJobAttempts(1))
	receiver(t, srv, clk, p)
	importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
	pl, err := p.Plan(context.Background(), portfolio.MonitorOptions{UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)
	_, err = p.Sync(context.Background(), pl)
	require.NoError(t, err)
	return p, srv, clk
}

// change changes nordlicht's status in the fake and lets a day pass:
// its monitor delivers the change. It returns the delivery's id.
func change(t *testing.T, srv *fake.Server, clk *fake.Clock, st enums.CompanyStatus) string {
	t.Helper()
	n := len(srv.Deliveries())
	require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) { co.Status = st }))
	clk.Advance(24*time.Hour + time.Minute)
	ds := srv.Deliveries()
	require.Len(t, ds, n+1)
	require.Equal(t, fake.DeliveryDelivered, ds[n].State)
	return ds[n].ID
}

func drain(t *testing.T, p *portfolio.Portfolio) {
	t.Helper()
	_, err := p.Drain(context.Background())
	require.NoError(t, err)
}

// TestACheckGivenUpIsJournalledFlaggedAndRetriedByHand: the check of a
// delivery fails its last attempt. The journal says so (the delivery,
// the error, the attempts, since when), the company's flag check_failed
// is open for review (Flags, the overview); RetryFailed queues it again:
// failing again it is journalled again without raising the flag twice;
// succeeding, it journals the change it had missed and clears the flag.
func TestACheckGivenUpIsJournalledFlaggedAndRetriedByHand(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		p, srv, clk := monitoredNordlicht(t, dsn)
		last := lastSeq(t, p)
		failingLookups(t, srv, nordlicht)
		received := clk.Now()
		id := change(t, srv, clk, enums.CompanyStatusLiquidation)
		drain(t, p)

		evs := events(t, p, last)
		require.Len(t, evs, 1, "the check given up is journalled")
		e := evs[0]
		assert.Equal(t, nordlicht, e.CompanyID)
		assert.Equal(t, id, e.EventID)
		require.NotNil(t, e.Failed)
		assert.Equal(t, 1, e.Failed.Attempts)
		assert.Contains(t, e.Failed.Error, "400")
		assert.False(t, e.Failed.Since.Before(received), "since the delivery came: %v", e.Failed.Since)
		assert.False(t, e.Failed.Since.After(clk.Now()))
		assert.Empty(t, e.Changes, "nothing could be compared")
		assert.Equal(t, []string{redflags.FlagCheckFailed}, flagCodes(e.Raised))
		f, ok := openFlag(t, p, nordlicht, redflags.FlagCheckFailed)
		require.True(t, ok, "a check given up is a flag for review")
		assert.Contains(t, f.Flag.Reason, id)
		assert.Equal(t, redflags.Review, redflags.SeverityOf(f.Flag.Code))
		assert.Contains(t, overviewOf(t, p), redflags.FlagCheckFailed, "the overview lists it")
		_, ok = openFlag(t, p, nordlicht, redflags.FlagLiquidation)
		assert.False(t, ok, "the liquidation is not known yet")

		// Retried while the lookups still fail: given up and journalled
		// again, the flag raised once.
		n, err := p.RetryFailed(bg)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		drain(t, p)
		evs = events(t, p, e.Seq)
		require.Len(t, evs, 1)
		require.NotNil(t, evs[0].Failed)
		assert.Empty(t, evs[0].Raised, "the flag is open already")

		// Retried once the lookups answer: the change is journalled.
		srv.ClearFaults()
		n, err = p.RetryFailed(bg, "DE-HRB-X0000-1") // another company's: nothing to retry
		require.NoError(t, err)
		assert.Zero(t, n)
		n, err = p.RetryFailed(bg, nordlicht)
		require.NoError(t, err)
		assert.Equal(t, 1, n)
		drain(t, p)
		evs = events(t, p, evs[0].Seq)
		require.Len(t, evs, 1)
		assert.Equal(t, id, evs[0].EventID)
		assert.Nil(t, evs[0].Failed)
		require.NotEmpty(t, evs[0].Changes, "the retried check found the change it had missed")
		assert.Equal(t, "status", evs[0].Changes[0].Field)
		assert.Contains(t, flagCodes(evs[0].Raised), redflags.FlagLiquidation)
		assert.Contains(t, flagCodes(evs[0].Cleared), redflags.FlagCheckFailed)
		_, ok = openFlag(t, p, nordlicht, redflags.FlagCheckFailed)
		assert.False(t, ok)
		n, err = p.RetryFailed(bg)
		require.NoError(t, err)
		assert.Zero(t, n, "nothing is left to retry")
	})
}

// TestRescreenPollsAMonitoredCompanyWhoseCheckWasGivenUp: a monitored
// company is not polled by Rescreen, unless a check of it was given up:
// then Rescreen polls it, the poll's entry clears check_failed, and the
// delivery given up counts as covered (RetryFailed has nothing left).
func TestRescreenPollsAMonitoredCompanyWhoseCheckWasGivenUp(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		p, srv, clk := monitoredNordlicht(t, dsn)
		limit := portfolio.RescreenOptions{MaxCredits: 100 * lookupPrice()}
		before := spent(srv)
		for _, err := range p.Rescreen(bg, limit) {
			require.NoError(t, err)
		}
		assert.Equal(t, before, spent(srv), "a monitored company is not polled")

		failingLookups(t, srv, nordlicht)
		change(t, srv, clk, enums.CompanyStatusLiquidation)
		drain(t, p)
		_, ok := openFlag(t, p, nordlicht, redflags.FlagCheckFailed)
		require.True(t, ok)
		srv.ClearFaults()
		last := lastSeq(t, p)
		before = spent(srv)
		var polled []portfolio.Event
		for e, err := range p.Rescreen(bg, limit) {
			require.NoError(t, err)
			polled = append(polled, e)
		}
		assert.Greater(t, spent(srv)-before, int64(0), "Rescreen polled the company")
		require.Len(t, polled, 1)
		assert.Equal(t, nordlicht, polled[0].CompanyID)
		assert.Contains(t, flagCodes(polled[0].Raised), redflags.FlagLiquidation, "the poll found what the given-up check missed")
		assert.Contains(t, flagCodes(polled[0].Cleared), redflags.FlagCheckFailed)
		assert.Len(t, events(t, p, last), 1)
		_, ok = openFlag(t, p, nordlicht, redflags.FlagCheckFailed)
		assert.False(t, ok)
		n, err := p.RetryFailed(bg)
		require.NoError(t, err)
		assert.Zero(t, n, "the poll covered the delivery given up")

		before = spent(srv)
		for _, err := range p.Rescreen(bg, limit) {
			require.NoError(t, err)
		}
		assert.Equal(t, before, spent(srv), "monitored and checked: not polled again")
	})
}

// TestAReevaluationKeepsACheckGivenUpOpen: Rescreen's re-evaluation of
// the stored records (no fetch) does not clear check_failed: only a check
// that fetched the record does.
func TestAReevaluationKeepsACheckGivenUpOpen(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		p, srv, clk := monitoredNordlicht(t, dsn)
		failingLookups(t, srv, nordlicht)
		change(t, srv, clk, enums.CompanyStatusLiquidation)
		drain(t, p)
		clk.Advance(24 * time.Hour)
		for _, err := range p.Rescreen(context.Background(), portfolio.RescreenOptions{}) { // no polls
			require.NoError(t, err)
		}
		_, ok := openFlag(t, p, nordlicht, redflags.FlagCheckFailed)
		assert.True(t, ok, "judging the stored record again covers nothing")
	})
}

// TestAJobIsGivenUpOnlyAfterItsLastAttempt: with two attempts, the
// first failure is River's to retry; the second is given up, once: one
// journal entry, saying two attempts. The retry waits an hour, so that
// no Drain takes it up before the test makes it due.
func TestAJobIsGivenUpOnlyAfterItsLastAttempt(t *testing.T) {
	old := portfolio.SetDeliveryRetry(time.Hour)
	t.Cleanup(func() { portfolio.SetDeliveryRetry(old) })
	srv, c, clk := newFake(t)
	p := open(t, sqliteDSN(t), c, clk, portfolio.WithJobAttempts(2))
	receiver(t, srv, clk, p)
	importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
	pl, err := p.Plan(context.Background(), portfolio.MonitorOptions{UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)
	_, err = p.Sync(context.Background(), pl)
	require.NoError(t, err)
	last := lastSeq(t, p)
	failingLookups(t, srv, nordlicht)
	change(t, srv, clk, enums.CompanyStatusLiquidation)
	runs, err := p.Drain(context.Background())
	require.NoError(t, err)
	require.Equal(t, 1, runs, "the first attempt")
	assert.Empty(t, events(t, p, last), "the first failure is River's to retry")
	waiting, err := p.RetryNow(context.Background())
	require.NoError(t, err)
	require.Equal(t, 1, waiting, "the job waits for its retry")
	n, err := p.Drain(context.Background())
	require.NoError(t, err)
	runs += n
	require.Equal(t, 2, runs, "two attempts")
	evs := events(t, p, last)
	require.Len(t, evs, 1, "given up once, after the last attempt")
	require.NotNil(t, evs[0].Failed)
	assert.Equal(t, 2, evs[0].Failed.Attempts)
}
