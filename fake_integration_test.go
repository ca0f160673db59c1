package registerdata_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

const knownCompany = "DE-HRB-F1103-267645"

func TestFakeGetCompanyBillsExactly(t *testing.T) {
	srv, c, _ := newFakeClient(t, []fake.Option{fake.WithCredits(100)})
	ctx := context.Background()

	co, err := c.GetCompany(ctx, knownCompany, nil)
	require.NoError(t, err)
	assert.Equal(t, knownCompany, co.ID)
	assert.NotEmpty(t, co.Sources)

	co, err = c.GetCompany(ctx, knownCompany, &registerdata.GetCompanyParams{Realtime: true, Export: true})
	require.NoError(t, err)
	assert.Empty(t, co.Sources, "export drops the sources")
	assert.NotNil(t, co.Sources, "but arrays are never nil")

	_, err = c.GetCompany(ctx, "DE-HRB-X0000-1", nil)
	require.ErrorIs(t, err, registerdata.ErrNotFound)

	assert.Equal(t, int64(30), c.CreditsSpent())
	assert.Equal(t, int64(70), srv.Credits(srv.APIKey), "the fake charged what the client counted")
}

func TestFakeRetry429WithRetryAfterThenSuccess(t *testing.T) {
	t.Parallel() // waits out the one-second Retry-After beside the other parallel tests
	srv, c, ct := newFakeClient(t, nil)
	require.NoError(t, srv.InjectFault(fake.Fault{PathPrefix: "/v1/company/", Count: 1, Status: http.StatusTooManyRequests, RetryAfter: time.Second}))

	_, err := c.GetCompany(context.Background(), knownCompany, nil)
	require.NoError(t, err)
	assert.Equal(t, int32(2), ct.calls.Load())
	assert.Equal(t, int64(10), c.CreditsSpent())
}

func TestFakeRetry503ThreeTimesThenGiveUp(t *testing.T) {
	srv, c, ct := newFakeClient(t, []fake.Option{fake.WithCredits(50)}, registerdata.WithMaxRetries(2))
	require.NoError(t, srv.InjectFault(fake.Fault{Count: 3, Status: http.StatusServiceUnavailable}))

	_, err := c.GetCompany(context.Background(), knownCompany, nil)
	require.ErrorIs(t, err, registerdata.ErrServer)
	var apiErr *registerdata.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, http.StatusServiceUnavailable, apiErr.StatusCode)
	assert.NotEmpty(t, apiErr.RequestID, "the fake's request id reaches the error")
	assert.Equal(t, int32(3), ct.calls.Load(), "one try and two retries")
	assert.Empty(t, srv.PendingFaults())
	assert.Zero(t, c.CreditsSpent())
	assert.Equal(t, int64(50), srv.Credits(srv.APIKey))
}

func TestFakeNoRetryOn402(t *testing.T) {
	_, c, ct := newFakeClient(t, []fake.Option{fake.WithCredits(5)})
	_, err := c.GetCompany(context.Background(), knownCompany, nil)
	require.ErrorIs(t, err, registerdata.ErrInsufficientCredits)
	assert.Equal(t, int32(1), ct.calls.Load())
}

func TestFakeWrongKeyIs401(t *testing.T) {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey("not-the-key"), registerdata.WithBaseURL(srv.URL))
	require.NoError(t, err)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	require.ErrorIs(t, err, registerdata.ErrUnauthorized)
	assert.NotContains(t, err.Error(), "not-the-key")
}

func TestFakeDroppedConnectionIsRetried(t *testing.T) {
	srv, c, ct := newFakeClient(t, nil)
	require.NoError(t, srv.InjectFault(fake.Fault{Count: 1, Drop: true}))
	_, err := c.GetCompany(context.Background(), knownCompany, nil)
	require.NoError(t, err)
	assert.Equal(t, int32(2), ct.calls.Load())
}

func TestFakeLatencyAndDeadline(t *testing.T) {
	srv, c, _ := newFakeClient(t, nil)
	require.NoError(t, srv.InjectFault(fake.Fault{Count: 5, Latency: 30 * time.Second}))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := c.GetCompany(ctx, knownCompany, nil)
	require.Error(t, err)
	assert.True(t, errors.Is(err, context.DeadlineExceeded), "got %v", err)
	// The request was written before the deadline and its answer never
	// came: the service may have processed it, so it counts as charged.
	assert.Equal(t, registerdata.CostCompanyLookup, int(c.CreditsSpent()))
}

func TestFakeRateLimitIsRetriedAfterItsWait(t *testing.T) {
	clk := fake.NewClock(time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC))
	srv, c, ct := newFakeClient(t, []fake.Option{fake.WithClock(clk), fake.WithRateLimit(1, time.Minute)}, registerdata.WithMaxRetries(0))
	_, err := c.GetCompany(context.Background(), knownCompany, nil)
	require.NoError(t, err)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	require.ErrorIs(t, err, registerdata.ErrRateLimited)
	var apiErr *registerdata.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Positive(t, apiErr.RetryAfter)
	srv.Clock().Advance(time.Minute)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	require.NoError(t, err)
	assert.Equal(t, int32(3), ct.calls.Load())
}
