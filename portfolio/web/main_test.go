package web

import (
	"context"
	"fmt"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
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

// fixture is a portfolio on the fake with a review queue and a flag,
// served by the workplace behind testGate.
type fixture struct {
	srv *fake.Server
	clk *fake.Clock
	p   *portfolio.Portfolio
	dsn string
	ts  *httptest.Server
	h   http.Handler
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
	for _, who := range people {
		addUser(t, p, who.ID, who.Role, annaPassword)
	}
	h, err := New(p, Options{Auth: LocalAccounts(), Now: clk.Now, Logger: slog.New(slog.NewTextHandler(testWriter{t}, nil)), Dossier: recordDossier(c), DossierCredits: 120})
	require.NoError(t, err)
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return &fixture{srv: srv, clk: clk, p: p, dsn: dsn, ts: ts, h: h}
}

func defaultRows() []portfolio.Row {
	return []portfolio.Row{
		{Ref: "C-1", CompanyID: nordlicht, Tags: []string{"supplier"}},
		{Ref: "C-3", Query: registerdata.MatchQuery{Name: "Löwenherz Bau GmbH"}},
		{Ref: "C-4", Query: registerdata.MatchQuery{Name: "Quxbarfoo Zzyzx Unbekannt GmbH", City: "Kassel"}},
		{Ref: "L-1", CompanyID: inLiquidation},
	}
}

// client is a browser-like client of the fixture signed in at /login
// as who (no one for the zero Principal): it keeps cookies and does not
// follow redirects.
func (f *fixture) client(t testing.TB, who Principal) *http.Client {
	t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(t, err)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	if who.ID != "" {
		status, body := f.post(t, c, "", "/login", url.Values{"username": {who.ID}, "password": {annaPassword}, "next": {"/"}})
		require.Equal(t, http.StatusSeeOther, status, "signing in as %s: %s", who.ID, body)
	}
	return c
}

// cookies are the session cookies of c at the fixture.
func (f *fixture) cookies(c *http.Client) []*http.Cookie {
	u, _ := url.Parse(f.ts.URL)
	return c.Jar.Cookies(u)
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

// recordDossier is a dossier builder for the tests: the company's
// record through c (a paid lookup), as a small HTML page whose name is
// the register's text.
func recordDossier(c *registerdata.Client) DossierFunc {
	return func(ctx context.Context, id string, maxCredits int64, w io.Writer) (int64, error) {
		var ri registerdata.ResponseInfo
		co, err := c.GetCompany(ctx, id, nil, registerdata.WithResponseInfo(&ri))
		if err != nil {
			return ri.Charged, err
		}
		if ri.Charged > maxCredits {
			return ri.Charged, fmt.Errorf("the lookup cost %d credits, over the limit of %d", ri.Charged, maxCredits)
		}
		_, err = fmt.Fprintf(w, "<!doctype html><title>Dossier</title><style>h1{color:#123}</style><h1>%s</h1>", template.HTMLEscapeString(co.Name.Name))
		return ri.Charged, err
	}
}
