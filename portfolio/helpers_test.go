package portfolio_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/require"
)

// postgresEnv names the variable that gives the tests a PostgreSQL server
// (a DSN of a database the tests may create databases from). .ci/run
// starts a throwaway cluster and sets it; with CI=true its absence fails.
const postgresEnv = "REGISTERDATA_POSTGRES_DSN"

// start is the fake's clock in the tests.
var start = time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC)

// engines runs fn once per database engine, each with a fresh, empty
// database: SQLite in a temp dir and PostgreSQL.
func engines(t *testing.T, fn func(t *testing.T, dsn string)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, sqliteDSN(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, postgresDSN(t)) })
}

func sqliteDSN(t testing.TB) string {
	return "sqlite:" + filepath.Join(t.TempDir(), "portfolio.db")
}

var dbSeq atomic.Int64

// postgresDSN creates a database for the test on the server of
// REGISTERDATA_POSTGRES_DSN and returns its DSN; it is dropped at the end.
func postgresDSN(t testing.TB) string {
	t.Helper()
	base := os.Getenv(postgresEnv)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: with CI=true the PostgreSQL tests must run (.ci/run starts a server)", postgresEnv)
		}
		t.Skipf("%s is not set: no PostgreSQL server to test against", postgresEnv)
	}
	admin, err := sql.Open("pgx", base)
	require.NoError(t, err)
	defer admin.Close()
	name := fmt.Sprintf("pf_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9, dbSeq.Add(1))
	_, err = admin.Exec("CREATE DATABASE " + name)
	require.NoError(t, err)
	t.Cleanup(func() {
		a, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer a.Close()
		_, _ = a.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	})
	return withDatabase(t, base, name)
}

// withDatabase is dsn with its database replaced by name.
func withDatabase(t testing.TB, dsn, name string) string {
	t.Helper()
	rest := dsn
	query := ""
	if i := strings.IndexByte(dsn, '?'); i >= 0 {
		rest, query = dsn[:i], dsn[i:]
	}
	scheme := strings.Index(rest, "://")
	require.GreaterOrEqual(t, scheme, 0, "the DSN must be a URL")
	if j := strings.IndexByte(rest[scheme+3:], '/'); j >= 0 {
		rest = rest[:scheme+3+j]
	}
	return rest + "/" + name + query
}

// newFake starts a fake with a fixed clock, the hard cases and a client
// for it, without a cache, on the SDK's default HTTP client as a user's.
func newFake(t testing.TB, opts ...fake.Option) (*fake.Server, *registerdata.Client, *fake.Clock) {
	t.Helper()
	clk := fake.NewClock(start)
	srv := fake.NewServer(append([]fake.Option{fake.WithClock(clk), fake.WithCredits(10_000_000), fake.WithHardCases()}, opts...)...)
	t.Cleanup(srv.Close)
	c, err := registerdata.NewClient(
		registerdata.WithAPIKey(srv.APIKey),
		registerdata.WithBaseURL(srv.URL),
		registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute),
	)
	require.NoError(t, err)
	return srv, c, clk
}

// open opens the portfolio at dsn with the fake's clock.
func open(t testing.TB, dsn string, c *registerdata.Client, clk *fake.Clock, opts ...portfolio.Option) *portfolio.Portfolio {
	t.Helper()
	p, err := portfolio.Open(context.Background(), dsn, c, append([]portfolio.Option{portfolio.WithClock(clk.Now)}, opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() { p.Close() })
	return p
}

// seqOf yields rows as an import's input.
func seqOf(rows ...portfolio.Row) func(func(portfolio.Row, error) bool) {
	return func(yield func(portfolio.Row, error) bool) {
		for _, r := range rows {
			if !yield(r, nil) {
				return
			}
		}
	}
}

// importAll imports rows and returns the results; the walk must not fail.
func importAll(t testing.TB, p *portfolio.Portfolio, rows []portfolio.Row, o portfolio.ImportOptions) []portfolio.ImportResult {
	t.Helper()
	var out []portfolio.ImportResult
	for r, err := range p.Import(context.Background(), seqOf(rows...), o) {
		require.NoError(t, err)
		out = append(out, r)
	}
	return out
}

// spent is what the fake billed the test's account so far.
func spent(srv *fake.Server) int64 { return 10_000_000 - srv.Credits(srv.APIKey) }

// monitorAndRename imports ids (Refs K000, K001, ...), syncs weekly basic
// monitors for them, renames each company in the fake (name: a format
// with the company's index) and returns one delivery of each rename's
// event (ids msg_000, msg_001, ...) and the credits spent so far.
func monitorAndRename(t testing.TB, p *portfolio.Portfolio, srv *fake.Server, ids []string, name string) ([]delivery, int64) {
	t.Helper()
	ctx := context.Background()
	var rows []portfolio.Row
	for i, id := range ids {
		rows = append(rows, portfolio.Row{Ref: fmt.Sprintf("K%03d", i), CompanyID: id})
	}
	importAll(t, p, rows, portfolio.ImportOptions{})
	pl, err := p.Plan(ctx, portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}})
	require.NoError(t, err)
	_, err = p.Sync(ctx, pl)
	require.NoError(t, err)
	afterSync := spent(srv)
	var ds []delivery
	for i, id := range ids {
		require.NoError(t, srv.UpdateCompany(id, func(co *registerdata.Company) { co.Name.Name = fmt.Sprintf(name, i) }))
		body, err := json.Marshal(map[string]any{"type": "monitor.change", "entity_type": "company", "entity_id": id,
			"categories": []string{"basic"}, "detected_at": start.Format(time.RFC3339)})
		require.NoError(t, err)
		ds = append(ds, delivery{id: fmt.Sprintf("msg_%03d", i), body: body})
	}
	return ds, afterSync
}
