package registerdata_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

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

func TestFakeDroppedConnectionIsRetried(t *testing.T) {
	srv, c, ct := newFakeClient(t, nil)
	require.NoError(t, srv.InjectFault(fake.Fault{Count: 1, Drop: true}))
	_, err := c.GetCompany(context.Background(), knownCompany, nil)
	require.NoError(t, err)
	assert.Equal(t, int32(2), ct.calls.Load())
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
