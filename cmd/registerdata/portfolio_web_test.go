package main

import (
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPortfolioWebServesTheWorkplaceAndItsHealth: "portfolio web" serves
// on its listener: /healthz answers 200 while the database answers, the
// stylesheet comes with the strict Content-Security-Policy, and /metrics
// answers the queue and the credits without a sign-in.
func TestPortfolioWebServesTheWorkplaceAndItsHealth(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	base := "http://" + l.Addr().String()
	w := start(t, e.h, l, "portfolio", "web")
	w.waitStderr(t, "serving the workplace on http://")
	res, err := http.Get(base + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	res, err = http.Get(base + "/static/site.css")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.Header.Get("Content-Security-Policy"), "default-src 'none'")
	m := scrape(t, base)
	assert.Equal(t, 0.0, m[`registerdata_portfolio_queue_jobs{kind="delivery",state="available"}`], "the queue, read from the database")
	assert.Contains(t, m, `registerdata_portfolio_queue_oldest_age_seconds{kind="alert"}`)
	assert.Contains(t, m, `registerdata_portfolio_credits_total`)
	r := w.stop()
	assert.Equal(t, 0, r.code, r.stderr)
}

// TestPortfolioWebRefusesIncompleteSignInFlagsAndNeverShowsTheSecret:
// OIDC without its client secret, a client id without an issuer, and a
// certificate without its key are usage errors saying what to give; the
// secret read from its file appears in no output.
func TestPortfolioWebRefusesIncompleteSignInFlagsAndNeverShowsTheSecret(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	const secret = "oidc-secret-Zq81x"
	file := filepath.Join(t.TempDir(), "secret")
	require.NoError(t, os.WriteFile(file, []byte(secret+"\n"), 0o600))
	oidc := []string{"portfolio", "web", "--addr", "127.0.0.1:0", "--oidc-issuer", "https://id.bank.example", "--oidc-client-id", "workplace", "--oidc-redirect-url", "https://kyc.bank.example/auth/callback"}
	h := e.withEnv(envOIDCSecret, "")
	for _, c := range []struct {
		args []string
		says string
	}{
		{oidc, "$" + envOIDCSecret},
		{[]string{"portfolio", "web", "--oidc-client-id", "workplace"}, "need --oidc-issuer"},
		{[]string{"portfolio", "web", "--tls-cert", "cert.pem"}, "--tls-cert and --tls-key go together"},
		{append(append([]string{}, oidc...), "--oidc-client-secret-file", file, "--tls-key", "key.pem"), "--tls-cert and --tls-key go together"},
		{append(append([]string{}, oidc...), "--oidc-client-secret-file", filepath.Join(t.TempDir(), "missing")), "--oidc-client-secret-file"},
		{append(append([]string{}, oidc...), "--oidc-client-secret-file", file, "--oidc-roles", "anna@bank.example=boss"), "--oidc-roles"},
	} {
		r := h.run(t, c.args...)
		assert.Equal(t, exitUsage, r.code, "%v: %s", c.args, r.stderr)
		assert.Contains(t, r.stderr, c.says, "%v", c.args)
		assert.NotContains(t, r.stdout+r.stderr, secret, "%v", c.args)
	}
}

// webClient is a browser-like client of a workplace served at base: it
// keeps the session cookie and sends each form from the workplace's own
// origin.
type webClient struct {
	t    *testing.T
	base string
	c    *http.Client
}

func newWebClient(t *testing.T, base string) *webClient {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &webClient{t: t, base: base, c: &http.Client{Jar: jar}}
}

// post sends form to path and returns the status (after redirects) and
// the body.
func (w *webClient) post(path string, form url.Values) (int, string) {
	w.t.Helper()
	req, err := http.NewRequest(http.MethodPost, w.base+path, strings.NewReader(form.Encode()))
	require.NoError(w.t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Origin", w.base)
	res, err := w.c.Do(req)
	require.NoError(w.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(w.t, err)
	return res.StatusCode, string(b)
}

// get fetches path, wants 200 and returns the body.
func (w *webClient) get(path string) string {
	w.t.Helper()
	res, err := w.c.Get(w.base + path)
	require.NoError(w.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(w.t, err)
	require.Equal(w.t, http.StatusOK, res.StatusCode, string(b))
	return string(b)
}
