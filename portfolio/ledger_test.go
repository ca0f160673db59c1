package portfolio_test

import (
	"context"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// renewalPrices is DefaultPrices with a monitor's monthly charge twice
// its creation's, so that a month billed as a creation and a month billed
// as a renewal cost apart.
func renewalPrices() *registerdata.Prices {
	p := registerdata.DefaultPrices()
	p.SetVariant("POST /v1/monitor", registerdata.VariantMonthly, 2*p.Monitor(enums.UpdateFrequencyWeekly))
	p.SetVariant("POST /v1/monitor", registerdata.VariantMonthlyDaily, 2*p.Monitor(enums.UpdateFrequencyDaily))
	return p
}

// renewalFake is newFake billing by renewalPrices, with a client that
// counts by them too.
func renewalFake(t *testing.T) (*fake.Server, *registerdata.Client, *fake.Clock) {
	t.Helper()
	prices := renewalPrices()
	srv, _, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret), fake.WithPrices(prices))
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithPrices(prices),
		registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute))
	require.NoError(t, err)
	return srv, c, clk
}

// firstOf is the first instant of the month of t, in UTC.
func firstOf(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
}

// until advances clk to t.
func until(clk *fake.Clock, t time.Time) {
	if d := t.Sub(clk.Now()); d > 0 {
		clk.Advance(d)
	}
}

// monthCost is what the ledger expects the month of t to cost.
func monthCost(t *testing.T, p *portfolio.Portfolio, at time.Time) int64 {
	t.Helper()
	sum, err := p.MonitorCosts(context.Background(), firstOf(at), firstOf(at).AddDate(0, 1, 0))
	require.NoError(t, err)
	require.Len(t, sum.Months, 1)
	return sum.Credits
}

// syncAll plans with weekly monitors and syncs.
func syncAll(t *testing.T, p *portfolio.Portfolio) {
	t.Helper()
	ctx := context.Background()
	pl, err := p.Plan(ctx, portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}})
	require.NoError(t, err)
	_, err = p.Sync(ctx, pl)
	require.NoError(t, err)
}

// A year of a mixed portfolio on the fake: each month the ledger expects
// what the fake billed the monitors in it, through a removal after a
// month's anniversary (the month billed, the next not) and one before
// it (the month not billed); at the end of the year the fake's books
// are the imports, the journal and the ledger, to the credit.
func TestTheLedgerHoldsWhatTheFakeBillsEachMonthOfAYear(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := renewalFake(t)
		p := open(t, dsn, c, clk)
		_, weekly, imported := mixedPortfolio(t, p, srv)
		year := firstOf(clk.Now())
		byRef := map[string]string{}
		for e, err := range p.Entries(ctx) {
			require.NoError(t, err)
			byRef[e.CompanyID] = e.Ref
		}

		for m := year.AddDate(0, 1, 0); m.Before(year.AddDate(1, 0, 0)); m = m.AddDate(0, 1, 0) {
			until(clk, m)
			before := spent(srv)
			switch m.Month() {
			case time.September: // removed on 10 September, after its anniversary
				until(clk, m.AddDate(0, 0, 9))
				require.NoError(t, p.Remove(as(ctx, anna), byRef[weekly[0]]))
				syncAll(t, p)
			case time.November: // removed on 1 November, before its anniversary
				require.NoError(t, p.Remove(as(ctx, anna), byRef[weekly[1]]))
				syncAll(t, p)
			}
			until(clk, m.AddDate(0, 1, 0))
			billed := spent(srv) - before
			require.Positive(t, billed)
			assert.Equal(t, billed, monthCost(t, p, m), "the ledger expects what the fake billed in %s", m.Format("2006-01"))
		}

		sum, err := p.MonitorCosts(ctx, year, year.AddDate(1, 0, 0))
		require.NoError(t, err)
		require.Len(t, sum.Months, 12)
		var journal int64
		for e, err := range p.Events(ctx, 0) {
			require.NoError(t, err)
			journal += e.Credits
		}
		assert.Equal(t, spent(srv), imported+journal+sum.Credits, "the fake's books are the imports, the journal and the monitor ledger")
		assert.Equal(t, 5, sum.Months[0].Monitors)
		assert.Equal(t, 3, sum.Months[11].Monitors)
	})
}

func TestSyncRunAgainWritesNothingTwiceInTheLedger(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		p := open(t, dsn, c, clk)
		mixedPortfolio(t, p, srv)
		db := rawDB(t, dsn)
		var rows int
		require.NoError(t, db.QueryRow(`SELECT COUNT(*) FROM portfolio_monitor_ledger`).Scan(&rows))
		require.Equal(t, 5, rows, "a row for each monitor created")
		june := monthCost(t, p, clk.Now())

		opts := portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}}
		pl, err := p.Plan(ctx, opts)
		require.NoError(t, err)
		// The plan of the first Sync again, with its creates: the monitors
		// exist (409), and their creation is recorded once.
		var ids []string
		for _, m := range srv.Monitors(srv.APIKey) {
			ids = append(ids, m.EntityID)
		}
		pl.Create = ids
		_, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		clk.Advance(40 * 24 * time.Hour) // and in another month
		_, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		syncAll(t, p)
		var again int
		require.NoError(t, db.QueryRow(`SELECT COUNT(*) FROM portfolio_monitor_ledger`).Scan(&again))
		assert.Equal(t, rows, again, "a Sync run again writes nothing")
		assert.Equal(t, june, monthCost(t, p, start))
	})
}

// A monitor whose creation answer was lost (it exists when Sync creates
// it: 409) is in the ledger as created, once.
func TestALostCreateAnswerIsInTheLedger(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		p := open(t, dsn, c, clk)
		id := srv.CompanyIDs()[0]
		importAll(t, p, []portfolio.Row{{Ref: "L1", CompanyID: id}}, portfolio.ImportOptions{})
		opts := portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}}
		pl, err := p.Plan(ctx, opts)
		require.NoError(t, err)
		require.Equal(t, []string{id}, pl.Create)
		before := spent(srv)
		_, err = c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: id, EntityType: enums.EntityTypeCompany, Preferences: opts.Preferences})
		require.NoError(t, err)
		created := spent(srv) - before
		_, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		assert.Equal(t, created, monthCost(t, p, start), "the creation, billed once")
		before = spent(srv)
		until(clk, firstOf(start).AddDate(0, 2, 0))
		assert.Equal(t, spent(srv)-before, monthCost(t, p, start.AddDate(0, 1, 0)), "and July as the fake billed it")
	})
}

// A portfolio whose monitors the ledger does not hold (made before it,
// or a Sync stopped between a create and its record) has them adopted by
// the next Sync: from then on each month costs what the fake bills.
func TestSyncAdoptsTheMonitorsTheLedgerDoesNotHold(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, c, clk := renewalFake(t)
		p := open(t, dsn, c, clk)
		mixedPortfolio(t, p, srv)
		_, err := rawDB(t, dsn).Exec(`DELETE FROM portfolio_monitor_ledger`)
		require.NoError(t, err)
		until(clk, firstOf(start).AddDate(0, 1, 9)) // 10 July: after the anniversary
		before := spent(srv)
		require.Zero(t, monthCost(t, p, clk.Now().AddDate(0, 1, 0)))
		syncAll(t, p)
		until(clk, firstOf(start).AddDate(0, 2, 9))
		assert.Equal(t, spent(srv)-before, monthCost(t, p, clk.Now()), "August as the fake billed it")
		assert.Equal(t, monthCost(t, p, clk.Now()), monthCost(t, p, clk.Now().AddDate(0, 1, 0)), "and September as August")
	})
}

// A Sync stopped between a monitor's creation and its record in the
// ledger: the next Sync, in the same month, records the creation.
func TestSyncAdoptsInItsFirstMonthAMonitorAStoppedSyncDidNotRecord(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, c, clk := renewalFake(t)
		p := open(t, dsn, c, clk)
		mixedPortfolio(t, p, srv)
		june := monthCost(t, p, start)
		require.Positive(t, june)
		_, err := rawDB(t, dsn).Exec(`DELETE FROM portfolio_monitor_ledger`)
		require.NoError(t, err)
		syncAll(t, p)
		assert.Equal(t, june, monthCost(t, p, start), "June costs the creations")
	})
}

// A monitor the service disabled (a downgrade) costs nothing from the
// next Sync on, in the ledger as at the fake.
func TestTheLedgerFollowsAMonitorTheServiceDisabled(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		p := open(t, dsn, c, clk)
		mixedPortfolio(t, p, srv)
		require.Positive(t, monthCost(t, p, start.AddDate(0, 1, 0)))
		srv.SetMonitoringPlan(srv.APIKey, false)
		srv.SetMonitoringPlan(srv.APIKey, true)
		syncAll(t, p)
		before := spent(srv)
		until(clk, firstOf(start).AddDate(0, 2, 0))
		assert.Equal(t, spent(srv)-before, monthCost(t, p, start.AddDate(0, 1, 0)), "July as the fake billed it: nothing")
		assert.Zero(t, monthCost(t, p, start.AddDate(0, 1, 0)))
		assert.Equal(t, registerdata.DefaultPrices().Monitor(enums.UpdateFrequencyDaily)*2+registerdata.DefaultPrices().Monitor(enums.UpdateFrequencyWeekly)*3,
			monthCost(t, p, start), "June keeps the creations")
	})
}

func TestMonitorCostsRefusesAnEmptyOrEndlessSpan(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		_, err := p.MonitorCosts(ctx, start, start)
		assert.ErrorContains(t, err, "not after the start")
		_, err = p.MonitorCosts(ctx, start, start.AddDate(200, 0, 0))
		assert.ErrorContains(t, err, "at most")
		sum, err := p.MonitorCosts(ctx, start, start.AddDate(1, 0, 0))
		require.NoError(t, err)
		assert.Zero(t, sum.Credits, "an empty ledger expects nothing")
		assert.Len(t, sum.Months, 13, "June 2025 (from the 2nd) to June 2026 (to the 2nd)")
	})
}
