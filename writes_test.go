package registerdata_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// connKey gives each server connection its own counter of requests.
type connKey struct{}

// keepAliveKiller is a service that bills every request it receives
// (registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)) and answers only the first request of each
// connection: on a reused keep-alive connection it reads the request and
// closes the connection without answering, so the client's transport
// sees a reused connection die after the write.
type keepAliveKiller struct {
	*httptest.Server
	billed atomic.Int64
	bodies atomic.Int32 // GETs that arrived with a body header
}

func newKeepAliveKiller(t *testing.T) *keepAliveKiller {
	t.Helper()
	record, err := os.ReadFile("testdata/company_large.json")
	require.NoError(t, err)
	k := &keepAliveKiller{}
	k.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		k.billed.Add(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false))
		if r.ContentLength > 0 || len(r.TransferEncoding) > 0 {
			k.bodies.Add(1)
		}
		if r.Context().Value(connKey{}).(*atomic.Int32).Add(1) > 1 {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(record)
	}))
	k.Config.ConnContext = func(ctx context.Context, _ net.Conn) context.Context {
		return context.WithValue(ctx, connKey{}, new(atomic.Int32))
	}
	k.Start()
	t.Cleanup(k.Close)
	return k
}

func (k *keepAliveKiller) client(t *testing.T, opts ...registerdata.Option) *registerdata.Client {
	t.Helper()
	tr := &http.Transport{MaxIdleConnsPerHost: 8}
	t.Cleanup(tr.CloseIdleConnections)
	c, err := registerdata.NewClient(append([]registerdata.Option{
		registerdata.WithAPIKey("k"), registerdata.WithBaseURL(k.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: tr}),
		registerdata.WithRetryWait(time.Millisecond, time.Millisecond, time.Minute),
	}, opts...)...)
	require.NoError(t, err)
	return c
}

// TestEveryWriteIsCountedAndHeldInTheBudget is defect 1 of issue 19:
// http.Transport's silent re-send of a GET on a new connection, after a
// reused one died before the answer, is a write the service bills.
func TestEveryWriteIsCountedAndHeldInTheBudget(t *testing.T) {
	ctx := context.Background()
	t.Run("GETs without retries", func(t *testing.T) {
		k := newKeepAliveKiller(t)
		c := k.client(t, registerdata.WithMaxRetries(0))
		for i := range 20 {
			c.GetCompany(ctx, fmt.Sprintf("DE-HRB-F1103-%d", 100+i), nil)
		}
		assert.Positive(t, k.billed.Load())
		assert.GreaterOrEqual(t, c.CreditsSpent(), k.billed.Load(), "every billed write is counted")
		assert.Zero(t, k.bodies.Load(), "GETs go out without a body")

		const budget = 100
		k = newKeepAliveKiller(t)
		c = k.client(t, registerdata.WithMaxRetries(0), registerdata.WithCreditBudget(budget))
		for i := range 20 {
			c.GetCompany(ctx, fmt.Sprintf("DE-HRB-F1103-%d", 100+i), nil)
		}
		assert.LessOrEqual(t, k.billed.Load(), int64(budget), "no write beyond the budget is made")
		assert.GreaterOrEqual(t, c.CreditsSpent(), k.billed.Load())
	})
	t.Run("GETs with retries and a budget", func(t *testing.T) {
		k := newKeepAliveKiller(t)
		const budget = 100
		c := k.client(t, registerdata.WithMaxRetries(3), registerdata.WithCreditBudget(budget))
		ok := 0
		for i := range 30 {
			if _, err := c.GetCompany(ctx, fmt.Sprintf("DE-HRB-F1103-%d", 100+i), nil); err == nil {
				ok++
			}
		}
		assert.Positive(t, ok)
		assert.LessOrEqual(t, k.billed.Load(), int64(budget), "no write beyond the budget is made")
		assert.GreaterOrEqual(t, c.CreditsSpent(), k.billed.Load())
		assert.LessOrEqual(t, c.CreditsSpent(), int64(budget))
	})
	t.Run("GetCompaniesSeq with a budget", func(t *testing.T) {
		k := newKeepAliveKiller(t)
		const budget = 200
		c := k.client(t, registerdata.WithCreditBudget(budget))
		ids := make([]string, 60)
		for i := range ids {
			ids[i] = fmt.Sprintf("DE-HRB-F1103-%d", 1000+i)
		}
		var mu sync.Mutex
		results := 0
		for _, err := range c.GetCompaniesSeq(ctx, ids, registerdata.BatchOptions{Concurrency: 4}) {
			require.NoError(t, err)
			mu.Lock()
			results++
			mu.Unlock()
		}
		assert.Equal(t, len(ids), results)
		assert.LessOrEqual(t, k.billed.Load(), int64(budget), "no write beyond the budget is made")
		assert.GreaterOrEqual(t, c.CreditsSpent(), k.billed.Load())
	})
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
	assert.Equal(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false), c.CreditsSpent())
}

// dropProxy forwards requests to target and, for the first drops requests
// whose path starts with prefix, lets target answer in full (so the fake
// processes and bills the request) and then closes the client's
// connection without a word: the answer is lost after the work was done.
func dropProxy(t *testing.T, target, prefix string, drops int32) *httptest.Server {
	t.Helper()
	var left atomic.Int32
	left.Store(drops)
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		out, err := http.NewRequestWithContext(r.Context(), r.Method, target+r.URL.RequestURI(), bytes.NewReader(body))
		if err != nil {
			panic(err)
		}
		out.Header = r.Header.Clone()
		resp, err := http.DefaultTransport.RoundTrip(out)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		defer resp.Body.Close()
		answer, _ := io.ReadAll(resp.Body)
		if strings.HasPrefix(r.URL.Path, prefix) && left.Add(-1) >= 0 {
			conn, _, err := http.NewResponseController(w).Hijack()
			if err == nil {
				conn.Close()
			}
			return
		}
		for k, vs := range resp.Header {
			w.Header()[k] = vs
		}
		w.WriteHeader(resp.StatusCode)
		_, _ = w.Write(answer)
	}))
	t.Cleanup(proxy.Close)
	return proxy
}

// TestLostAnswersAreCountedAsCharged: the fake processes and bills each
// request, the proxy drops the first answer, the client retries. The
// service billed twice; CreditsSpent must say so, never less.
func TestLostAnswersAreCountedAsCharged(t *testing.T) {
	const credits = 10_000
	calls := map[string]struct {
		prefix string
		call   func(context.Context, *registerdata.Client) error
	}{
		"lookup": {"/v1/company/", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetCompany(ctx, knownCompany, nil)
			return err
		}},
		"search": {"/v1/search/company", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "gmbh"})
			return err
		}},
		"create monitor": {"/v1/monitor", func(ctx context.Context, c *registerdata.Client) error {
			m, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: knownCompany, EntityType: enums.EntityTypeCompany,
				Preferences: []enums.Preference{enums.PreferenceBasic}})
			if err == nil && m.EntityID != knownCompany {
				return fmt.Errorf("created a monitor of %q", m.EntityID)
			}
			return err
		}},
	}
	for name, tc := range calls {
		t.Run(name, func(t *testing.T) {
			srv := fake.NewServer(fake.WithCredits(credits), fake.WithWebhookEndpoint("http://127.0.0.1:1/hook", "whsec_dGVzdHNlY3JldA=="))
			t.Cleanup(srv.Close)
			proxy := dropProxy(t, srv.URL, tc.prefix, 1)
			c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(proxy.URL),
				registerdata.WithRetryWait(1e6, 2e6, 0))
			require.NoError(t, err)

			require.NoError(t, tc.call(context.Background(), c), "the retry succeeds, or a 409 on it is resolved")
			billed := credits - srv.Credits(srv.APIKey)
			assert.Positive(t, billed)
			assert.GreaterOrEqual(t, c.CreditsSpent(), billed, "CreditsSpent must never be below what the service billed")
			assert.Equal(t, billed, c.CreditsSpent(), "here every attempt was billed, and counted")
		})
	}
}

// TestLostAnswerHoldsTheBudget: with a budget for exactly one lookup, the
// retry after a lost answer would spend past it, so it is not sent.
func TestLostAnswerHoldsTheBudget(t *testing.T) {
	srv := fake.NewServer()
	t.Cleanup(srv.Close)
	proxy := dropProxy(t, srv.URL, "/v1/company/", 1)
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(proxy.URL),
		registerdata.WithRetryWait(1e6, 2e6, 0), registerdata.WithCreditBudget(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)))
	require.NoError(t, err)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)), c.CreditsSpent())
	left, _ := c.CreditsRemaining()
	assert.Zero(t, left)
}
