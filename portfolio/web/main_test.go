package web

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/require"
)

// The people of the tests, one per role, and a second reviewer.
var (
	viewer    = Principal{ID: "vera@bank.example", Name: "Vera Viewer", Role: Viewer}
	reviewer  = Principal{ID: "anna@bank.example", Name: "Anna Richter", Role: Reviewer}
	reviewer2 = Principal{ID: "ben@bank.example", Name: "Ben Okafor", Role: Reviewer}
	approver  = Principal{ID: "cem@bank.example", Name: "Cem Aydın", Role: Approver}
	admin     = Principal{ID: "ada@bank.example", Name: "Ada Admin", Role: Admin}
	people    = []Principal{viewer, reviewer, reviewer2, approver, admin}
)

// Companies of the fake the tests use.
const (
	nordlicht     = "DE-HRB-F1103-267645" // Nordlicht Solartechnik GmbH, Berlin
	inLiquidation = "DE-HRB-D3310-30416"
)

var start = time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC)

// testGate stands in for the sign-in in the pages' tests: the session is
// a cookie naming one of people (the real sign-in is tested with
// auth.go). It refuses as the seam promises: no session, GET -> 303
// /login, else 401; a lower role, 403.
type testGate struct{ p *portfolio.Portfolio }

type whoKey struct{}

const testCookie = "test-session"

func (g testGate) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /login", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "sign in") })
}

func (g testGate) require(need Role, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var who Principal
		if c, err := r.Cookie(testCookie); err == nil {
			for _, p := range people {
				if p.ID == c.Value {
					who = p
				}
			}
		}
		switch {
		case who.ID == "" && r.Method == http.MethodGet:
			http.Redirect(w, r, "/login?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
		case who.ID == "":
			http.Error(w, "not signed in", http.StatusUnauthorized)
		case !who.Role.Allows(need):
			http.Error(w, "not allowed", http.StatusForbidden)
		default:
			h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), whoKey{}, who)))
		}
	})
}

func (g testGate) health(ctx context.Context) error {
	_, err := g.p.ReviewCount(ctx)
	return err
}

func testPrincipal(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(whoKey{}).(Principal)
	return p, ok
}

// fixture is a portfolio on the fake with a review queue and a flag,
// served by the workplace behind testGate.
type fixture struct {
	srv *fake.Server
	p   *portfolio.Portfolio
	dsn string
	ts  *httptest.Server
	h   http.Handler
}

// engines runs fn on SQLite and, with REGISTERDATA_POSTGRES_DSN set, on
// PostgreSQL.
func engines(t *testing.T, fn func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, "sqlite:"+filepath.Join(t.TempDir(), "portfolio.db")) })
	t.Run("postgres", func(t *testing.T) { fn(t, postgresDSN(t)) })
}

var dbSeq atomic.Int64

func postgresDSN(t testing.TB) string {
	t.Helper()
	base := os.Getenv("REGISTERDATA_POSTGRES_DSN")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("REGISTERDATA_POSTGRES_DSN is not set: with CI=true the PostgreSQL tests must run")
		}
		t.Skip("REGISTERDATA_POSTGRES_DSN is not set: no PostgreSQL server to test against")
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

// newFixture opens a portfolio at dsn (with opts), imports rows that
// fill the queue (C-3 ambiguous, C-4 not found), a company in
// liquidation (flagged) and serves it.
func newFixture(t *testing.T, dsn string, rows []portfolio.Row, opts ...portfolio.Option) *fixture {
	t.Helper()
	return newFixtureWith(t, dsn, rows, nil, opts...)
}

// newFixtureWith is newFixture with prepare run on the fake first.
func newFixtureWith(t *testing.T, dsn string, rows []portfolio.Row, prepare func(*fake.Server), opts ...portfolio.Option) *fixture {
	t.Helper()
	ctx := context.Background()
	clk := fake.NewClock(start)
	srv := fake.NewServer(fake.WithClock(clk), fake.WithCredits(10_000_000), fake.WithHardCases())
	t.Cleanup(srv.Close)
	if prepare != nil {
		prepare(srv)
	}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute))
	require.NoError(t, err)
	p, err := portfolio.Open(ctx, dsn, c, append([]portfolio.Option{portfolio.WithClock(clk.Now)}, opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	if rows == nil {
		rows = defaultRows()
	}
	for r, err := range p.Import(ctx, func(yield func(portfolio.Row, error) bool) {
		for _, r := range rows {
			if !yield(r, nil) {
				return
			}
		}
	}, portfolio.ImportOptions{}) {
		require.NoError(t, err)
		require.NoError(t, r.Err)
	}
	for _, err := range p.Rescreen(ctx, portfolio.RescreenOptions{MaxCredits: 100 * registerdata.DefaultPrices().Of(lookupRoute, false)}) {
		require.NoError(t, err)
	}
	h, err := newServer(p, Options{Now: clk.Now, Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil))}, testGate{p: p}, testPrincipal)
	require.NoError(t, err)
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return &fixture{srv: srv, p: p, dsn: dsn, ts: ts, h: h}
}

func defaultRows() []portfolio.Row {
	return []portfolio.Row{
		{Ref: "C-1", CompanyID: nordlicht, Tags: []string{"supplier"}},
		{Ref: "C-3", Query: registerdata.MatchQuery{Name: "Löwenherz Bau GmbH"}},
		{Ref: "C-4", Query: registerdata.MatchQuery{Name: "Quxbarfoo Zzyzx Unbekannt GmbH", City: "Kassel"}},
		{Ref: "L-1", CompanyID: inLiquidation},
	}
}

// client is a browser-like client of the fixture signed in as who (no
// one for the zero Principal): it keeps cookies, does not follow
// redirects, and sends the Origin of the workplace with every POST.
func (f *fixture) client(t testing.TB, who Principal) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	u, _ := url.Parse(f.ts.URL)
	if who.ID != "" {
		jar.SetCookies(u, []*http.Cookie{{Name: testCookie, Value: who.ID, Path: "/"}})
	}
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// get fetches path as c and returns the status and the body.
func (f *fixture) get(t testing.TB, c *http.Client, path string) (int, string) {
	t.Helper()
	res, err := c.Get(f.ts.URL + path)
	require.NoError(t, err)
	defer res.Body.Close()
	return res.StatusCode, readAll(t, res)
}

// post sends the form to path as c from origin ("" for the workplace's
// own) and returns the status and the body.
func (f *fixture) post(t testing.TB, c *http.Client, origin, path string, form url.Values) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, f.ts.URL+path, strings.NewReader(form.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if origin == "" {
		origin = f.ts.URL
	}
	req.Header.Set("Origin", origin)
	res, err := c.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	return res.StatusCode, readAll(t, res)
}

func readAll(t testing.TB, res *http.Response) string {
	t.Helper()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return b.String()
}

// auditLen is how many entries the audit chain holds.
func (f *fixture) auditLen(t testing.TB) int {
	t.Helper()
	n := 0
	for _, err := range f.p.Audit(context.Background(), 0) {
		require.NoError(t, err)
		n++
	}
	return n
}

// testWriter sends the server's log to the test's.
type testWriter struct{ t testing.TB }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}

// sqliteDSNFor is a fresh SQLite portfolio's DSN, for tests of what does
// not touch the store's engine.
func sqliteDSNFor(t testing.TB) string { return "sqlite:" + filepath.Join(t.TempDir(), "portfolio.db") }

func mustPages(t testing.TB) map[string]*pageTemplate {
	t.Helper()
	p, err := parsePages()
	require.NoError(t, err)
	return p
}

func discard() *slog.Logger { return slog.New(slog.DiscardHandler) }

// postAs calls the action h as who with form, as the seam would after
// its checks.
func postAs(t testing.TB, h pageFunc, who Principal, form url.Values) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	rec := httptest.NewRecorder()
	h(rec, req, who)
	return rec
}
