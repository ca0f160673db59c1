package portfolio_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib"
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenMigratesOnceAndKeepsData(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		// Several processes opening one new database at once: the
		// migrations run one after the other, every Open succeeds.
		for i, err := range openAtOnce(dsn, c, clk, 3) {
			require.NoError(t, err, "Open %d", i)
		}
		p := open(t, dsn, c, clk)
		importAll(t, p, hardRows()[:1], portfolio.ImportOptions{})
		require.NoError(t, p.Close())
		p = open(t, dsn, c, clk)
		n := 0
		for e, err := range p.Entries(context.Background()) {
			require.NoError(t, err)
			assert.Equal(t, "C-1", e.Ref)
			n++
		}
		assert.Equal(t, 1, n, "a reopened portfolio keeps its entries")
	})
}

// TestOpenOfANewSQLiteFileAtOnce opens new SQLite files from several
// goroutines at once, as processes started together would. The first
// connection of each Open turns the file to WAL; SQLite refuses that at
// once with SQLITE_BUSY while another connection turns the file to WAL,
// unless the Opens take their turns before that connection. Without the
// turns, 12 of 20 runs of this test failed.
func TestOpenOfANewSQLiteFileAtOnce(t *testing.T) {
	_, c, clk := newFake(t)
	for round := range 12 {
		for i, err := range openAtOnce(sqliteDSN(t), c, clk, 4) {
			require.NoError(t, err, "round %d, Open %d", round, i)
		}
	}
}

// openAtOnce opens and closes the portfolio at dsn from n goroutines at
// once, as n processes started together would, and returns each one's
// error.
func openAtOnce(dsn string, c *registerdata.Client, clk *fake.Clock, n int) []error {
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range errs {
		wg.Go(func() {
			p, err := portfolio.Open(context.Background(), dsn, c, portfolio.WithClock(clk.Now))
			if err == nil {
				err = p.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	return errs
}

func TestOpenRefusesBadDSN(t *testing.T) {
	_, c, _ := newFake(t)
	for _, dsn := range []string{"", "mysql://x", "sqlite:", "sqlite:a\x00.db"} {
		_, err := portfolio.Open(context.Background(), dsn, c)
		assert.Error(t, err, dsn)
	}
	_, err := portfolio.Open(context.Background(), "postgres://u:hunter2@127.0.0.1:1/x?connect_timeout=1", c)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "hunter2", "the password stays out of errors")
	_, err = portfolio.Open(context.Background(), sqliteDSN(t), nil)
	assert.ErrorContains(t, err, "nil client")
}

// waitFor polls cond (a database state written by other processes) until
// it holds or the deadline passes.
func waitFor(t *testing.T, what string, d time.Duration, cond func() bool) {
	t.Helper()
	if !poll(d, cond) {
		t.Fatalf("timed out waiting for %s", what)
	}
}

// poll checks cond every 20 ms until it holds (true) or d has passed
// (false). It does not fail the test, so a goroutine may call it.
func poll(d time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(d)
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for !cond() {
		if time.Now().After(deadline) {
			return false
		}
		<-tick.C
	}
	return true
}

// waitForProcessed waits up to d until no recorded delivery is left
// unprocessed (by workers of this process or others).
func waitForProcessed(t *testing.T, db *sql.DB, d time.Duration) {
	t.Helper()
	waitFor(t, "every delivery processed", d, func() bool {
		return count(t, db, `SELECT count(*) FROM portfolio_deliveries WHERE processed_at IS NULL`) == 0
	})
}

func count(t testing.TB, db *sql.DB, query string) int {
	var n int
	require.NoError(t, db.QueryRow(query).Scan(&n))
	return n
}

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
	return postgresDSNWith(t, "")
}

// postgresDSNWith is postgresDSN for a database created with the options
// of CREATE DATABASE opts (a collation, say).
func postgresDSNWith(t testing.TB, opts string) string {
	t.Helper()
	base := os.Getenv(postgresEnv)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set: with CI=true the PostgreSQL tests must run (.ci/run starts a server)", postgresEnv)
		}
		t.Skipf("%s is not set: no PostgreSQL server to test against", postgresEnv)
	}
	return newDatabase(t, base, opts)
}

// newDatabase creates a database for the test with the options of
// CREATE DATABASE opts on the server of the DSN base and returns its
// DSN; it is dropped at the end.
func newDatabase(t testing.TB, base, opts string) string {
	t.Helper()
	admin, err := sql.Open("pgx", base)
	require.NoError(t, err)
	defer admin.Close()
	name := fmt.Sprintf("pf_%d_%d_%d", os.Getpid(), time.Now().UnixNano()%1e9, dbSeq.Add(1))
	_, err = admin.Exec("CREATE DATABASE " + name + " " + opts)
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

// spent is what the fake billed the test's account so far.
func spent(srv *fake.Server) int64 { return 10_000_000 - srv.Credits(srv.APIKey) }

// rawDB opens the database at a portfolio DSN directly, to look at its
// tables while other processes write them.
func rawDB(t testing.TB, dsn string) *sql.DB {
	t.Helper()
	driver, name := "pgx", dsn
	if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
		driver, name = "sqlite", "file:"+path+"?_pragma=busy_timeout(10000)"
	}
	db, err := sql.Open(driver, name)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// anna and ben are the reviewers of the tests: two people, for four eyes.
var (
	anna = portfolio.Actor{ID: "anna@bank.example", Name: "Anna Richter"}
	ben  = portfolio.Actor{ID: "ben@bank.example", Name: "Ben Okafor"}
)

// as is ctx carrying actor a: what a decision needs.
func as(ctx context.Context, a portfolio.Actor) context.Context { return portfolio.WithActor(ctx, a) }

// TestOpenOfASQLitePathWithURICharactersOpensThatFile: a '#', '?' or
// '%' in a file name is part of the name. Before, "x#01" opened "x"
// (every round of a benchmark found the first round's rows) and
// "x%2301" opened "x#01".
func TestOpenOfASQLitePathWithURICharactersOpensThatFile(t *testing.T) {
	_, c, clk := newFake(t)
	dir := t.TempDir()
	names := []string{"x#01.db", "x#02.db", "x?mode=memory.db", "x%2301.db", "x%.db", "x y;&=.db"}
	for i, name := range names {
		p := open(t, "sqlite:"+filepath.Join(dir, name), c, clk)
		importAll(t, p, []portfolio.Row{{Ref: fmt.Sprintf("C-%d", i), CompanyID: nordlicht}}, portfolio.ImportOptions{})
		require.NoError(t, p.Close())
	}
	for i, name := range names {
		path := filepath.Join(dir, name)
		_, err := os.Stat(path)
		require.NoError(t, err, "the file %s exists", name)
		p := open(t, "sqlite:"+path, c, clk)
		var refs []string
		for e, err := range p.Entries(context.Background()) {
			require.NoError(t, err)
			refs = append(refs, e.Ref)
		}
		assert.Equal(t, []string{fmt.Sprintf("C-%d", i)}, refs, "%s holds its own rows only", name)
		require.NoError(t, p.Close())
	}
	for _, stray := range []string{"x", "x.db", "x#01.db?"} {
		_, err := os.Stat(filepath.Join(dir, stray))
		assert.ErrorIs(t, err, os.ErrNotExist, "no file %s", stray)
	}
}

// TestOpenExistingRefusesADatabaseWithoutAPortfolio: a reader given a
// misspelt DSN is told so; nothing is created (no SQLite file, no
// table); a portfolio Open created (even an empty one) opens.
func TestOpenExistingRefusesADatabaseWithoutAPortfolio(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		_, err := portfolio.Open(context.Background(), dsn, c, portfolio.OpenExisting())
		require.ErrorIs(t, err, portfolio.ErrNoPortfolio)
		assert.Contains(t, err.Error(), portfolio.RedactDSN(dsn), "the error names the database")
		if path, ok := strings.CutPrefix(dsn, "sqlite:"); ok {
			_, statErr := os.Stat(path)
			assert.ErrorIs(t, statErr, os.ErrNotExist, "no SQLite file is created")
			_, statErr = os.Stat(path + ".lock")
			assert.ErrorIs(t, statErr, os.ErrNotExist, "nor its lock")
			// An empty file (or any SQLite file without the portfolio) is none either.
			require.NoError(t, os.WriteFile(path, nil, 0o600))
			_, err = portfolio.Open(context.Background(), dsn, c, portfolio.OpenExisting())
			require.ErrorIs(t, err, portfolio.ErrNoPortfolio)
		}
		assert.Zero(t, count(t, rawDB(t, dsn), tableCount(dsn)), "no table is created")

		p := open(t, dsn, c, clk) // what import does
		require.NoError(t, p.Close())
		p = open(t, dsn, c, clk, portfolio.OpenExisting())
		require.NoError(t, p.Close())
	})
}

// tableCount is the query that counts the tables of the database at dsn.
func tableCount(dsn string) string {
	if strings.HasPrefix(dsn, "sqlite:") {
		return `SELECT count(*) FROM sqlite_master WHERE type = 'table'`
	}
	return `SELECT count(*) FROM information_schema.tables WHERE table_schema = current_schema()`
}
