package registerdata

import (
	"context"
	"net/http"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSetBudgetFromCredits: the budget becomes what is spent plus the
// account's remaining credits.
func TestSetBudgetFromCredits(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder("GET", "https://api.test/v1/credits", httpmock.NewStringResponder(200,
		`{"included_credits": 100, "used_credits": 75, "remaining_credits": 25, "overage_credits": 0, "paid": false,
		  "period": {"reset_at": "2026-12-01T00:00:00Z", "type": "rolling_30_days"}}`))
	mt.RegisterResponder("GET", "https://api.test/v0/company/DE-HRB-F1103-267645/contact", httpmock.NewStringResponder(200, contactJSON))
	u, err := c.SetBudgetFromCredits(context.Background())
	require.NoError(t, err)
	assert.Equal(t, int64(25), u.Remaining)
	left, ok := c.CreditsRemaining()
	require.True(t, ok)
	assert.Equal(t, int64(25), left)
	for i := range 2 {
		_, err := c.GetContactDetails(context.Background(), "DE-HRB-F1103-267645")
		require.NoError(t, err, i)
	}
	_, err = c.GetContactDetails(context.Background(), "DE-HRB-F1103-267645")
	assert.ErrorIs(t, err, ErrBudgetExceeded, "25 credits cover two calls of 10")
	assert.Equal(t, int64(20), c.CreditsSpent())
	assert.Equal(t, 3, mt.GetTotalCallCount(), "the refused call was not sent")

	mt.RegisterResponder("GET", "https://api.test/v1/credits", httpmock.NewStringResponder(http.StatusUnauthorized, `{"error":{"code":"unauthorized","message":"no"}}`))
	_, err = c.SetBudgetFromCredits(context.Background())
	assert.ErrorIs(t, err, ErrUnauthorized)
	left, _ = c.CreditsRemaining()
	assert.Equal(t, int64(5), left, "a failed read leaves the budget as it was")
}
