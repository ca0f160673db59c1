package web

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWrongPasswordsLockTheAccountForAGrowingWhileEvenAgainstTheRightOne(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		p, clk := openPortfolio(t, dsn)
		addUser(t, p, "anna", Reviewer, annaPassword)
		srv, _ := authServer(t, p, LocalAccounts(), nil)
		c := browser(t)
		for i := 0; i < 3; i++ {
			resp, body := signIn(t, c, srv.URL, "anna", "wrong password number "+strconv.Itoa(i))
			require.Equal(t, http.StatusUnauthorized, resp.StatusCode, "try %d", i)
			assert.Contains(t, body, "Wrong user name or password.")
		}
		resp, _ := signIn(t, c, srv.URL, "anna", annaPassword)
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the right password while locked")
		assert.Equal(t, "1", resp.Header.Get("Retry-After"))
		clk.advance(time.Second)
		resp, _ = signIn(t, c, srv.URL, "anna", "wrong again")
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		resp, _ = signIn(t, c, srv.URL, "anna", annaPassword)
		require.Equal(t, http.StatusTooManyRequests, resp.StatusCode)
		assert.Equal(t, "2", resp.Header.Get("Retry-After"), "each wrong password locks twice as long")
		clk.advance(2 * time.Second)
		resp, _ = signIn(t, c, srv.URL, "anna", annaPassword)
		require.Equal(t, http.StatusSeeOther, resp.StatusCode, "after the wait the right password signs in")

		// A right password forgets the account's failures.
		c2 := browser(t)
		resp, _ = signIn(t, c2, srv.URL, "anna", "one slip")
		require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
		resp, _ = signIn(t, c2, srv.URL, "anna", annaPassword)
		assert.Equal(t, http.StatusSeeOther, resp.StatusCode)
	})
}

func TestWrongPasswordsFromOneAddressLockItAcrossAccounts(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		p, _ := openPortfolio(t, dsn)
		addUser(t, p, "anna", Reviewer, annaPassword)
		srv, _ := authServer(t, p, LocalAccounts(), nil)
		c := browser(t)
		// Ten accounts (unknown ones count too), two tries each: no
		// account reaches its own limit, the address does.
		for i := 0; i < 5; i++ {
			for j := 0; j < 2; j++ {
				resp, _ := signIn(t, c, srv.URL, "guess"+strconv.Itoa(i), "x")
				require.Equal(t, http.StatusUnauthorized, resp.StatusCode)
			}
		}
		resp, _ := signIn(t, c, srv.URL, "anna", annaPassword)
		assert.Equal(t, http.StatusTooManyRequests, resp.StatusCode, "the address's tenth failure locks it")
		assert.NotEmpty(t, resp.Header.Get("Retry-After"))
	})
}

func TestNoPasswordAppearsInALogLineAPageOrAnError(t *testing.T) {
	p, _ := openPortfolio(t, "sqlite:"+t.TempDir()+"/p.db")
	addUser(t, p, "anna", Reviewer, annaPassword)
	logger, logs := captureLog()
	srv, _ := authServer(t, p, LocalAccounts(), logger)
	c := browser(t)
	const wrong = "Tr0ub4dor&3-not-it"
	var pages []string
	for _, pw := range []string{wrong, wrong, wrong, annaPassword, wrong} {
		_, body := signIn(t, c, srv.URL, "anna", pw)
		pages = append(pages, body)
	}
	_, err := p.CheckPassword(t.Context(), "anna", annaPassword, "192.0.2.1")
	require.Error(t, err, "locked")
	pages = append(pages, err.Error())
	require.NotEmpty(t, logs.String())
	for _, secret := range []string{annaPassword, wrong} {
		assert.NotContains(t, logs.String(), secret)
		for _, pg := range pages {
			assert.NotContains(t, pg, secret)
		}
	}
}
