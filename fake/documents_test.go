package fake

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sourceURL looks the rich company up and returns its first source address.
func sourceURL(t *testing.T, srv *Server) string {
	t.Helper()
	c := do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "").company(t)
	require.NotEmpty(t, c.Sources)
	return c.Sources[0].DocumentURL
}

func TestDocumentURLExpiresAfterThirtyFakeMinutes(t *testing.T) {
	srv, clk := newTestServer(t)
	u := sourceURL(t, srv)

	r := do(t, "GET", u, "", "")
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
	assert.Contains(t, string(r.body), richID)

	clk.Advance(30*time.Minute - time.Second)
	assert.Equal(t, http.StatusOK, do(t, "GET", u, "", "").status, "valid until the 30th minute")

	clk.Advance(time.Second)
	r = do(t, "GET", u, "", "")
	assert.Equal(t, http.StatusForbidden, r.status)
	e := r.errorBody(t)
	assert.Equal(t, CodeForbidden, e.Code)
	assert.Contains(t, e.Message, "expired")

	// A new lookup issues a fresh address.
	assert.Equal(t, http.StatusOK, do(t, "GET", sourceURL(t, srv), "", "").status)
}

func TestDocumentURLRejectsTampering(t *testing.T) {
	srv, _ := newTestServer(t)
	orig := sourceURL(t, srv)
	u, err := url.Parse(orig)
	require.NoError(t, err)
	q := u.Query()
	exp, err := strconv.ParseInt(q.Get("expires"), 10, 64)
	require.NoError(t, err)

	tamper := map[string]func(u *url.URL){
		"signature flipped": func(u *url.URL) {
			q := u.Query()
			sig := []byte(q.Get("signature"))
			sig[0] ^= 1
			q.Set("signature", string(sig))
			u.RawQuery = q.Encode()
		},
		"expiry extended": func(u *url.URL) {
			q := u.Query()
			q.Set("expires", strconv.FormatInt(exp+3600, 10))
			u.RawQuery = q.Encode()
		},
		"other company": func(u *url.URL) {
			u.Path = strings.Replace(u.Path, richID, "DE-HRB-D2601-198433", 1)
			u.RawPath = ""
		},
		"no signature": func(u *url.URL) {
			q := u.Query()
			q.Del("signature")
			u.RawQuery = q.Encode()
		},
		"no expiry": func(u *url.URL) {
			q := u.Query()
			q.Del("expires")
			u.RawQuery = q.Encode()
		},
		"expiry not a number": func(u *url.URL) {
			q := u.Query()
			q.Set("expires", "soon")
			u.RawQuery = q.Encode()
		},
	}
	for name, fn := range tamper {
		t.Run(name, func(t *testing.T) {
			v := *u
			fn(&v)
			require.NotEqual(t, orig, v.String())
			r := do(t, "GET", v.String(), "", "")
			assert.Equal(t, http.StatusForbidden, r.status)
			assert.Equal(t, CodeForbidden, r.errorBody(t).Code)
		})
	}
	assert.Equal(t, http.StatusOK, do(t, "GET", orig, "", "").status, "the original still works")
}

func TestDocumentURLsDifferPerServer(t *testing.T) {
	a, _ := newTestServer(t)
	b, _ := newTestServer(t)
	ua, ub := sourceURL(t, a), sourceURL(t, b)
	// Same path and expiry on the same fake time, different signing keys.
	moved := strings.Replace(ua, a.URL, b.URL, 1)
	assert.Equal(t, http.StatusForbidden, do(t, "GET", moved, "", "").status)
	assert.Equal(t, http.StatusOK, do(t, "GET", ub, "", "").status)
}
