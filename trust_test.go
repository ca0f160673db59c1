package registerdata_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

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
		registerdata.WithRetryWait(1e6, 2e6, 0), registerdata.WithCreditBudget(registerdata.CostCompanyLookup))
	require.NoError(t, err)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
	assert.Equal(t, int64(registerdata.CostCompanyLookup), c.CreditsSpent())
	left, _ := c.CreditsRemaining()
	assert.Zero(t, left)
}

// TestClientNeverPrintsTheKey prints a client in every way a user might.
func TestClientNeverPrintsTheKey(t *testing.T) {
	const key = "sk_live_VERYSECRET123"
	c, err := registerdata.NewClient(registerdata.WithAPIKey(key), registerdata.WithBaseURL("https://api.test"))
	require.NoError(t, err)
	deref := reflect.ValueOf(c).Elem() // the Client struct itself, as a dump would walk it
	var outs []string
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%q", "%x"} {
		outs = append(outs, fmt.Sprintf(verb, c), fmt.Sprintf(verb, deref))
	}
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("client", "client", c, "deref", deref)
	slog.New(slog.NewTextHandler(&logged, nil)).Info("client", slog.Any("client", c))
	outs = append(outs, logged.String())
	for _, out := range outs {
		assert.NotContains(t, out, "VERYSECRET", out)
		assert.NotContains(t, out, "5645525953454352455431323", out, "hex of the key") // hex of "VERYSECRET12"
	}
	assert.Contains(t, fmt.Sprint(c), "api.test", "the description still says which service")
}

// authRecorder records the Authorization header of every request.
func authRecorder(t *testing.T, tlsServer bool) (*httptest.Server, *atomic.Value, *atomic.Int32) {
	var auth atomic.Value
	var hits atomic.Int32
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		auth.Store(r.Header.Get("Authorization"))
		http.Error(w, `{"error":{"code":"not_found","message":"nothing here"}}`, http.StatusNotFound)
	})
	return testServer(t, tlsServer, h), &auth, &hits
}

// testServer starts h over TLS or plain http, closed when t ends.
func testServer(t *testing.T, tlsServer bool, h http.Handler) *httptest.Server {
	s := httptest.NewUnstartedServer(h)
	if tlsServer {
		s.StartTLS()
	} else {
		s.Start()
	}
	t.Cleanup(s.Close)
	return s
}

func redirectTo(t *testing.T, tlsServer bool, target string) *httptest.Server {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target+r.URL.Path, http.StatusTemporaryRedirect)
	})
	return testServer(t, tlsServer, h)
}

func TestRedirectToAnotherPortDropsTheKey(t *testing.T) {
	other, auth, hits := authRecorder(t, false)
	home := redirectTo(t, false, other.URL) // same host 127.0.0.1, another port
	c, err := registerdata.NewClient(registerdata.WithAPIKey("sk_test_KEY"), registerdata.WithBaseURL(home.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	require.ErrorIs(t, err, registerdata.ErrNotFound)
	require.Equal(t, int32(1), hits.Load(), "the redirect was followed")
	assert.Empty(t, auth.Load(), "the key must not reach another origin")
}

func TestRedirectFromHTTPSToHTTPIsRefused(t *testing.T) {
	plain, _, hits := authRecorder(t, false)
	home := redirectTo(t, true, plain.URL)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("sk_test_KEY"), registerdata.WithBaseURL(home.URL),
		registerdata.WithHTTPClient(home.Client()), registerdata.WithMaxRetries(0))
	require.NoError(t, err)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "https to http")
	assert.Zero(t, hits.Load(), "nothing may be sent in clear")
}

func TestRedirectWithinTheOriginKeepsTheKey(t *testing.T) {
	var auth atomic.Value
	mux := http.NewServeMux()
	mux.HandleFunc("/v1/company/DE-HRB-X1-1", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/v1/company/DE-HRB-X1-2", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/v1/company/DE-HRB-X1-2", func(w http.ResponseWriter, r *http.Request) {
		auth.Store(r.Header.Get("Authorization"))
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]string{"id": "DE-HRB-X1-2"})
	})
	s := httptest.NewServer(mux)
	t.Cleanup(s.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("sk_test_KEY"), registerdata.WithBaseURL(s.URL))
	require.NoError(t, err)
	co, err := c.GetCompany(context.Background(), "DE-HRB-X1-1", nil)
	require.NoError(t, err)
	assert.Equal(t, "DE-HRB-X1-2", co.ID)
	assert.Equal(t, "Bearer sk_test_KEY", auth.Load())
}

// TestHostileAnswerMemory: a 2 GiB answer of unknown length costs at most
// twice the response limit (the buffer grows by doubling) plus 1 MiB of
// allocation, and fails.
func TestHostileAnswerMemory(t *testing.T) {
	const size = 2 << 30
	block := bytes.Repeat([]byte("a"), 64<<10)
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":"`))
		for sent := 0; sent < size; sent += len(block) {
			if _, err := w.Write(block); err != nil {
				return
			}
		}
	}))
	t.Cleanup(s.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(s.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "larger than")
	const limit = 2 * registerdata.MaxResponseBytes
	allocated := after.TotalAlloc - before.TotalAlloc
	t.Logf("allocated %.1f MiB for a 2 GiB answer", float64(allocated)/(1<<20))
	assert.LessOrEqual(t, allocated, uint64(limit+1<<20), "allocation must stay within twice the limit + 1 MiB")
}

// TestEmptyAnswersAreErrors: a 2xx that carries no record is an error
// that keeps the body, never an empty Company.
func TestEmptyAnswersAreErrors(t *testing.T) {
	for _, body := range []string{`null`, `{}`, ``, ` `, `{"name":{"name":"No Id GmbH"}}`, `{"id":""}`, `{"id":null}`} {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("X-Request-Id", "req-1")
			_, _ = io.WriteString(w, body)
		}))
		c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(s.URL))
		require.NoError(t, err)
		co, err := c.GetCompany(context.Background(), knownCompany, nil)
		s.Close()
		assert.Nil(t, co, body)
		require.Error(t, err, body)
		var re *registerdata.ResponseError
		require.ErrorAs(t, err, &re, body)
		assert.Equal(t, body, string(re.Body), "the body is kept")
		assert.Equal(t, "req-1", re.RequestID)
		assert.ErrorIs(t, err, registerdata.ErrUnexpectedResponse)
	}
}

// TestRecordWithoutOtherRequiredFieldsDecodes: only the identifier is
// demanded; the service's data is not ours to refuse.
func TestRecordWithoutOtherRequiredFieldsDecodes(t *testing.T) {
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"id":"DE-HRB-F1103-267645"}`)
	}))
	t.Cleanup(s.Close)
	c, err := registerdata.NewClient(registerdata.WithAPIKey("k"), registerdata.WithBaseURL(s.URL))
	require.NoError(t, err)
	co, err := c.GetCompany(context.Background(), knownCompany, nil)
	require.NoError(t, err)
	assert.Equal(t, knownCompany, co.ID)
	assert.NotNil(t, co.Representation, "arrays are still never nil")
}

var _ = url.PathEscape
