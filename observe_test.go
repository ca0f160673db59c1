package registerdata_test

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// callKey marks the context a recordingObserver's CallStart returns.
type callKey struct{}

// observedCall is one call a recordingObserver saw.
type observedCall struct {
	id     int64
	info   registerdata.CallInfo
	result registerdata.CallResult
	ended  int // how many CallEnds it got
}

// recordingObserver records every call and marks its context with the
// call's number, so that requests can be matched to calls.
type recordingObserver struct {
	mu    sync.Mutex
	next  int64
	calls []*observedCall
}

func (o *recordingObserver) CallStart(ctx context.Context, info registerdata.CallInfo) context.Context {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.next++
	o.calls = append(o.calls, &observedCall{id: o.next, info: info})
	return context.WithValue(ctx, callKey{}, o.next)
}

func (o *recordingObserver) CallEnd(ctx context.Context, info registerdata.CallInfo, res registerdata.CallResult) {
	id, _ := ctx.Value(callKey{}).(int64)
	o.mu.Lock()
	defer o.mu.Unlock()
	for _, c := range o.calls {
		if c.id == id {
			c.ended++
			c.result = res
			if c.info != info {
				panic("CallEnd got another CallInfo than CallStart")
			}
		}
	}
}

// ended returns the calls, checking that each got exactly one CallEnd.
func (o *recordingObserver) ended(t *testing.T) []observedCall {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	out := make([]observedCall, 0, len(o.calls))
	for _, c := range o.calls {
		require.Equal(t, 1, c.ended, "call %d (%s) must end exactly once", c.id, c.info.Route)
		out = append(out, *c)
	}
	return out
}

// callTransport checks that every request carries the context of an
// observed call, and counts the requests of each call.
type callTransport struct {
	next     http.RoundTripper
	mu       sync.Mutex
	perCall  map[int64]int
	unmarked atomic.Int32
}

func (t *callTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	id, ok := r.Context().Value(callKey{}).(int64)
	if !ok {
		t.unmarked.Add(1)
	}
	t.mu.Lock()
	if t.perCall == nil {
		t.perCall = map[int64]int{}
	}
	t.perCall[id]++
	t.mu.Unlock()
	return t.next.RoundTrip(r)
}

// newObservedClient is newFakeClient with a recording observer and a
// transport that checks every request runs in an observed call.
func newObservedClient(t *testing.T, srvOpts []fake.Option, opts ...registerdata.Option) (*fake.Server, *registerdata.Client, *recordingObserver, *callTransport) {
	t.Helper()
	o := &recordingObserver{}
	srv := fake.NewServer(srvOpts...)
	t.Cleanup(srv.Close)
	ct := &callTransport{next: http.DefaultTransport}
	base := []registerdata.Option{
		registerdata.WithAPIKey(srv.APIKey),
		registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: ct}),
		registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute),
		registerdata.WithObserver(o),
	}
	c, err := registerdata.NewClient(append(base, opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() {
		assert.Zero(t, ct.unmarked.Load(), "a request was sent outside an observed call's context")
		// Routes never carry an id: every one is a template of api/openapi.yaml.
		for _, call := range o.ended(t) {
			assertTemplateRoute(t, call.info.Route)
		}
	})
	return srv, c, o, ct
}

var openapiRoutes = sync.OnceValue(func() map[string]bool {
	spec, err := os.ReadFile("api/openapi.yaml")
	if err != nil {
		panic(err)
	}
	routes := map[string]bool{}
	path := ""
	for _, line := range strings.Split(string(spec), "\n") {
		if m := regexp.MustCompile(`^  (/v[0-9]/\S*):$`).FindStringSubmatch(line); m != nil {
			path = m[1]
		} else if m := regexp.MustCompile(`^    (get|post|delete|put|patch):`).FindStringSubmatch(line); m != nil && path != "" {
			routes[strings.ToUpper(m[1])+" "+path] = true
		}
	}
	return routes
})

func assertTemplateRoute(t *testing.T, route string) {
	t.Helper()
	assert.True(t, openapiRoutes()[route], "route %q is not an operation of api/openapi.yaml", route)
}

func TestObserverSeesOneCallWithItsRouteAndResult(t *testing.T) {
	srv, c, o, ct := newObservedClient(t, nil)
	id := srv.CompanyIDs()[0]
	var info registerdata.ResponseInfo
	_, err := c.GetCompany(context.Background(), id, nil, registerdata.WithResponseInfo(&info))
	require.NoError(t, err)

	calls := o.ended(t)
	require.Len(t, calls, 1)
	call := calls[0]
	assert.Equal(t, registerdata.CallInfo{Method: "GET", Route: "GET /v1/company/{company_id}",
		Path: "/v1/company/" + id, Cost: registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)}, call.info)
	assert.Equal(t, http.StatusOK, call.result.StatusCode)
	assert.Equal(t, 1, call.result.Attempts)
	assert.EqualValues(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false), call.result.Charged)
	assert.False(t, call.result.Cached)
	assert.NotEmpty(t, call.result.RequestID)
	assert.Equal(t, info.RequestID, call.result.RequestID, "the observer and WithResponseInfo agree")
	assert.Positive(t, call.result.Duration)
	assert.NoError(t, call.result.Err)
	assert.Equal(t, map[int64]int{call.id: 1}, ct.perCall, "the request carries the context CallStart returned")
}

func TestObserverSeesCacheHitsAsCachedCalls(t *testing.T) {
	srv, c, o, _ := newObservedClient(t, nil, registerdata.WithCache(registerdata.NewMemoryCache(10, time.Hour)))
	id := srv.CompanyIDs()[0]
	for range 2 {
		_, err := c.GetCompany(context.Background(), id, nil)
		require.NoError(t, err)
	}
	calls := o.ended(t)
	require.Len(t, calls, 2)
	assert.False(t, calls[0].result.Cached)
	assert.True(t, calls[1].result.Cached)
	assert.Zero(t, calls[1].result.Attempts)
	assert.Zero(t, calls[1].result.Charged)
	assert.Equal(t, "GET /v1/company/{company_id}", calls[1].info.Route)
}

func TestObserverSeesBudgetRefusalsAndFailures(t *testing.T) {
	srv, c, o, ct := newObservedClient(t, nil, registerdata.WithCreditBudget(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)-1))
	_, err := c.GetCompany(context.Background(), srv.CompanyIDs()[0], nil)
	require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
	_, err = c.GetCredits(context.Background()) // free, so the budget lets it through
	require.NoError(t, err)

	calls := o.ended(t)
	require.Len(t, calls, 2)
	assert.ErrorIs(t, calls[0].result.Err, registerdata.ErrBudgetExceeded)
	assert.Zero(t, calls[0].result.Attempts)
	assert.Zero(t, calls[0].result.StatusCode)
	assert.Equal(t, "GET /v1/credits", calls[1].info.Route)
	assert.Equal(t, 1, ct.perCall[calls[1].id])

	_, c2, o2, _ := newObservedClient(t, nil)
	_, err = c2.GetCompany(context.Background(), "DE-HRB-F1103-999999999", nil)
	require.ErrorIs(t, err, registerdata.ErrNotFound)
	calls = o2.ended(t)
	require.Len(t, calls, 1)
	assert.Equal(t, http.StatusNotFound, calls[0].result.StatusCode)
	assert.ErrorIs(t, calls[0].result.Err, registerdata.ErrNotFound)
	assert.Zero(t, calls[0].result.Charged)
}

func TestObserverSeesOneCallPerRequestOfWalksAndHelpers(t *testing.T) {
	srv, c, o, ct := newObservedClient(t, []fake.Option{fake.WithGenerated(30)})
	ctx := context.Background()

	pages := 0
	for _, err := range c.SearchCompaniesSeq(ctx, registerdata.CompanySearchRequest{Pagination: registerdata.PageRequest{PerPage: 10}}, registerdata.MaxPages(3)) {
		require.NoError(t, err)
		pages++
	}
	require.Positive(t, pages)

	ids := srv.CompanyIDs()[:4]
	for r, err := range c.GetCompaniesSeq(ctx, ids, registerdata.BatchOptions{Concurrency: 2}) {
		require.NoError(t, err)
		require.NoError(t, r.Err)
	}
	_, err := c.OwnershipTree(ctx, ids[0], registerdata.TreeOptions{MaxDepth: 3})
	require.NoError(t, err)

	calls := o.ended(t)
	byRoute := map[string]int{}
	for _, call := range calls {
		byRoute[call.info.Route]++
		assert.Equal(t, 1, ct.perCall[call.id], "call %s sent one request", call.info.Route)
		assert.Equal(t, 1, call.result.Attempts)
	}
	assert.Equal(t, 3, byRoute["POST /v1/search/company"], "one call per page")
	assert.Equal(t, 4, byRoute["GET /v1/company/{company_id}"], "one call per id")
	assert.Positive(t, byRoute["GET /v1/company/{company_id}/owners"], "the tree's requests are calls")
	total := 0
	for _, n := range ct.perCall {
		total += n
	}
	assert.Equal(t, len(calls), total, "every request belongs to exactly one call")
}

// ctxHandler is a slog handler that keeps each record with the value the
// observer put in its context, as a trace-id handler would.
type ctxHandler struct {
	mu      *sync.Mutex
	records *[]map[string]any
}

func (h ctxHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h ctxHandler) WithAttrs([]slog.Attr) slog.Handler       { return h }
func (h ctxHandler) WithGroup(string) slog.Handler            { return h }
func (h ctxHandler) Handle(ctx context.Context, r slog.Record) error {
	m := map[string]any{"msg": r.Message, "call": ctx.Value(callKey{})}
	r.Attrs(func(a slog.Attr) bool {
		m[a.Key] = a.Value.Any()
		return true
	})
	h.mu.Lock()
	*h.records = append(*h.records, m)
	h.mu.Unlock()
	return nil
}

func TestLogRecordsCarryRouteRequestIDCreditsAndTheCallsContext(t *testing.T) {
	var mu sync.Mutex
	var records []map[string]any
	srv, c, o, _ := newObservedClient(t, nil, registerdata.WithLogger(slog.New(ctxHandler{&mu, &records})))
	id := srv.CompanyIDs()[0]
	_, err := c.GetCompany(context.Background(), id, nil)
	require.NoError(t, err)
	calls := o.ended(t)
	require.Len(t, calls, 1)

	mu.Lock()
	defer mu.Unlock()
	var callRecord map[string]any
	for _, r := range records {
		assert.Equal(t, calls[0].id, r["call"], "record %q is logged with the call's context", r["msg"])
		assert.Equal(t, "GET /v1/company/{company_id}", r["route"], "record %q names the route", r["msg"])
		for _, v := range r {
			if s, ok := v.(string); ok {
				assert.NotContains(t, s, srv.APIKey)
			}
		}
		if r["msg"] == "registerdata: call" {
			callRecord = r
		}
	}
	require.NotNil(t, callRecord, "a finished call is logged")
	assert.Equal(t, calls[0].result.RequestID, callRecord["request_id"])
	assert.EqualValues(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false), callRecord["credits"])
}

func TestWithObserverRefusesNil(t *testing.T) {
	_, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithObserver(nil))
	require.Error(t, err)
	require.False(t, errors.Is(err, registerdata.ErrInvalidRequest))
}

// noopObserver is the cheapest Observer: the cost of the hook itself.
type noopObserver struct{}

func (noopObserver) CallStart(ctx context.Context, _ registerdata.CallInfo) context.Context {
	return ctx
}
func (noopObserver) CallEnd(context.Context, registerdata.CallInfo, registerdata.CallResult) {}

// BenchmarkGetCompanyObserver is a GetCompany against the fake without an
// observer ("none") and with a no-op one ("noop"): the difference is what
// the hook costs a call. Compare ns/op and allocs/op of the two.
func BenchmarkGetCompanyObserver(b *testing.B) {
	srv := fake.NewServer()
	b.Cleanup(srv.Close)
	id := srv.CompanyIDs()[0]
	for _, bc := range []struct {
		name string
		opts []registerdata.Option
	}{
		{"none", nil},
		{"noop", []registerdata.Option{registerdata.WithObserver(noopObserver{})}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			c, err := registerdata.NewClient(append([]registerdata.Option{
				registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL)}, bc.opts...)...)
			require.NoError(b, err)
			ctx := context.Background()
			b.ReportAllocs()
			for b.Loop() {
				if _, err := c.GetCompany(ctx, id, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
