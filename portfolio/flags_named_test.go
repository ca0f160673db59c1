package portfolio_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestARemovedCompanysFlagsCountNowhereButInItsHistory replays the
// audit's case: a company in liquidation (a high flag) and another are
// monitored; the first is removed, Sync deletes its monitor, and time
// passes (Rescreen judges again what time alone changes). Its flags are
// no longer open: not in Flags, not in the overview (no "High risk"), not
// acknowledgeable; the plan neither keeps nor prices its monitor;
// Rescreen journals nothing about it. Its history stays: the journal's
// entries and the audit's removal. Imported again, it is back with its
// flag.
func TestARemovedCompanysFlagsCountNowhereButInItsHistory(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		receiver(t, srv, clk, p)
		importAll(t, p, []portfolio.Row{{Ref: "L-1", CompanyID: inLiquidation}, {Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
		daily := portfolio.MonitorOptions{UpdateFrequency: enums.UpdateFrequencyDaily}
		pl, err := p.Plan(bg, daily)
		require.NoError(t, err)
		_, err = p.Sync(bg, pl)
		require.NoError(t, err)
		_, ok := openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		require.True(t, ok, "the company in liquidation is flagged")
		require.Contains(t, overviewOf(t, p), "High risk")
		before := events(t, p, 0)

		require.NoError(t, p.Remove(as(bg, anna), "L-1"))
		pl, err = p.Plan(bg, daily)
		require.NoError(t, err)
		assert.Equal(t, []string{inLiquidation}, pl.Delete, "the plan deletes its monitor")
		assert.Equal(t, registerdata.DefaultPrices().MonitorMonthly(enums.UpdateFrequencyDaily), pl.MonthlyCredits, "and prices only the other's")
		_, err = p.Sync(bg, pl)
		require.NoError(t, err)
		assert.NotContains(t, overviewOf(t, p), inLiquidation, "the period's journal views leave it out too (its first check was this week)")
		clk.Advance(3 * 365 * 24 * time.Hour) // accounts fall overdue, director windows move on
		for _, err := range p.Rescreen(bg, portfolio.RescreenOptions{MaxCredits: 100 * lookupPrice()}) {
			require.NoError(t, err)
		}

		for f, err := range p.Flags(bg) {
			require.NoError(t, err)
			assert.NotEqual(t, inLiquidation, f.CompanyID, "no flag of a company no entry names: %s", f.Flag.Code)
		}
		page := overviewOf(t, p)
		assert.NotContains(t, page, "High risk", "the overview counts only the portfolio's companies")
		assert.NotContains(t, page, inLiquidation)
		assert.ErrorIs(t, p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagLiquidation, "gone"), portfolio.ErrNotFound)

		after := events(t, p, 0)
		require.GreaterOrEqual(t, len(after), len(before))
		assert.Equal(t, before, after[:len(before)], "the journal keeps its history")
		for _, e := range after[len(before):] {
			assert.NotEqual(t, inLiquidation, e.CompanyID, "nothing journalled about a removed company")
		}
		var removed bool
		for _, a := range auditEntries(t, p, 0) {
			removed = removed || (a.Action == portfolio.KindRemove && a.Subject == "L-1")
		}
		assert.True(t, removed, "the audit keeps the removal")

		importAll(t, p, []portfolio.Row{{Ref: "L-1", CompanyID: inLiquidation}}, portfolio.ImportOptions{})
		_, ok = openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		assert.True(t, ok, "named again, its flag is open again")
	})
}

// overviewOf is p's overview page.
func overviewOf(t testing.TB, p *portfolio.Portfolio) string {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, p.WriteHTMLContext(context.Background(), &buf, portfolio.ReportOptions{}))
	return buf.String()
}
