package registerdata_test

import (
	"context"
	"encoding/json"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/time/rate"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func TestDoCallsAnyEndpointWithTheModelledRules(t *testing.T) {
	srv, c, o, ct := newObservedClient(t, nil, registerdata.WithCreditBudget(25))
	ctx := context.Background()
	const id = "DE-HRB-F1103-267645"

	var raw json.RawMessage
	var info registerdata.ResponseInfo
	require.NoError(t, c.Do(ctx, "GET", "/v1/company/"+id+"/owners", nil, &raw, registerdata.WithResponseInfo(&info)))
	var owners registerdata.Owners
	require.NoError(t, json.Unmarshal(raw, &owners))
	assert.Equal(t, id, owners.CompanyID)
	assert.EqualValues(t, registerdata.UnpublishedPrice, info.Charged, "the default price")
	assert.NotEmpty(t, info.RequestID)

	var co struct {
		ID   string `json:"id"`
		Name struct {
			Name string `json:"name"`
		} `json:"name"`
	}
	require.NoError(t, c.Do(ctx, "GET", "/v1/company/"+id, nil, &co, registerdata.WithCost(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false))))
	assert.Equal(t, id, co.ID)
	assert.NotEmpty(t, co.Name.Name)

	var credits json.RawMessage
	require.NoError(t, c.Do(ctx, "GET", "/v1/credits", nil, &credits, registerdata.WithCost(0)))
	assert.EqualValues(t, 20, c.CreditsSpent())

	// The budget holds WithCost's price: 5 are left, a search costs 10.
	err := c.Do(ctx, "POST", "/v1/search/company", map[string]any{"query": map[string]string{"value": "Nordlicht"}}, &raw)
	require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)

	// Errors map to the sentinels.
	err = c.Do(ctx, "GET", "/v1/company/DE-HRB-X0000-1", nil, &raw, registerdata.WithCost(0))
	require.ErrorIs(t, err, registerdata.ErrNotFound)

	routes := []string{}
	for _, call := range o.ended(t) {
		routes = append(routes, call.info.Route)
	}
	assert.Equal(t, []string{"GET /v1/company/{company_id}/owners", "GET /v1/company/{company_id}", "GET /v1/credits",
		"POST /v1/search/company", "GET /v1/company/{company_id}"}, routes)
	assert.EqualValues(t, 4, sumCalls(ct), "the refused search sent nothing")
	_ = srv
}

func sumCalls(ct *callTransport) int {
	ct.mu.Lock()
	defer ct.mu.Unlock()
	n := 0
	for _, v := range ct.perCall {
		n += v
	}
	return n
}

func TestDoSendsBodiesAndUsesTheCache(t *testing.T) {
	_, c, ct := newFakeClient(t, nil, registerdata.WithCache(registerdata.NewMemoryCache(10, 0)))
	ctx := context.Background()
	var page struct {
		Results []struct {
			CompanyID string `json:"company_id"`
		} `json:"results"`
	}
	require.NoError(t, c.Do(ctx, "POST", "/v1/search/company", json.RawMessage(`{"query":{"value":"Nordlicht"}}`), &page))
	assert.NotEmpty(t, page.Results)

	var info registerdata.ResponseInfo
	for range 2 {
		var raw json.RawMessage
		require.NoError(t, c.Do(ctx, "GET", "/v1/company/DE-HRB-F1103-267645", nil, &raw, registerdata.WithResponseInfo(&info)))
		require.Contains(t, string(raw), `"DE-HRB-F1103-267645"`)
	}
	assert.True(t, info.Cached, "a company lookup through Do is cached like GetCompany")
	assert.EqualValues(t, 2, ct.calls.Load())
}

func TestDoRefusesHostilePathsBeforeSending(t *testing.T) {
	_, c, ct := newFakeClient(t, nil)
	for _, p := range []string{"", "v1/company", "//evil.test/v1", "https://evil.test/v1/company", "/v1/../monitor",
		"/v1/company/a b", "/v1/company/./x", "/v1//company", "/v1/company#frag", "/v1/company/\n", "/v1\\company"} {
		err := c.Do(context.Background(), "GET", p, nil, nil)
		require.ErrorIs(t, err, registerdata.ErrInvalidRequest, "%q", p)
	}
	for _, m := range []string{"", "get", "GET /", "G\nET"} {
		require.ErrorIs(t, c.Do(context.Background(), m, "/v1/credits", nil, nil), registerdata.ErrInvalidRequest, "%q", m)
	}
	require.ErrorIs(t, c.Do(context.Background(), "POST", "/v1/search/company", []byte(`{"query":`), nil), registerdata.ErrInvalidRequest)
	require.ErrorIs(t, c.Do(context.Background(), "GET", "/v1/credits", nil, nil, registerdata.WithCost(-1)), registerdata.ErrInvalidRequest)
	var notPointer json.RawMessage
	var nilPointer *json.RawMessage
	require.ErrorIs(t, c.Do(context.Background(), "GET", "/v1/credits", nil, notPointer), registerdata.ErrInvalidRequest)
	require.ErrorIs(t, c.Do(context.Background(), "GET", "/v1/credits", nil, nilPointer), registerdata.ErrInvalidRequest)
	assert.Zero(t, ct.calls.Load())
}

// headerTransport records the headers of every request.
type headerTransport struct {
	next http.RoundTripper
	mu   sync.Mutex
	seen []http.Header
}

func (h *headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	h.mu.Lock()
	h.seen = append(h.seen, r.Header.Clone())
	h.mu.Unlock()
	return h.next.RoundTrip(r)
}

func TestWithHeaderOnEveryMethod(t *testing.T) {
	srv := fake.NewServer()
	t.Cleanup(srv.Close)
	ht := &headerTransport{next: http.DefaultTransport}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: ht}))
	require.NoError(t, err)
	ctx := context.Background()
	h := registerdata.WithHeader("X-Correlation-Id", "order-4711")
	_, err = c.GetCompany(ctx, "DE-HRB-F1103-267645", nil, h)
	require.NoError(t, err)
	_, err = c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "Nordlicht"}, h, registerdata.WithHeader("X-Correlation-Id", "second"))
	require.NoError(t, err)
	require.NoError(t, c.Do(ctx, "GET", "/v1/credits", nil, nil, h))
	_, err = c.GetCredits(ctx)
	require.NoError(t, err)

	require.Len(t, ht.seen, 4)
	assert.Equal(t, []string{"order-4711"}, ht.seen[0].Values("X-Correlation-Id"))
	assert.Equal(t, []string{"order-4711", "second"}, ht.seen[1].Values("X-Correlation-Id"))
	assert.Equal(t, []string{"order-4711"}, ht.seen[2].Values("X-Correlation-Id"))
	assert.Empty(t, ht.seen[3].Values("X-Correlation-Id"), "a per-call header stays with its call")
	assert.Equal(t, "Bearer "+srv.APIKey, ht.seen[0].Get("Authorization"))

	for _, bad := range [][2]string{{"Authorization", "Bearer x"}, {"content-type", "text/plain"}, {"X-A", "a\r\nB: c"}, {"X A", "b"}, {"", "b"}} {
		_, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", nil, registerdata.WithHeader(bad[0], bad[1]))
		require.ErrorIs(t, err, registerdata.ErrInvalidRequest, "%q", bad)
	}
	require.Len(t, ht.seen, 4, "refused headers send nothing")
}

func TestWithRateLimitTakesIntegerAndFloatRates(t *testing.T) {
	perSecond := 5
	var perSecond64 int64 = 5
	for _, o := range []registerdata.Option{
		registerdata.WithRateLimit(perSecond, 1),
		registerdata.WithRateLimit(perSecond64, 1),
		registerdata.WithRateLimit(0.5, 1),
		registerdata.WithRateLimit(rate.Limit(2), 2),
		registerdata.WithRateLimit(rate.Inf, 1),
	} {
		_, err := registerdata.NewClient(registerdata.WithAPIKey("k"), o)
		require.NoError(t, err)
	}
	for _, o := range []registerdata.Option{registerdata.WithRateLimit(0, 1), registerdata.WithRateLimit(-1.5, 1), registerdata.WithRateLimit(3, 0)} {
		_, err := registerdata.NewClient(registerdata.WithAPIKey("k"), o)
		require.Error(t, err)
	}
}
