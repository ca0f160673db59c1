package portfolio_test

import (
	"context"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mixedPortfolio imports five companies of srv and monitors two of them
// daily and three weekly, through Sync, as an operator who switched
// frequency between two syncs would. It returns the monitored companies
// by frequency and what the imports cost.
func mixedPortfolio(t *testing.T, p *portfolio.Portfolio, srv *fake.Server) (daily, weekly []string, imported int64) {
	t.Helper()
	ctx := context.Background()
	ids := srv.CompanyIDs()[:5]
	var rows []portfolio.Row
	for i, id := range ids {
		rows = append(rows, portfolio.Row{Ref: "M" + string(rune('a'+i)), CompanyID: id})
	}
	sync := func(rows []portfolio.Row, f enums.UpdateFrequency) {
		for _, r := range importAll(t, p, rows, portfolio.ImportOptions{}) {
			imported += r.Credits
		}
		pl, err := p.Plan(ctx, portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: f})
		require.NoError(t, err)
		_, err = p.Sync(ctx, pl)
		require.NoError(t, err)
	}
	sync(rows[:2], enums.UpdateFrequencyDaily)
	sync(rows, enums.UpdateFrequencyWeekly)
	for _, m := range srv.Monitors(srv.APIKey) {
		if m.UpdateFrequency == enums.UpdateFrequencyDaily {
			daily = append(daily, m.EntityID)
		} else {
			weekly = append(weekly, m.EntityID)
		}
	}
	require.Len(t, daily, 2, "the setup monitors two companies daily")
	require.Len(t, weekly, 3, "and three weekly")
	return daily, weekly, imported
}

// renewals is what the fake bills for the account's monitors over the
// next month: the balance before and after the clock passes one monthly
// anniversary of every monitor, as the fake itself charges it.
func renewals(srv *fake.Server, clk *fake.Clock) int64 {
	before := srv.Credits(srv.APIKey)
	clk.Advance(31 * 24 * time.Hour) // past 2 July, the anniversary of monitors created on 2 June; before 2 August
	return before - srv.Credits(srv.APIKey)
}

func TestPlanPricesEachKeptMonitorAtItsOwnFrequency(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		p := open(t, dsn, c, clk)
		mixedPortfolio(t, p, srv)

		weekly, err := p.Plan(ctx, portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}})
		require.NoError(t, err)
		daily, err := p.Plan(ctx, portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyDaily})
		require.NoError(t, err)
		require.Empty(t, weekly.Create, "every company is monitored")
		assert.Equal(t, monthCost(t, p, clk.Now()), weekly.Ledger.Credits, "the plan says what the ledger expects of this month")
		assert.Equal(t, 5, weekly.Ledger.Monitors)

		billed := renewals(srv, clk)
		require.Positive(t, billed, "the fake bills the monitors' second month")
		assert.Equal(t, billed, weekly.MonthlyCredits, "a weekly plan prices the daily monitors it keeps as daily")
		assert.Equal(t, billed, daily.MonthlyCredits, "a daily plan prices the weekly monitors it keeps as weekly")
	})
}

func TestPlanPricesADisabledMonitorAtNothing(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		p := open(t, dsn, c, clk)
		mixedPortfolio(t, p, srv)
		srv.SetMonitoringPlan(srv.APIKey, false) // a downgrade disables every monitor
		srv.SetMonitoringPlan(srv.APIKey, true)  // an upgrade does not re-enable them
		for _, m := range srv.Monitors(srv.APIKey) {
			require.True(t, m.Disabled)
		}
		pl, err := p.Plan(ctx, portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}})
		require.NoError(t, err)
		billed := renewals(srv, clk)
		assert.Equal(t, billed, pl.MonthlyCredits, "the fake bills no disabled monitor, and the plan counts none")
		assert.Zero(t, pl.MonthlyCredits)
	})
}
