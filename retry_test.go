package registerdata

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"
)

func TestRetryAfterParsing(t *testing.T) {
	now := time.Date(2026, 11, 22, 10, 0, 0, 0, time.UTC)
	resp := func(status int, v string) *http.Response {
		return &http.Response{StatusCode: status, Header: http.Header{"Retry-After": {v}}}
	}
	cases := []struct {
		resp *http.Response
		want time.Duration
		ok   bool
	}{
		{resp(429, "7"), 7 * time.Second, true},
		{resp(503, "0"), 0, true},
		{resp(429, now.Add(90*time.Second).Format(http.TimeFormat)), 90 * time.Second, true},
		{resp(429, now.Add(-time.Minute).Format(http.TimeFormat)), 0, true},
		{resp(429, "-3"), 0, false},
		{resp(429, "soon"), 0, false},
		{resp(500, "7"), 0, false}, // only 429 and 503 carry a meaningful Retry-After
		{resp(429, ""), 0, false},
		{nil, 0, false},
	}
	for _, tc := range cases {
		got, ok := retryAfter(tc.resp, now)
		assert.Equal(t, tc.ok, ok)
		assert.Equal(t, tc.want, got)
	}
}

func TestBackoffGrowsWithJitterWithinBounds(t *testing.T) {
	lo, hi := 100*time.Millisecond, 2*time.Second
	for attempt, step := range []time.Duration{100, 200, 400, 800, 1600, 2000, 2000} {
		step *= time.Millisecond
		for range 50 {
			d := backoff(lo, hi, attempt, nil)
			assert.GreaterOrEqual(t, d, step/2, "attempt %d", attempt)
			assert.LessOrEqual(t, d, step, "attempt %d", attempt)
		}
	}
	assert.Equal(t, 3*time.Second, backoff(lo, hi, 0, &http.Response{StatusCode: 429, Header: http.Header{"Retry-After": {"3"}}}))
	large := backoff(lo, hi, 200, nil)
	assert.LessOrEqual(t, large, hi, "no overflow on large attempt numbers")
	// An overflowed step would be zero or negative, which the bound above
	// lets through: the wait must still be the capped step's.
	assert.GreaterOrEqual(t, large, hi/2, "no overflow on large attempt numbers")
}

// sequence answers with each responder once, then repeats the last.
func sequence(rs ...httpmock.Responder) httpmock.Responder {
	var mu sync.Mutex
	i := 0
	return func(r *http.Request) (*http.Response, error) {
		mu.Lock()
		cur := rs[min(i, len(rs)-1)]
		i++
		mu.Unlock()
		return cur(r)
	}
}

func TestRetriesByStatus(t *testing.T) {
	cases := []struct {
		status int
		calls  int
	}{
		{429, 3}, {500, 3}, {502, 3}, {503, 3}, {504, 3},
		{400, 1}, {401, 1}, {402, 1}, {404, 1}, {501, 1},
	}
	for _, tc := range cases {
		t.Run(http.StatusText(tc.status), func(t *testing.T) {
			c, mt := newMockClient(t) // default: 2 retries
			mt.RegisterNoResponder(httpmock.NewStringResponder(tc.status, `{}`))
			_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
			require.Error(t, err)
			assert.Equal(t, tc.calls, mt.GetTotalCallCount())
		})
	}
}

func TestRetryThenSuccessIsBilledOnce(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterNoResponder(sequence(
		httpmock.NewStringResponder(429, `{}`).HeaderSet(http.Header{"Retry-After": {"0"}}),
		httpmock.NewStringResponder(503, `{}`),
		companyResponder(t),
	))
	co, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	require.NoError(t, err)
	assert.Equal(t, "DE-HRB-F1103-267645", co.ID)
	assert.Equal(t, 3, mt.GetTotalCallCount())
	assert.Equal(t, int64(10), c.CreditsSpent())
}

func TestRetryAfterBeyondLimitIsNotWaitedFor(t *testing.T) {
	c, mt := newMockClient(t, WithRetryWait(time.Millisecond, time.Millisecond, 30*time.Second))
	mt.RegisterNoResponder(httpmock.NewStringResponder(429, `{}`).HeaderSet(http.Header{"Retry-After": {"3600"}}))
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	require.ErrorIs(t, err, ErrRateLimited)
	var apiErr *APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, time.Hour, apiErr.RetryAfter, "the caller learns how long to wait")
	assert.Equal(t, 1, mt.GetTotalCallCount())
}

func TestCancelStopsWaitingAtOnce(t *testing.T) {
	c, mt := newMockClient(t, WithRetryWait(time.Millisecond, time.Millisecond, time.Hour))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	resp := httpmock.NewStringResponse(503, `{}`)
	resp.Header.Set("Retry-After", "600")
	mt.RegisterNoResponder(func(*http.Request) (*http.Response, error) {
		cancel() // the answer asks for a 10-minute pause; the caller gives up meanwhile
		return resp, nil
	})

	_, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", nil) // would block 10 minutes if the wait ignored ctx
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 1, mt.GetTotalCallCount())
	assert.Zero(t, c.CreditsSpent())
}

func TestBudgetRefusesBeforeSending(t *testing.T) {
	c, mt := newMockClient(t, WithCreditBudget(25))
	mt.RegisterNoResponder(companyResponder(t))
	ctx := context.Background()

	_, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", &GetCompanyParams{Realtime: true}) // 20
	require.NoError(t, err)
	_, err = c.GetCompany(ctx, "DE-HRB-F1103-267645", nil) // 10 more would make 30 > 25
	require.ErrorIs(t, err, ErrBudgetExceeded)
	assert.Contains(t, err.Error(), "costs 10 credits and 5 of the budget of 25 are left")
	assert.Equal(t, 1, mt.GetTotalCallCount(), "the refused call sent nothing")
	assert.Equal(t, int64(20), c.CreditsSpent())
	left, ok := c.CreditsRemaining()
	assert.True(t, ok)
	assert.Equal(t, int64(5), left)
}

func TestBudgetReleasedOnFailure(t *testing.T) {
	c, mt := newMockClient(t, WithCreditBudget(10))
	mt.RegisterNoResponder(sequence(httpmock.NewStringResponder(404, `{}`), companyResponder(t)))
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	require.ErrorIs(t, err, ErrNotFound)
	_, err = c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	require.NoError(t, err, "a failed call gives its reservation back")
	assert.Equal(t, int64(10), c.CreditsSpent())
}

func TestBudgetHoldsUnderConcurrency(t *testing.T) {
	c, mt := newMockClient(t, WithCreditBudget(100))
	release := make(chan struct{})
	mt.RegisterNoResponder(func(r *http.Request) (*http.Response, error) {
		<-release
		return companyResponder(t)(r)
	})
	results := make(chan error)
	for range 25 {
		go func() {
			_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
			results <- err
		}()
	}
	// The ten calls that fit hold the whole budget while they wait on
	// release; the other fifteen must be refused without waiting for them.
	for range 15 {
		assert.ErrorIs(t, <-results, ErrBudgetExceeded)
	}
	close(release)
	for range 10 {
		assert.NoError(t, <-results)
	}
	assert.Equal(t, int64(100), c.CreditsSpent())
	assert.Equal(t, 10, mt.GetTotalCallCount())
}

func TestRateLimitWaitsBeforeEachAttempt(t *testing.T) {
	c, mt := newMockClient(t, WithRateLimit(rate.Every(time.Hour), 2))
	mt.RegisterNoResponder(companyResponder(t))
	ctx := context.Background()
	for range 2 { // the burst passes at once
		_, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", nil)
		require.NoError(t, err)
	}
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", nil) // the third would wait an hour
	assert.ErrorIs(t, err, context.Canceled)
	assert.Equal(t, 2, mt.GetTotalCallCount())
}
