package registerdata_test

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func TestCachedLookupCostsNothingAndSendsNothing(t *testing.T) {
	srv, c, ct := newFakeClient(t, nil, registerdata.WithCache(registerdata.NewMemoryCache(100, time.Hour)))
	id := srv.CompanyIDs()[0]
	ctx := context.Background()

	var first, second registerdata.ResponseInfo
	co1, err := c.GetCompany(ctx, id, nil, registerdata.WithResponseInfo(&first))
	require.NoError(t, err)
	co2, err := c.GetCompany(ctx, id, nil, registerdata.WithResponseInfo(&second))
	require.NoError(t, err)

	require.EqualValues(t, 1, ct.calls.Load(), "the second lookup is served from the cache")
	require.EqualValues(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false), c.CreditsSpent())
	require.Equal(t, registerdata.ResponseInfo{Cached: true}, second)
	require.False(t, first.Cached)
	require.Equal(t, 1, first.Attempts)
	require.Equal(t, co1, co2)

	// Each caller has its own record: changing one changes nothing else.
	require.NotSame(t, co1, co2)
	co1.Name.Name = "changed"
	if len(co1.Representation) > 0 {
		co1.Representation[0].Name = "changed"
	}
	co3, err := c.GetCompany(ctx, id, nil)
	require.NoError(t, err)
	require.Equal(t, co2, co3)
	require.NotEqual(t, "changed", co3.Name.Name)
}

func TestCacheKeepsExportAndPlainAnswersApart(t *testing.T) {
	srv, c, ct := newFakeClient(t, nil, registerdata.WithCache(registerdata.NewMemoryCache(100, time.Hour)))
	id := srv.CompanyIDs()[0]
	ctx := context.Background()
	for range 2 {
		_, err := c.GetCompany(ctx, id, nil)
		require.NoError(t, err)
		_, err = c.GetCompany(ctx, id, &registerdata.GetCompanyParams{Export: true})
		require.NoError(t, err)
	}
	require.EqualValues(t, 2, ct.calls.Load(), "one request per key")
}

func TestRealtimeBypassesTheCacheAndRefreshesIt(t *testing.T) {
	srv, c, ct := newFakeClient(t, nil, registerdata.WithCache(registerdata.NewMemoryCache(100, time.Hour)))
	id := srv.CompanyIDs()[0]
	ctx := context.Background()
	name := func(p *registerdata.GetCompanyParams) string {
		t.Helper()
		co, err := c.GetCompany(ctx, id, p)
		require.NoError(t, err)
		return co.Name.Name
	}
	old := name(nil)
	require.NoError(t, srv.UpdateCompany(id, func(co *registerdata.Company) { co.Name.Name = "Renamed GmbH" }))
	require.Equal(t, old, name(nil), "served from the cache")
	require.EqualValues(t, 1, ct.calls.Load())

	var info registerdata.ResponseInfo
	co, err := c.GetCompany(ctx, id, &registerdata.GetCompanyParams{Realtime: true}, registerdata.WithResponseInfo(&info))
	require.NoError(t, err)
	require.Equal(t, "Renamed GmbH", co.Name.Name)
	require.False(t, info.Cached)
	require.EqualValues(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", true), info.Charged)
	require.EqualValues(t, 2, ct.calls.Load())

	require.Equal(t, "Renamed GmbH", name(nil), "the realtime answer refreshed the cache")
	require.EqualValues(t, 2, ct.calls.Load())
}

func TestCacheEntriesExpireAfterTheTTL(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	cache := registerdata.NewMemoryCacheAt(100, time.Hour, clock)
	srv, c, ct := newFakeClient(t, nil, registerdata.WithCache(cache))
	id := srv.CompanyIDs()[0]
	ctx := context.Background()

	for _, step := range []time.Duration{0, 59 * time.Minute, time.Minute} {
		mu.Lock()
		now = now.Add(step)
		mu.Unlock()
		_, err := c.GetCompany(ctx, id, nil)
		require.NoError(t, err)
	}
	require.EqualValues(t, 2, ct.calls.Load(), "served at 59 minutes, asked again at 60")
}

func TestCacheDoesNotKeepErrors(t *testing.T) {
	_, c, ct := newFakeClient(t, nil, registerdata.WithCache(registerdata.NewMemoryCache(100, time.Hour)))
	for range 2 {
		_, err := c.GetCompany(context.Background(), "DE-HRB-X9999-000000", nil)
		require.ErrorIs(t, err, registerdata.ErrNotFound)
	}
	require.EqualValues(t, 2, ct.calls.Load())
}

// brokenCache fails or answers garbage.
type brokenCache struct {
	value []byte
	err   error
	sets  int
}

func (b *brokenCache) Get(context.Context, string) ([]byte, bool, error) {
	return b.value, b.err == nil, b.err
}

func (b *brokenCache) Set(context.Context, string, []byte) error { b.sets++; return b.err }

func TestCacheFailuresFallBackToTheService(t *testing.T) {
	for name, cache := range map[string]*brokenCache{
		"errors":       {err: errors.New("connection refused")},
		"empty object": {value: []byte(`{}`)},
		"not json":     {value: []byte(`{"id":`)},
		// entries in the client's own frame ("rd1 ", the time after which
		// it expires or 0, a newline) whose answer does not decode
		"framed, empty":        {value: []byte("rd1 0\n")},
		"framed, empty object": {value: []byte("rd1 0\n{}")},
		"framed, not json":     {value: []byte("rd1 0\n{\"id\":")},
	} {
		t.Run(name, func(t *testing.T) {
			srv, c, ct := newFakeClient(t, nil, registerdata.WithCache(cache))
			id := srv.CompanyIDs()[0]
			co, err := c.GetCompany(context.Background(), id, nil)
			require.NoError(t, err)
			require.Equal(t, id, co.ID)
			require.EqualValues(t, 1, ct.calls.Load())
			require.Equal(t, 1, cache.sets, "the answer is stored over the damaged entry")
		})
	}
}

// gateTransport holds the first request until release is closed.
type gateTransport struct {
	next    http.RoundTripper
	arrived chan struct{} // closed when the first request arrives
	release chan struct{}
	once    sync.Once
}

func newGate(next http.RoundTripper) *gateTransport {
	return &gateTransport{next: next, arrived: make(chan struct{}), release: make(chan struct{})}
}

func (g *gateTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	first := false
	g.once.Do(func() { first = true; close(g.arrived) })
	if first {
		select {
		case <-g.release:
		case <-r.Context().Done():
			return nil, r.Context().Err()
		}
	}
	return g.next.RoundTrip(r)
}

func TestConcurrentLookupsOfOneIDShareOneRequest(t *testing.T) {
	const n = 20
	o := &recordingObserver{}
	srv := fake.NewServer()
	t.Cleanup(srv.Close)
	ct := &countingTransport{next: http.DefaultTransport}
	gate := newGate(ct)
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: gate}),
		registerdata.WithCache(registerdata.NewMemoryCache(100, time.Hour)), registerdata.WithObserver(o))
	require.NoError(t, err)
	id := srv.CompanyIDs()[0]

	joined := make(chan struct{}, 2*n)
	registerdata.SetFlightWaitHook(func() { joined <- struct{}{} })
	t.Cleanup(func() { registerdata.SetFlightWaitHook(nil) })

	var wg sync.WaitGroup
	infos := make([]registerdata.ResponseInfo, n)
	cos := make([]*registerdata.Company, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cos[i], errs[i] = c.GetCompany(context.Background(), id, nil, registerdata.WithResponseInfo(&infos[i]))
		}()
	}
	<-gate.arrived
	for range n {
		<-joined // every lookup has joined the flight while its request is held
	}
	close(gate.release)
	wg.Wait()

	require.EqualValues(t, 1, ct.calls.Load())
	require.EqualValues(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false), c.CreditsSpent())
	leaders := 0
	for i := range n {
		require.NoError(t, errs[i])
		require.Equal(t, id, cos[i].ID)
		for j := range i {
			require.NotSame(t, cos[j], cos[i], "every caller gets its own record")
		}
		if !infos[i].Cached {
			leaders++
			continue
		}
		require.Equal(t, http.StatusOK, infos[i].StatusCode, "the shared answer's status")
		require.Zero(t, infos[i].Attempts)
		require.Zero(t, infos[i].Charged)
	}
	require.Equal(t, 1, leaders)

	calls := o.ended(t) // every lookup, leader and waiters, is one observed call
	require.Len(t, calls, n)
	cached := 0
	for _, call := range calls {
		if call.result.Cached {
			cached++
			require.Zero(t, call.result.Attempts)
		}
	}
	require.Equal(t, n-1, cached)
}

func TestWaitersAskThemselvesWhenTheLeaderGivesUp(t *testing.T) {
	srv := fake.NewServer()
	t.Cleanup(srv.Close)
	ct := &countingTransport{next: http.DefaultTransport}
	gate := newGate(ct)
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: gate}), registerdata.WithMaxRetries(0),
		registerdata.WithCache(registerdata.NewMemoryCache(100, time.Hour)))
	require.NoError(t, err)
	id := srv.CompanyIDs()[0]

	joined := make(chan struct{}, 10)
	registerdata.SetFlightWaitHook(func() {
		select {
		case joined <- struct{}{}:
		default:
		}
	})
	t.Cleanup(func() { registerdata.SetFlightWaitHook(nil) })

	leaderCtx, cancel := context.WithCancel(context.Background())
	leaderErr := make(chan error, 1)
	go func() {
		_, err := c.GetCompany(leaderCtx, id, nil)
		leaderErr <- err
	}()
	<-gate.arrived
	followerErr := make(chan error, 1)
	go func() {
		co, err := c.GetCompany(context.Background(), id, nil)
		if err == nil && co.ID != id {
			err = errors.New("wrong record")
		}
		followerErr <- err
	}()
	<-joined // the leader
	<-joined // the follower, waiting for the leader's request
	cancel()
	require.ErrorIs(t, <-leaderErr, context.Canceled)
	require.NoError(t, <-followerErr, "the waiter asked on its own instead of taking the leader's cancellation")
}

func TestCacheServesOwnersAndBeneficialOwners(t *testing.T) {
	_, c, ct := newFakeClient(t, nil, registerdata.WithCache(registerdata.NewMemoryCache(100, time.Hour)))
	ctx := context.Background()
	const id = "DE-HRB-F1103-267645"
	var infos [4]registerdata.ResponseInfo
	own1, err := c.GetOwners(ctx, id, nil, registerdata.WithResponseInfo(&infos[0]))
	require.NoError(t, err)
	own2, err := c.GetOwners(ctx, id, nil, registerdata.WithResponseInfo(&infos[1]))
	require.NoError(t, err)
	ubo1, err := c.GetBeneficialOwners(ctx, id, registerdata.WithResponseInfo(&infos[2]))
	require.NoError(t, err)
	ubo2, err := c.GetBeneficialOwners(ctx, id, registerdata.WithResponseInfo(&infos[3]))
	require.NoError(t, err)

	require.Equal(t, own1, own2)
	require.NotSame(t, own1, own2)
	require.Equal(t, ubo1, ubo2)
	require.NotSame(t, ubo1, ubo2)
	require.False(t, infos[0].Cached)
	require.True(t, infos[1].Cached)
	require.False(t, infos[2].Cached)
	require.True(t, infos[3].Cached)
	require.EqualValues(t, 2, ct.calls.Load())
	require.EqualValues(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false)+registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/ubo", false), c.CreditsSpent())

	_, err = c.GetOwners(ctx, id, &registerdata.GetOwnersParams{Realtime: true})
	require.NoError(t, err)
	require.EqualValues(t, 3, ct.calls.Load(), "realtime owners bypass the cache")
}
