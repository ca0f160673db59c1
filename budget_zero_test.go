package registerdata_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// zeroBudgetTransport counts the requests that reach it and answers 200.
type zeroBudgetTransport struct{ n int }

func (c *zeroBudgetTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n++
	return answerTransport{}.RoundTrip(r)
}

// TestCreditBudgetOfZeroRefusesEveryPaidCall: WithCreditBudget(0) (what
// SetBudgetFromCredits sets for an account with nothing left) refuses
// every call that costs credits before sending it, and lets free ones
// through.
func TestCreditBudgetOfZeroRefusesEveryPaidCall(t *testing.T) {
	tr := &zeroBudgetTransport{}
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL("https://api.example.test"),
		registerdata.WithHTTPClient(&http.Client{Transport: tr}), registerdata.WithCreditBudget(0))
	require.NoError(t, err)
	ctx := context.Background()
	err = c.Do(ctx, http.MethodGet, "/v1/company/DE-HRB-F1103-267645", nil, nil, registerdata.WithCost(1))
	assert.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
	assert.Zero(t, tr.n, "a refused call sends nothing")
	assert.Zero(t, c.CreditsSpent())
	require.NoError(t, c.Do(ctx, http.MethodGet, "/v1/credits", nil, nil, registerdata.WithCost(0)), "a free call goes through")
	assert.Equal(t, 1, tr.n)
}
