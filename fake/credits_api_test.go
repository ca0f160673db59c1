package fake

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestCreditUsageFreePlan: used counts what was billed, remaining is the
// balance, a 402 bills nothing, and the 30-day window starts at the first
// request and starts over after it ends.
func TestCreditUsageFreePlan(t *testing.T) {
	srv, clk := newTestServer(t, WithCredits(25))
	c := newSDKClient(t, srv)
	ctx := context.Background()
	first := clk.Now()
	for range 2 {
		_, err := c.GetFinancials(ctx, richID)
		require.NoError(t, err)
	}
	_, err := c.GetFinancials(ctx, richID)
	require.ErrorIs(t, err, registerdata.ErrInsufficientCredits)
	u, err := c.GetCredits(ctx)
	require.NoError(t, err)
	assert.Equal(t, registerdata.CreditUsage{Included: 25, Used: 20, Remaining: 5, Overage: 0, Paid: false,
		Period: registerdata.CreditPeriod{ResetAt: first.Add(30 * 24 * time.Hour), Type: registerdata.CreditPeriodRolling30Days}}, *u)

	clk.Advance(30 * 24 * time.Hour)
	u, err = c.GetCredits(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(0), u.Used, "a new window starts from zero")
	assert.Equal(t, int64(5), u.Included, "with the balance left over")
	assert.Equal(t, clk.Now().Add(30*24*time.Hour), u.Period.ResetAt)
}

// TestCreditUsagePaidPlan: a paid plan bills beyond the balance as
// overage and resets monthly.
func TestCreditUsagePaidPlan(t *testing.T) {
	srv, clk := newTestServer(t, WithCredits(15))
	srv.SetPaidPlan(srv.APIKey, true)
	c := newSDKClient(t, srv)
	ctx := context.Background()
	for range 3 {
		_, err := c.GetContactDetails(ctx, richID)
		require.NoError(t, err, "a paid plan is not refused")
	}
	u, ok := srv.CreditUsage(srv.APIKey)
	require.True(t, ok)
	assert.Equal(t, int64(30), u.Used)
	assert.Equal(t, int64(15), u.Overage)
	assert.Equal(t, int64(0), u.Remaining)
	assert.Equal(t, int64(15), u.Included)
	assert.True(t, u.Paid)
	assert.Equal(t, registerdata.CreditPeriodBillingCycle, u.Period.Type)
	assert.Equal(t, testStart.AddDate(0, 1, 0), u.Period.ResetAt)
	clk.Advance(31 * 24 * time.Hour)
	u, _ = srv.CreditUsage(srv.APIKey)
	assert.Equal(t, int64(0), u.Used)
	assert.Equal(t, int64(0), u.Overage)
	assert.Equal(t, testStart.AddDate(0, 2, 0), u.Period.ResetAt)
}

func TestCreditUsageUnknownKey(t *testing.T) {
	srv, _ := newTestServer(t)
	_, ok := srv.CreditUsage("nobody")
	assert.False(t, ok)
}
