package web

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the PostgreSQL driver of the tests' own databases
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// postgresEnv names the PostgreSQL server the tests make their databases
// in; without it the PostgreSQL halves skip (and fail under CI=true).
const postgresEnv = "REGISTERDATA_POSTGRES_DSN"

// engines runs fn once per database engine, each with a fresh, empty
// database.
func engines(t *testing.T, fn func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, "sqlite:"+filepath.Join(t.TempDir(), "portfolio.db")) })
	t.Run("postgres", func(t *testing.T) { fn(t, postgresDSN(t)) })
}

var dbSeq atomic.Int64

// postgresDSN creates a database for the test and returns its DSN; it is
// dropped at the end.
func postgresDSN(t testing.TB) string {
	t.Helper()
	base := os.Getenv(postgresEnv)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: with CI=true the PostgreSQL tests must run", postgresEnv)
		}
		t.Skipf("%s is not set: no PostgreSQL server to test against", postgresEnv)
	}
	admin, err := sql.Open("pgx", base)
	require.NoError(t, err)
	defer admin.Close()
	name := fmt.Sprintf("web_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9, dbSeq.Add(1))
	_, err = admin.Exec("CREATE DATABASE " + name)
	require.NoError(t, err)
	t.Cleanup(func() {
		if a, err := sql.Open("pgx", base); err == nil {
			_, _ = a.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
			a.Close()
		}
	})
	u, err := url.Parse(base)
	require.NoError(t, err)
	u.Path = "/" + name
	return u.String()
}

// testClock is a clock the tests move.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) advance(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// openPortfolio opens a portfolio at dsn on a test clock.
func openPortfolio(t testing.TB, dsn string) (*portfolio.Portfolio, *testClock) {
	t.Helper()
	clk := &testClock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	c, err := registerdata.NewClient(registerdata.WithAPIKey("test-key"), registerdata.WithBaseURL("http://127.0.0.1:1"))
	require.NoError(t, err)
	p, err := portfolio.Open(context.Background(), dsn, c, portfolio.WithClock(clk.now))
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	return p, clk
}

// testAdmin is who adds the tests' users.
var testAdmin = portfolio.Actor{ID: "root", Name: "Test Admin"}

// addUser adds a local account.
func addUser(t testing.TB, p *portfolio.Portfolio, name string, role Role, password string) {
	t.Helper()
	require.NoError(t, p.AddUser(portfolio.WithActor(context.Background(), testAdmin), name, string(role), password))
}

// authServer serves the sign-in's routes and, behind require, "/whoami"
// (viewer; answers the principal) and "POST /act" (reviewer).
func authServer(t testing.TB, p *portfolio.Portfolio, a Auth, logger *slog.Logger) (*httptest.Server, *authenticator) {
	t.Helper()
	au, err := newAuthenticator(p, a, false, logger)
	require.NoError(t, err)
	mux := http.NewServeMux()
	au.routes(mux)
	mux.Handle("GET /whoami", au.require(Viewer, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		pr, ok := principalFrom(r.Context())
		act, ok2 := portfolio.ActorFrom(r.Context())
		if !ok || !ok2 {
			http.Error(w, "no principal", http.StatusInternalServerError)
			return
		}
		fmt.Fprintf(w, "%s|%s|%s|%s", pr.ID, pr.Name, pr.Role, act.ID)
	})))
	mux.Handle("POST /act", au.require(Reviewer, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "acted")
	})))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, au
}

// browser is an HTTP client with a cookie jar that does not follow
// redirects.
func browser(t testing.TB) *http.Client {
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// get and post answer the status and body.
func get(t testing.TB, c *http.Client, u string) (int, string) {
	t.Helper()
	resp, err := c.Get(u)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func post(t testing.TB, c *http.Client, u string, form url.Values) (*http.Response, string) {
	t.Helper()
	resp, err := c.PostForm(u, form)
	require.NoError(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp, string(b)
}

// signIn signs c in with a password and answers the response.
func signIn(t testing.TB, c *http.Client, base, name, password string) (*http.Response, string) {
	t.Helper()
	return post(t, c, base+"/login", url.Values{"username": {name}, "password": {password}, "next": {"/whoami"}})
}

const annaPassword = "correct horse battery staple"

func TestALocalAccountSignsInAndRequireSetsItsPrincipal(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		p, _ := openPortfolio(t, dsn)
		addUser(t, p, "anna", Reviewer, annaPassword)
		srv, _ := authServer(t, p, LocalAccounts(), nil)
		c := browser(t)

		code, _ := get(t, c, srv.URL+"/whoami")
		assert.Equal(t, http.StatusSeeOther, code, "no session: GET goes to /login")
		resp, _ := signIn(t, c, srv.URL, "anna", annaPassword)
		require.Equal(t, http.StatusSeeOther, resp.StatusCode)
		assert.Equal(t, "/whoami", resp.Header.Get("Location"))
		ck := resp.Header.Get("Set-Cookie")
		assert.Contains(t, ck, "HttpOnly")
		assert.Contains(t, ck, "SameSite=Lax")
		code, body := get(t, c, srv.URL+"/whoami")
		assert.Equal(t, http.StatusOK, code)
		assert.Equal(t, "anna|anna|reviewer|anna", body)
		resp, _ = post(t, c, srv.URL+"/act", nil)
		assert.Equal(t, http.StatusOK, resp.StatusCode)

		var actions []string
		for e, err := range p.Audit(context.Background(), 0) {
			require.NoError(t, err)
			actions = append(actions, e.Action+" "+e.Subject+" by "+e.Actor.ID)
		}
		assert.Equal(t, []string{"user-add user anna by root", "sign-in user anna by anna"}, actions)
	})
}

func TestRequireSendsAGetWithoutSessionToLoginAndRefusesOtherMethods(t *testing.T) {
	p, _ := openPortfolio(t, "sqlite:"+filepath.Join(t.TempDir(), "p.db"))
	srv, _ := authServer(t, p, LocalAccounts(), nil)
	c := browser(t)
	resp, err := c.Get(srv.URL + "/whoami?x=1")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusSeeOther, resp.StatusCode)
	assert.Equal(t, "/login?next="+url.QueryEscape("/whoami?x=1"), resp.Header.Get("Location"))
	resp, _ = post(t, c, srv.URL+"/act", nil)
	assert.Equal(t, http.StatusUnauthorized, resp.StatusCode)
}

func TestALowerRoleIsRefusedWith403(t *testing.T) {
	p, _ := openPortfolio(t, "sqlite:"+filepath.Join(t.TempDir(), "p.db"))
	addUser(t, p, "vera", Viewer, annaPassword)
	srv, _ := authServer(t, p, LocalAccounts(), nil)
	c := browser(t)
	signIn(t, c, srv.URL, "vera", annaPassword)
	code, _ := get(t, c, srv.URL+"/whoami")
	assert.Equal(t, http.StatusOK, code)
	resp, body := post(t, c, srv.URL+"/act", nil)
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
	assert.True(t, strings.Contains(body, "viewer") && strings.Contains(body, "reviewer"), body)
}

func TestRoleAllowsItsOwnAndTheLowerRolesOnly(t *testing.T) {
	order := []Role{Viewer, Reviewer, Approver, Admin}
	for i, r := range order {
		for j, need := range order {
			assert.Equal(t, i >= j, r.Allows(need), "%s allows %s", r, need)
		}
		assert.False(t, r.Allows("root"))
		assert.False(t, Role("root").Allows(r))
	}
}

// logBuffer is a slog handler's output, safe for concurrent writes.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}
func (b *logBuffer) String() string { b.mu.Lock(); defer b.mu.Unlock(); return b.buf.String() }

// captureLog is a logger at debug level writing to the buffer returned.
func captureLog() (*slog.Logger, *logBuffer) {
	b := &logBuffer{}
	return slog.New(slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug})), b
}

func TestHealthAnswersWhileTheDatabaseDoesAndFailsWhenItIsClosed(t *testing.T) {
	p, _ := openPortfolio(t, "sqlite:"+filepath.Join(t.TempDir(), "p.db"))
	au, err := newAuthenticator(p, LocalAccounts(), false, nil)
	require.NoError(t, err)
	assert.NoError(t, au.health(context.Background()))
	require.NoError(t, p.Close())
	assert.Error(t, au.health(context.Background()))
}
