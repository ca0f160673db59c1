package web

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEveryPageCarriesTheStrictCSPAndNoInlineScriptOrStyle: each page
// answers with the Content-Security-Policy that allows no script and
// styles only from /static/, and no template holds a script, a style
// element or a style attribute the policy would have to allow.
func TestEveryPageCarriesTheStrictCSPAndNoInlineScriptOrStyle(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	c := f.client(t, admin)
	for _, path := range []string{"/", "/queue", "/queue/item?ref=C-3", "/flags", "/company?id=" + inLiquidation, "/journal", "/approvals", "/audit", "/static/site.css", "/healthz"} {
		res, err := c.Get(f.ts.URL + path)
		require.NoError(t, err)
		res.Body.Close()
		assert.Equal(t, http.StatusOK, res.StatusCode, path)
		assert.Equal(t, csp, res.Header.Get("Content-Security-Policy"), path)
		assert.Equal(t, "nosniff", res.Header.Get("X-Content-Type-Options"), path)
	}
	inline := regexp.MustCompile(`(?i)<script|<style|\sstyle=|\son[a-z]+=|javascript:`)
	err := fs.WalkDir(files, "templates", func(path string, d fs.DirEntry, err error) error {
		require.NoError(t, err)
		if d.IsDir() {
			return nil
		}
		b, err := fs.ReadFile(files, path)
		require.NoError(t, err)
		assert.Empty(t, inline.FindAllString(string(b), -1), path)
		return nil
	})
	require.NoError(t, err)
}

// TestHealthzAnswers200WhileTheDatabaseAnswersAnd503After: once the
// portfolio's database is closed the health check says so.
func TestHealthzAnswers200WhileTheDatabaseAnswersAnd503After(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	res, err := http.Get(f.ts.URL + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
	require.NoError(t, f.p.Close())
	res, err = http.Get(f.ts.URL + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode)
}

// TestForwardedHeadersAreTrustedOnlyBehindAProxy: a POST whose Origin
// is the host a proxy forwarded passes the cross-origin check only with
// BehindProxy; without it the header is dropped, so nobody can claim a
// host by sending it.
func TestForwardedHeadersAreTrustedOnlyBehindAProxy(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	c := f.client(t, reviewer)
	for _, behind := range []bool{false, true} {
		h, err := New(f.p, Options{Auth: LocalAccounts(), BehindProxy: behind})
		require.NoError(t, err)
		form := url.Values{"ref": {"C-4"}, "choice": {"none"}, "note": {"no register entry"}}
		req := httptest.NewRequest(http.MethodPost, "http://10.0.0.5:8080/queue/resolve", strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", "https://workplace.bank.example")
		req.Header.Set("X-Forwarded-Host", "workplace.bank.example")
		req.Header.Set("X-Forwarded-For", "203.0.113.7")
		for _, ck := range f.cookies(c) {
			req.AddCookie(ck)
		}
		before := f.auditLen(t)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if behind {
			assert.Equal(t, http.StatusSeeOther, rec.Code, rec.Body.String())
			assert.Equal(t, before+1, f.auditLen(t))
		} else {
			assert.Equal(t, http.StatusForbidden, rec.Code, rec.Body.String())
			assert.Equal(t, before, f.auditLen(t))
		}
	}
}

// TestNewRefusesAMissingPortfolioOrAuth says what to pass.
func TestNewRefusesAMissingPortfolioOrAuth(t *testing.T) {
	_, err := New(nil, Options{Auth: LocalAccounts()})
	require.ErrorContains(t, err, "no portfolio")
	f := newFixture(t, sqliteDSNFor(t), nil)
	_, err = New(f.p, Options{})
	require.ErrorContains(t, err, "Options.Auth is missing")
}
