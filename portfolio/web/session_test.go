package web

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sessionCookie is the session cookie c holds for base.
func sessionCookie(t testing.TB, c *http.Client, base string) *http.Cookie {
	t.Helper()
	u, err := url.Parse(base)
	require.NoError(t, err)
	for _, ck := range c.Jar.Cookies(u) {
		if ck.Name == cookieName {
			return ck
		}
	}
	return nil
}

// withCookie is a fresh browser holding ck for base.
func withCookie(t testing.TB, base string, ck *http.Cookie) *http.Client {
	c := browser(t)
	u, err := url.Parse(base)
	require.NoError(t, err)
	c.Jar.SetCookies(u, []*http.Cookie{{Name: ck.Name, Value: ck.Value, Path: "/"}})
	return c
}

func TestSignInGivesANewSessionIDSoAFixedOneNeverSignsIn(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		p, _ := openPortfolio(t, dsn)
		addUser(t, p, "anna", Reviewer, annaPassword)
		srv, _ := authServer(t, p, LocalAccounts(), nil)

		// The attacker gets a session before sign-in (a wrong password
		// keeps none, so start one as the OIDC state does) and plants its
		// cookie in the victim's browser.
		sess, err := p.NewSession(t.Context(), map[string]string{"planted": "yes"})
		require.NoError(t, err)
		au, err := newAuthenticator(p, LocalAccounts(), false, nil)
		require.NoError(t, err)
		ck := plantedCookie(t, au, sess.ID)
		victim := withCookie(t, srv.URL, ck)
		resp, _ := signIn(t, victim, srv.URL, "anna", annaPassword)
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
		after := sessionCookie(t, victim, srv.URL)
		require.NotNil(t, after)
		assert.NotEqual(t, ck.Value, after.Value, "sign-in keeps the session id it was given")

		attacker := withCookie(t, srv.URL, ck)
		code, _ := get(t, attacker, srv.URL+"/whoami")
		assert.Equal(t, http.StatusSeeOther, code, "the planted session id is signed in")
		_, err = p.Session(t.Context(), sess.ID)
		assert.ErrorIs(t, err, portfolio.ErrNoSession, "the session before sign-in lives on")
		code, _ = get(t, victim, srv.URL+"/whoami")
		assert.Equal(t, http.StatusOK, code)
	})
}

// plantedCookie is the cookie value naming session id, as the store signs it.
func plantedCookie(t testing.TB, au *authenticator, id string) *http.Cookie {
	t.Helper()
	rec := &headerRecorder{h: http.Header{}}
	s := newDBStore(au.p, keysOf(t, au.p), false)
	sessn, err := s.New(&http.Request{Header: http.Header{}}, cookieName)
	require.NoError(t, err)
	sessn.ID = id
	require.NoError(t, s.setCookie(rec, sessn))
	cks := (&http.Response{Header: rec.h}).Cookies()
	require.Len(t, cks, 1)
	return cks[0]
}

func keysOf(t testing.TB, p *portfolio.Portfolio) [][]byte {
	k, err := p.SessionKeys(t.Context())
	require.NoError(t, err)
	return k
}

type headerRecorder struct{ h http.Header }

func (r *headerRecorder) Header() http.Header         { return r.h }
func (r *headerRecorder) Write(b []byte) (int, error) { return len(b), nil }
func (r *headerRecorder) WriteHeader(int)             {}

func TestASessionEndsAfterItsIdleTimeout(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		p, clk := openPortfolio(t, dsn)
		addUser(t, p, "anna", Reviewer, annaPassword)
		srv, _ := authServer(t, p, LocalAccounts(), nil)
		c := browser(t)
		signIn(t, c, srv.URL, "anna", annaPassword)
		clk.advance(portfolio.IdleTimeout - time.Second)
		code, _ := get(t, c, srv.URL+"/whoami")
		require.Equal(t, http.StatusOK, code, "a request within the idle timeout")
		clk.advance(portfolio.IdleTimeout - time.Second)
		code, _ = get(t, c, srv.URL+"/whoami")
		require.Equal(t, http.StatusOK, code, "each request moves the idle timeout")
		clk.advance(portfolio.IdleTimeout)
		code, _ = get(t, c, srv.URL+"/whoami")
		assert.Equal(t, http.StatusSeeOther, code, "idle for the whole timeout: signed out")
	})
}

func TestASessionEndsAfterItsAbsoluteTimeoutHoweverBusy(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		p, clk := openPortfolio(t, dsn)
		addUser(t, p, "anna", Reviewer, annaPassword)
		srv, _ := authServer(t, p, LocalAccounts(), nil)
		c := browser(t)
		signIn(t, c, srv.URL, "anna", annaPassword)
		for elapsed := time.Duration(0); elapsed+20*time.Minute < portfolio.AbsoluteTimeout; elapsed += 20 * time.Minute {
			clk.advance(20 * time.Minute)
			code, _ := get(t, c, srv.URL+"/whoami")
			require.Equal(t, http.StatusOK, code, "busy at %s", elapsed)
		}
		clk.advance(20 * time.Minute)
		code, _ := get(t, c, srv.URL+"/whoami")
		assert.Equal(t, http.StatusSeeOther, code, "past the absolute timeout: signed out")
	})
}

func TestSignOutDeletesTheSessionOnTheServerSoItsCookieOpensNothing(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		p, _ := openPortfolio(t, dsn)
		addUser(t, p, "anna", Reviewer, annaPassword)
		srv, _ := authServer(t, p, LocalAccounts(), nil)
		c := browser(t)
		signIn(t, c, srv.URL, "anna", annaPassword)
		ck := sessionCookie(t, c, srv.URL)
		require.NotNil(t, ck)
		resp, _ := post(t, c, srv.URL+"/logout", nil)
		assert.Equal(t, http.StatusSeeOther, resp.StatusCode)
		replay := withCookie(t, srv.URL, ck)
		code, _ := get(t, replay, srv.URL+"/whoami")
		assert.Equal(t, http.StatusSeeOther, code, "the old cookie still opens the session")
		last := lastAudit(t, p)
		assert.Equal(t, "sign-out", last.Action)
		assert.Equal(t, "anna", last.Actor.ID)
	})
}

func TestSessionsSurviveARestartOfTheWorkplace(t *testing.T) {
	dsn := "sqlite:" + filepath.Join(t.TempDir(), "p.db")
	p, _ := openPortfolio(t, dsn)
	addUser(t, p, "anna", Reviewer, annaPassword)
	srv, _ := authServer(t, p, LocalAccounts(), nil)
	c := browser(t)
	signIn(t, c, srv.URL, "anna", annaPassword)
	ck := sessionCookie(t, c, srv.URL)
	srv.Close()
	require.NoError(t, p.Close())

	p2, _ := openPortfolio(t, dsn)
	srv2, _ := authServer(t, p2, LocalAccounts(), nil)
	code, body := get(t, withCookie(t, srv2.URL, ck), srv2.URL+"/whoami")
	assert.Equal(t, http.StatusOK, code)
	assert.Equal(t, "anna|anna|reviewer|anna", body)
}

func TestARoleChangeTakesEffectOnTheNextRequestAndARemovedUserIsSignedOut(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		p, _ := openPortfolio(t, dsn)
		addUser(t, p, "anna", Reviewer, annaPassword)
		srv, _ := authServer(t, p, LocalAccounts(), nil)
		c := browser(t)
		signIn(t, c, srv.URL, "anna", annaPassword)
		ctx := portfolio.WithActor(t.Context(), testAdmin)
		require.NoError(t, p.SetRole(ctx, "anna", string(Viewer)))
		resp, _ := post(t, c, srv.URL+"/act", nil)
		assert.Equal(t, http.StatusForbidden, resp.StatusCode)
		require.NoError(t, p.RemoveUser(ctx, "anna"))
		code, _ := get(t, c, srv.URL+"/whoami")
		assert.Equal(t, http.StatusSeeOther, code)
	})
}

// lastAudit is the audit chain's last entry.
func lastAudit(t testing.TB, p *portfolio.Portfolio) portfolio.AuditEntry {
	t.Helper()
	var last portfolio.AuditEntry
	for e, err := range p.Audit(t.Context(), 0) {
		require.NoError(t, err)
		last = e
	}
	return last
}

func TestTheSessionCookieIsSecureWhenServedOverTLSAndHttpOnlyLaxAlways(t *testing.T) {
	p, _ := openPortfolio(t, "sqlite:"+filepath.Join(t.TempDir(), "p.db"))
	addUser(t, p, "anna", Reviewer, annaPassword)
	for _, secure := range []bool{false, true} {
		au, err := newAuthenticator(p, LocalAccounts(), secure, nil)
		require.NoError(t, err)
		mux := http.NewServeMux()
		au.routes(mux)
		srv := httptest.NewTLSServer(mux)
		c := srv.Client()
		c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		resp, _ := signIn(t, c, srv.URL, "anna", annaPassword)
		srv.Close()
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
		var ck *http.Cookie
		for _, k := range resp.Cookies() {
			if k.Name == cookieName {
				ck = k
			}
		}
		require.NotNil(t, ck)
		assert.Equal(t, secure, ck.Secure)
		assert.True(t, ck.HttpOnly)
		assert.Equal(t, http.SameSiteLaxMode, ck.SameSite)
		assert.Equal(t, "/", ck.Path)
	}
}
