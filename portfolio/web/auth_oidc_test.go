package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/oauth2-proxy/mockoidc"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oidcEnv is a mockoidc provider run in the test and a workplace
// signing in through it.
type oidcEnv struct {
	m    *mockoidc.MockOIDC
	srv  *httptest.Server
	p    *portfolio.Portfolio
	logs *logBuffer
}

// newOIDCEnv starts the provider and the workplace (with the client
// secret secret, or the provider's when "").
func newOIDCEnv(t *testing.T, dsn, secret string, opts ...OIDCOption) *oidcEnv {
	t.Helper()
	m, err := mockoidc.Run()
	require.NoError(t, err)
	t.Cleanup(func() { _ = m.Shutdown() })
	p, _ := openPortfolio(t, dsn)
	var h atomic.Pointer[http.Handler]
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { (*h.Load()).ServeHTTP(w, r) }))
	t.Cleanup(srv.Close)
	cfg := m.Config()
	if secret == "" {
		secret = cfg.ClientSecret
	}
	logger, logs := captureLog()
	au, err := newAuthenticator(p, OIDC(cfg.Issuer, cfg.ClientID, secret, srv.URL+"/auth/callback", opts...), false, logger)
	require.NoError(t, err)
	mux := http.NewServeMux()
	au.routes(mux)
	mux.Handle("GET /whoami", au.require(Viewer, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pr, _ := principalFrom(r.Context())
		_, _ = w.Write([]byte(pr.ID + "|" + pr.Name + "|" + string(pr.Role)))
	})))
	var handler http.Handler = mux
	h.Store(&handler)
	return &oidcEnv{m: m, srv: srv, p: p, logs: logs}
}

// toProvider posts the sign-in button and follows the provider's
// authorize redirect: the callback URL it sends the browser to.
func (e *oidcEnv) toProvider(t *testing.T, c *http.Client) *url.URL {
	t.Helper()
	resp, _ := post(t, c, e.srv.URL+"/login", url.Values{"next": {"/whoami"}})
	require.Equal(t, http.StatusSeeOther, resp.StatusCode)
	auth, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	q := auth.Query()
	assert.Equal(t, "S256", q.Get("code_challenge_method"), "PKCE")
	assert.NotEmpty(t, q.Get("code_challenge"))
	assert.NotEmpty(t, q.Get("nonce"))
	assert.NotEmpty(t, q.Get("state"))
	resp, err = c.Get(auth.String())
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusFound, resp.StatusCode)
	cb, err := url.Parse(resp.Header.Get("Location"))
	require.NoError(t, err)
	return cb
}

func TestOIDCSignsInWithCodeAndPKCEAndAddsTheUserWithTheMappedRole(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		e := newOIDCEnv(t, dsn, "", WithRoles(map[string]Role{"anna@bank.example": Approver}))
		e.m.QueueUser(&mockoidc.MockUser{Subject: "sub-anna-1", Email: "anna@bank.example", PreferredUsername: "anna"})
		c := browser(t)
		code, body := get(t, c, e.srv.URL+"/login")
		require.Equal(t, http.StatusOK, code)
		assert.Contains(t, body, "identity provider")
		assert.NotContains(t, body, `name="password"`)

		cb := e.toProvider(t, c)
		resp, err := c.Get(cb.String())
		require.NoError(t, err)
		resp.Body.Close()
		require.Equal(t, http.StatusSeeOther, resp.StatusCode, e.logs.String())
		assert.Equal(t, "/whoami", resp.Header.Get("Location"))
		code, body = get(t, c, e.srv.URL+"/whoami")
		assert.Equal(t, http.StatusOK, code)
		assert.Equal(t, "sub-anna-1|anna@bank.example|approver", body)

		u, err := e.p.User(t.Context(), "sub-anna-1")
		require.NoError(t, err)
		assert.Equal(t, portfolio.SourceOIDC, u.Source)
		last := lastAudit(t, e.p)
		assert.Equal(t, "sign-in", last.Action)
		assert.Contains(t, string(last.Detail), `"method":"oidc"`)

		// An admin's change of the role stands at the next sign-in.
		require.NoError(t, e.p.SetRole(portfolio.WithActor(t.Context(), testAdmin), "sub-anna-1", string(Viewer)))
		e.m.QueueUser(&mockoidc.MockUser{Subject: "sub-anna-1", Email: "anna@bank.example"})
		c2 := browser(t)
		resp, err = c2.Get(e.toProvider(t, c2).String())
		require.NoError(t, err)
		resp.Body.Close()
		_, body = get(t, c2, e.srv.URL+"/whoami")
		assert.Equal(t, "sub-anna-1|anna@bank.example|viewer", body)
	})
}

func TestOIDCUsersAreViewersByDefault(t *testing.T) {
	e := newOIDCEnv(t, "sqlite:"+t.TempDir()+"/p.db", "")
	e.m.QueueUser(&mockoidc.MockUser{Subject: "sub-ben", Email: "ben@bank.example"})
	c := browser(t)
	resp, err := c.Get(e.toProvider(t, c).String())
	require.NoError(t, err)
	resp.Body.Close()
	_, body := get(t, c, e.srv.URL+"/whoami")
	assert.Equal(t, "sub-ben|ben@bank.example|viewer", body)
}

func TestOIDCRefusesACallbackWithAWrongStateOrFromAnotherBrowser(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		e := newOIDCEnv(t, dsn, "")
		e.m.QueueUser(&mockoidc.MockUser{Subject: "sub-anna", Email: "anna@bank.example"})
		c := browser(t)
		cb := e.toProvider(t, c)

		wrong := *cb
		q := wrong.Query()
		q.Set("state", "forged-"+q.Get("state"))
		wrong.RawQuery = q.Encode()
		code, body := get(t, c, wrong.String())
		assert.Equal(t, http.StatusBadRequest, code)
		assert.Contains(t, body, "state does not match")
		code, _ = get(t, c, e.srv.URL+"/whoami")
		assert.Equal(t, http.StatusSeeOther, code, "a wrong state signed in")

		other := browser(t)
		code, _ = get(t, other, cb.String())
		assert.Equal(t, http.StatusBadRequest, code, "another browser's callback signed in")
		code, _ = get(t, other, e.srv.URL+"/whoami")
		assert.Equal(t, http.StatusSeeOther, code)

		for entry, err := range e.p.Audit(t.Context(), 0) {
			require.NoError(t, err)
			assert.NotEqual(t, "sign-in", entry.Action)
		}
	})
}

func TestOIDCKeepsTheClientSecretOutOfLogsPagesAndErrors(t *testing.T) {
	const wrongSecret = "s3cr3t-the-provider-refuses-9f2"
	for _, secret := range []string{"", wrongSecret} {
		e := newOIDCEnv(t, "sqlite:"+t.TempDir()+"/p.db", secret)
		real := e.m.Config().ClientSecret
		e.m.QueueUser(&mockoidc.MockUser{Subject: "sub-anna", Email: "anna@bank.example"})
		c := browser(t)
		_, login := get(t, c, e.srv.URL+"/login")
		cb := e.toProvider(t, c)
		_, page := get(t, c, cb.String())
		_, who := get(t, c, e.srv.URL+"/whoami")
		if secret == wrongSecret {
			assert.Contains(t, page, "code was not exchanged", "the provider refuses a wrong secret")
		}
		require.NotEmpty(t, e.logs.String())
		for _, s := range []string{real, wrongSecret} {
			for _, out := range []string{login, page, who, e.logs.String(), cb.String()} {
				assert.False(t, strings.Contains(out, s), "the secret %q shows in %q", s, out)
			}
		}
	}
}

func TestParseRolesReadsPairsAndRefusesAnUnknownRole(t *testing.T) {
	m, err := ParseRoles(" anna@bank.example=approver, sub-1=admin ,")
	require.NoError(t, err)
	assert.Equal(t, map[string]Role{"anna@bank.example": Approver, "sub-1": Admin}, m)
	for _, bad := range []string{"anna", "=admin", "anna=boss"} {
		_, err := ParseRoles(bad)
		assert.Error(t, err, bad)
	}
}
