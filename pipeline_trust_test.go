package registerdata

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// redirectPair is an origin that redirects every request with status to
// another server (another port: another origin), which records what
// reaches it.
func redirectPair(t *testing.T, status int) (origin string, reached *atomic.Int32, bodies chan string) {
	t.Helper()
	reached = new(atomic.Int32)
	bodies = make(chan string, 10)
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		b, _ := io.ReadAll(r.Body)
		bodies <- string(b) + " auth=" + r.Header.Get("Authorization")
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"DE-HRB-F1103-267645"}`)
	}))
	t.Cleanup(other.Close)
	o := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, status)
	}))
	t.Cleanup(o.Close)
	return o.URL, reached, bodies
}

// Defect 3: a request with a body or a secret never follows a redirect
// off its origin.
func TestRequestsWithABodyOrHeadersNeverLeaveTheOrigin(t *testing.T) {
	ctx := context.Background()
	for _, status := range []int{http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		origin, reached, _ := redirectPair(t, status)
		c, err := NewClient(WithAPIKey(testKey), WithBaseURL(origin), WithRetryWait(time.Millisecond, time.Millisecond, time.Minute))
		require.NoError(t, err)

		err = c.SetTransparencyCredentials(ctx, TransparencyCredentials{Username: "u@example.com", Password: "hunter2-secret"})
		require.Error(t, err, "status %d", status)
		assert.NotContains(t, err.Error(), "hunter2-secret")
		assert.Contains(t, err.Error(), "never leave the service's origin")

		_, err = c.SearchCompanies(ctx, CompanySearchRequest{Query: "x"})
		require.Error(t, err)

		_, err = c.GetCompany(ctx, "DE-HRB-F1103-267645", nil, WithHeader("X-Partner-Token", "tok"))
		require.Error(t, err)

		assert.Zero(t, reached.Load(), "status %d: nothing reached the other origin", status)
	}

	// A plain GET follows, without the API key.
	origin, reached, bodies := redirectPair(t, http.StatusFound)
	c, err := NewClient(WithAPIKey(testKey), WithBaseURL(origin))
	require.NoError(t, err)
	_, err = c.GetCompany(ctx, "DE-HRB-F1103-267645", nil)
	require.NoError(t, err)
	require.EqualValues(t, 1, reached.Load())
	assert.Equal(t, " auth=", <-bodies)
}

// Defect 4: every wait honours the retry cap and the context, whatever
// X-Should-Retry says; over the cap the call fails at once with
// ErrRateLimited carrying RetryAfter.
func TestWaitsHonourTheCapAndTheContext(t *testing.T) {
	for _, status := range []int{429, 503} {
		c, mt := newMockClient(t, WithRetryWait(time.Millisecond, time.Millisecond, time.Minute), WithMaxRetries(5))
		mt.RegisterResponder(http.MethodGet, companyURL, answer(status, `{}`, "Retry-After", "86400", "X-Should-Retry", "true"))
		var info ResponseInfo
		_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithResponseInfo(&info))
		require.ErrorIs(t, err, ErrRateLimited, "status %d", status)
		var apiErr *APIError
		require.True(t, errors.As(err, &apiErr))
		assert.Equal(t, 24*time.Hour, apiErr.RetryAfter)
		assert.Equal(t, 1, info.Attempts, "status %d: not retried", status)
	}

	// Within the cap but beyond the context's deadline: no wait either.
	c, mt := newMockClient(t, WithRetryWait(time.Millisecond, time.Millisecond, time.Hour), WithMaxRetries(5))
	mt.RegisterResponder(http.MethodGet, companyURL, answer(429, `{}`, "Retry-After", "600", "X-Should-Retry", "true"))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var info ResponseInfo
	_, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", nil, WithResponseInfo(&info))
	require.ErrorIs(t, err, ErrRateLimited)
	assert.NotErrorIs(t, err, context.DeadlineExceeded, "the call did not sleep until its deadline")
	assert.Equal(t, 1, info.Attempts)
}

// Defect 12: a 2xx is never retried, whatever X-Should-Retry says.
func TestA2xxIsNeverRetried(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, "https://api.test/v1/monitor", answer(201,
		`{"entity_id":"DE-HRB-F1103-267645","entity_type":"company","preferences":["REPRESENTATION"]}`, "X-Should-Retry", "true"))
	mt.RegisterResponder(http.MethodGet, companyURL, answer(200, `{"id":"DE-HRB-F1103-267645"}`, "X-Should-Retry", "true"))
	var info ResponseInfo
	_, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil, WithResponseInfo(&info))
	require.NoError(t, err)
	assert.Equal(t, 1, info.Attempts)
	assert.EqualValues(t, DefaultPrices().Of("GET /v1/company/{company_id}", false), c.CreditsSpent())

	_, err = c.CreateMonitor(context.Background(), MonitorRequest{EntityID: "DE-HRB-F1103-267645", EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceRepresentation}}, WithResponseInfo(&info))
	require.NoError(t, err)
	assert.Equal(t, 1, info.Attempts)
	assert.Equal(t, 1, mt.GetCallCountInfo()["POST https://api.test/v1/monitor"])
	assert.EqualValues(t, DefaultPrices().Of("GET /v1/company/{company_id}", false)+DefaultPrices().Of("POST /v1/monitor", false), c.CreditsSpent(), "the monitor is billed once")
}

// Defect 6: the cache key holds the service's origin and base path, so
// clients of two services sharing a cache never serve each other.
func TestClientsOfTwoServicesSharingACacheKeepTheirAnswers(t *testing.T) {
	shared := NewMemoryCache(10, time.Hour)
	mt := httpmock.NewMockTransport()
	mt.RegisterResponder(http.MethodGet, "https://one.test/v1/company/DE-HRB-F1103-267645", answer(200, `{"id":"DE-HRB-F1103-267645","name":{"name":"One"}}`))
	mt.RegisterResponder(http.MethodGet, "https://two.test/base/v1/company/DE-HRB-F1103-267645", answer(200, `{"id":"DE-HRB-F1103-267645","name":{"name":"Two"}}`))
	names := map[string]string{}
	for _, base := range []string{"https://one.test", "https://two.test/base"} {
		c, err := NewClient(WithAPIKey(testKey), WithBaseURL(base), WithHTTPClient(&http.Client{Transport: mt}), WithCache(shared))
		require.NoError(t, err)
		co, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
		require.NoError(t, err)
		names[base] = co.Name.Name
	}
	assert.Equal(t, map[string]string{"https://one.test": "One", "https://two.test/base": "Two"}, names)
	assert.Equal(t, 2, mt.GetTotalCallCount())
	for _, key := range []string{"https://one.test/v1/company/DE-HRB-F1103-267645", "https://two.test/base/v1/company/DE-HRB-F1103-267645"} {
		_, ok, _ := shared.Get(context.Background(), key)
		assert.True(t, ok, key)
		assert.NotContains(t, key, testKey)
	}
}

// Defect 13: an entry carrying presigned addresses is not served after
// they expire; one without them is served for the cache's own TTL.
func TestCachedPresignedAddressesAreNotServedAfterTheyExpire(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	c, mt := newMockClient(t, WithCache(newMemoryCache(10, 24*time.Hour, clock)))
	c.now = clock
	withSources := `{"id":"DE-HRB-F1103-267645","sources":[{"document_url":"https://files.test/doc?expires=1"}]}`
	mt.RegisterResponder(http.MethodGet, companyURL, answer(200, withSources))
	const plainURL = "https://api.test/v1/company/DE-HRB-F1103-111111"
	mt.RegisterResponder(http.MethodGet, plainURL, answer(200, `{"id":"DE-HRB-F1103-111111","sources":[]}`))
	get := func(id string) {
		_, err := c.GetCompany(context.Background(), id, nil)
		require.NoError(t, err)
	}
	get("DE-HRB-F1103-267645")
	get("DE-HRB-F1103-111111")
	now = now.Add(PresignedCacheLife - time.Minute)
	get("DE-HRB-F1103-267645")
	get("DE-HRB-F1103-111111")
	assert.Equal(t, 2, mt.GetTotalCallCount(), "both served from the cache while the addresses work")
	now = now.Add(2 * time.Minute)
	get("DE-HRB-F1103-267645")
	get("DE-HRB-F1103-111111")
	assert.Equal(t, 1, mt.GetCallCountInfo()["GET "+plainURL], "no presigned address: still cached")
	assert.Equal(t, 2, mt.GetCallCountInfo()["GET "+companyURL], "expired addresses: asked again")
	get("DE-HRB-F1103-267645")
	assert.Equal(t, 2, mt.GetCallCountInfo()["GET "+companyURL], "the fresh answer replaced the entry")
}

// stuckCache never answers, whatever its context says, until released.
type stuckCache struct{ release chan struct{} }

func (s stuckCache) Get(context.Context, string) ([]byte, bool, error) {
	<-s.release
	return nil, false, nil
}
func (s stuckCache) Set(context.Context, string, []byte) error { <-s.release; return nil }

// Defect 14: a slow cache never holds a call past its own bound or the
// call's deadline; it counts as a miss.
func TestASlowCacheNeverHoldsACall(t *testing.T) {
	stuck := stuckCache{release: make(chan struct{})}
	defer close(stuck.release)
	c, mt := newMockClient(t, WithCache(stuck))
	c.cacheTimeout = 5 * time.Millisecond // the short bound of its own
	mt.RegisterResponder(http.MethodGet, companyURL, answer(200, `{"id":"DE-HRB-F1103-267645"}`))
	co, err := c.GetCompany(context.Background(), "DE-HRB-F1103-267645", nil)
	require.NoError(t, err, "the stuck Get was a miss and the stuck Set was given up")
	assert.Equal(t, "DE-HRB-F1103-267645", co.ID)

	// The call's own deadline bounds the cache too, when it comes first.
	c.cacheTimeout = time.Hour
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	_, err = c.GetCompany(ctx, "DE-HRB-F1103-267645", nil)
	require.ErrorIs(t, err, context.DeadlineExceeded)
	assert.True(t, strings.Contains(err.Error(), "GET /v1/company/DE-HRB-F1103-267645"), err.Error())
}

// A request that never went out over a reused connection is re-sent
// once at no cost, as http.Transport itself would; one that went out
// counts as an attempt and follows the retry limit.
func TestUnwrittenRequestsOnDeadConnectionsAreResentOnce(t *testing.T) {
	p := &retryPolicy{waitMin: time.Millisecond, waitMax: time.Millisecond, maxRetryAfter: time.Minute, logger: slog.New(slog.DiscardHandler)}
	dead := errors.New("connection reset")

	st := &callState{maxRetries: 0, lastReused: true}
	ctx := context.Background()
	retry, err := p.check(ctx, st, nil, dead)
	require.NoError(t, err)
	assert.True(t, retry, "not written: re-sent")
	assert.Zero(t, st.attempts)
	retry, _ = p.check(ctx, st, nil, dead)
	assert.False(t, retry, "only once, and the retry limit is 0")
	assert.Equal(t, 1, st.attempts)

	st = &callState{maxRetries: 0, lastReused: true, lastWrote: true}
	retry, _ = p.check(context.Background(), st, nil, dead)
	assert.False(t, retry, "written: a retry like any other, which the limit forbids")
	assert.Equal(t, 1, st.attempts)
}

// idleCloser records CloseIdleConnections.
type idleCloser struct {
	http.RoundTripper
	closed atomic.Int32
}

func (i *idleCloser) CloseIdleConnections() { i.closed.Add(1) }

// The stages under the http.Client pass CloseIdleConnections on to the
// configured transport, as http.Client expects of a transport.
func TestStagesPassCloseIdleConnectionsOn(t *testing.T) {
	for _, opts := range [][]Option{nil, {WithRateLimit(100, 1)}} {
		ic := &idleCloser{RoundTripper: http.DefaultTransport}
		c, err := NewClient(append([]Option{WithAPIKey(testKey), WithHTTPClient(&http.Client{Transport: ic})}, opts...)...)
		require.NoError(t, err)
		c.http.forCall(&callState{}).HTTPClient.CloseIdleConnections()
		assert.EqualValues(t, 1, ic.closed.Load())
	}
}
