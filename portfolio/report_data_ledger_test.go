package portfolio_test

import (
	"bytes"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The overview says what the monitor ledger expects the monitors to cost
// this month, as MonitorCosts reads it.
func TestTheOverviewShowsWhatTheMonitorsCostThisMonth(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, c, clk := renewalFake(t)
		p := open(t, dsn, c, clk)
		mixedPortfolio(t, p, srv)
		until(clk, firstOf(start).AddDate(0, 1, 5)) // July: renewals, not creations
		var buf bytes.Buffer
		require.NoError(t, p.WriteHTML(&buf))
		m := regexp.MustCompile(`data-credits="monitors">(\d+)<`).FindSubmatch(buf.Bytes())
		require.NotNil(t, m, "the overview has the line")
		shown, err := strconv.ParseInt(string(m[1]), 10, 64)
		require.NoError(t, err)
		want := monthCost(t, p, clk.Now())
		require.Positive(t, want)
		assert.Equal(t, want, shown)
	})
}
