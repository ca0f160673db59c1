package registerdata_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// The books agree after 202s then 200: the client's count, the budget,
// ResponseInfo, the fake's balance and its usage all hold the price of one
// history, and the table's "202 is unbilled" is what made them agree.
func TestGetOwnershipHistoryWaitsThroughProcessingAndPaysOnce(t *testing.T) {
	srv, c, ct := newFakeClient(t, []fake.Option{fake.WithHistoryProcessing(2)}, registerdata.WithCreditBudget(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false)))
	timer := &recordingTimer{}
	var info registerdata.ResponseInfo
	h, err := c.GetOwnershipHistory(context.Background(), knownCompany, registerdata.WithPollTimer(timer.after), registerdata.WithResponseInfo(&info))
	require.NoError(t, err, "a budget of one history pays for it: the 202s held nothing")
	assert.Equal(t, knownCompany, h.CompanyID)
	assert.NotEmpty(t, h.Owners)

	assert.Equal(t, []time.Duration{30 * time.Second, 30 * time.Second}, timer.waits, "the fake's Retry-After, once per 202")
	assert.EqualValues(t, 3, ct.calls.Load(), "two 202s, then the history")
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false)), c.CreditsSpent())
	left, _ := c.CreditsRemaining()
	assert.Zero(t, left)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false)), info.Charged)
	assert.Equal(t, 3, info.Attempts, "every request of the wait")
	assert.Equal(t, 200, info.StatusCode)

	assert.Equal(t, fake.DefaultCredits-registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false), srv.Credits(srv.APIKey), "the fake billed one history")
	u, ok := srv.CreditUsage(srv.APIKey)
	require.True(t, ok)
	assert.Equal(t, c.CreditsSpent(), u.Used, "the client's count is the fake's usage")
}

func TestGetOwnershipHistoryNoWaitReturnsProcessingUnbilled(t *testing.T) {
	srv, c, ct := newFakeClient(t, []fake.Option{fake.WithHistoryProcessing(1)}, registerdata.WithCreditBudget(100))
	var info registerdata.ResponseInfo
	timer := &recordingTimer{}
	h, err := c.GetOwnershipHistory(context.Background(), knownCompany, registerdata.NoWait(), registerdata.WithResponseInfo(&info), registerdata.WithPollTimer(timer.after))
	assert.Empty(t, timer.waits, "NoWait does not wait")
	require.Error(t, err)
	assert.Nil(t, h)
	assert.ErrorIs(t, err, registerdata.ErrProcessing)
	assert.NotErrorIs(t, err, registerdata.ErrUnexpectedResponse)
	var pe *registerdata.ProcessingError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, 30*time.Second, pe.RetryAfter)
	assert.Equal(t, knownCompany, pe.CompanyID)
	assert.Equal(t, "GET /v1/company/{company_id}/owners/historical", pe.Route)
	assert.Contains(t, err.Error(), "still processing the ownership history of "+knownCompany)
	assert.Contains(t, err.Error(), "ask again after 30s")
	assert.EqualValues(t, 1, ct.calls.Load(), "NoWait asks once")

	assert.Zero(t, c.CreditsSpent())
	assert.Zero(t, info.Charged)
	assert.Equal(t, 202, info.StatusCode)
	left, _ := c.CreditsRemaining()
	assert.Equal(t, int64(100), left, "the hold of the 202 was released")
	assert.Equal(t, fake.DefaultCredits, srv.Credits(srv.APIKey))

	// Asking again after the wait gets the history, billed.
	_, err = c.GetOwnershipHistory(context.Background(), knownCompany, registerdata.NoWait())
	require.NoError(t, err)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false)), c.CreditsSpent())
	assert.Equal(t, fake.DefaultCredits-registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false), srv.Credits(srv.APIKey))
}

func TestGetOwnershipHistoryEndsWithTheContextDuringTheWait(t *testing.T) {
	_, c, ct := newFakeClient(t, []fake.Option{fake.WithHistoryProcessing(5)})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	waited := make(chan time.Duration, 1)
	never := func(d time.Duration) <-chan time.Time {
		waited <- d
		cancel() // the context ends while the call waits
		return nil
	}
	done := make(chan error, 1)
	go func() {
		_, err := c.GetOwnershipHistory(ctx, knownCompany, registerdata.WithPollTimer(never))
		done <- err
	}()
	var err error
	select {
	case err = <-done:
	case <-time.After(10 * time.Second): // a safety bound: the call returns as soon as ctx ends
		t.Fatal("the call did not end with its context")
	}
	require.Error(t, err)
	assert.ErrorIs(t, err, context.Canceled)
	select {
	case d := <-waited:
		assert.Equal(t, 30*time.Second, d)
	default:
		t.Error("the call did not wait")
	}
	assert.EqualValues(t, 1, ct.calls.Load())
	assert.Zero(t, c.CreditsSpent())

	// WithCallTimeout bounds the whole call, waits included.
	_, err = c.GetOwnershipHistory(context.Background(), knownCompany, registerdata.WithCallTimeout(50*time.Millisecond),
		registerdata.WithPollTimer(func(time.Duration) <-chan time.Time { return nil }))
	assert.True(t, errors.Is(err, context.DeadlineExceeded), "%v", err)
}
