package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const portfolioSecret = "whsec_ZXhhbXBsZS1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5"

// portfolioEnv is a fake with a clock and a portfolio database in a temp
// dir, shared by the commands a test runs one after the other.
type portfolioEnv struct {
	srv *fake.Server
	clk *fake.Clock
	h   harness
	db  string
}

func newPortfolioEnv(t *testing.T) *portfolioEnv {
	t.Helper()
	clk := fake.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk), fake.WithCredits(1_000_000), fake.WithHardCases())
	t.Cleanup(srv.Close)
	db := "sqlite:" + filepath.Join(t.TempDir(), "portfolio.db")
	return &portfolioEnv{srv: srv, clk: clk, db: db, h: harness{env: map[string]string{
		registerdata.EnvAPIKey: srv.APIKey, registerdata.EnvBaseURL: srv.URL,
		envPortfolioDB: db, envWebhookSecret: portfolioSecret,
	}}}
}

func (e *portfolioEnv) spent() int64 { return 1_000_000 - e.srv.Credits(e.srv.APIKey) }

// portfolioCustomers is an import file with each kind of row: a company id, a name
// that matches, a name several companies share, a name nobody has, and a
// name that reads as a spreadsheet formula.
const portfolioCustomers = `ref,name,city,company_id,tags
C-1,,,DE-HRB-F1103-267645,supplier;critical
C-2,Löwenherz Bau GmbH,Berlin,,
C-3,Löwenherz Bau GmbH,,,
C-4,Quxbarfoo Zzyzx Unbekannt GmbH,Kassel,,
C-5,"=HYPERLINK(""http://x"")",,,
`

func jsonLines(t *testing.T, s string) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(s), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &m), "line %q", line)
		out = append(out, m)
	}
	return out
}

func TestPortfolioCommandsEndToEnd(t *testing.T) {
	e := newPortfolioEnv(t)
	in := filepath.Join(t.TempDir(), "portfolioCustomers.csv")
	require.NoError(t, os.WriteFile(in, []byte(portfolioCustomers), 0o600))

	// Import: every row stored under its ref, the unclear ones for review.
	r := e.h.run(t, "portfolio", "import", "--in", in, "--json")
	require.Equal(t, 0, r.code, r.stderr)
	lines := jsonLines(t, r.stdout)
	require.Len(t, lines, 5)
	status, company := map[string]string{}, map[string]any{}
	for _, l := range lines {
		status[l["ref"].(string)] = l["status"].(string)
		company[l["ref"].(string)] = l["company_id"]
	}
	assert.Equal(t, "matched", status["C-1"])
	assert.Equal(t, "matched", status["C-2"])
	assert.Equal(t, "ambiguous", status["C-3"])
	assert.Equal(t, "none", status["C-4"])
	assert.Contains(t, r.stderr, "imported: ")
	firstImport := e.spent()

	// Again: nothing matched or billed twice.
	r = e.h.run(t, "portfolio", "import", "--in", in)
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "5 unchanged")
	assert.Equal(t, firstImport, e.spent(), "a second import bills nothing")

	// Plan says the cost before anything is spent; sync spends it once.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	require.NoError(t, e.srv.SetWebhookEndpoint("http://"+l.Addr().String()+"/hooks", portfolioSecret))
	r = e.h.run(t, "portfolio", "plan", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	plan := jsonLines(t, r.stdout)[0]
	assert.Equal(t, 1, strings.Count(r.stdout, "\n"), "one JSON line, its lists written as the store is walked")
	assert.ElementsMatch(t, []any{company["C-1"], company["C-2"]}, plan["create"])
	assert.Equal(t, []any{}, plan["delete"], "an empty list is [], not null")
	assert.Contains(t, e.h.run(t, "portfolio", "plan").wantCode(t, 0).stdout, "  + DE-HRB-F1103-267645\n", "the text lists each company to create")
	assert.EqualValues(t, 2*registerdata.DefaultPrices().Of("POST /v1/monitor", false), plan["credits"])
	assert.Equal(t, firstImport, e.spent(), "plan is free")
	r = e.h.run(t, "portfolio", "sync")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "created 2 monitors")
	r = e.h.run(t, "portfolio", "plan")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stdout, "create 0 weekly monitors")

	// A change arrives as a webhook while "serve" receives.
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan result, 1)
	sh := e.h
	sh.setup = func(a *app) {
		a.ctx = ctx
		a.listen = func(string, string) (net.Listener, error) { return l, nil }
	}
	go func() { served <- sh.run(t, "portfolio", "serve", "--no-work") }()
	require.NoError(t, e.srv.UpdateCompany("DE-HRB-F1103-267645", func(co *registerdata.Company) {
		co.Status = enums.CompanyStatusLiquidation
	}))
	e.clk.Advance(8 * 24 * time.Hour)
	var delivered bool
	for _, d := range e.srv.Deliveries() {
		delivered = delivered || d.State == fake.DeliveryDelivered
	}
	cancel()
	sr := <-served
	require.Equal(t, 0, sr.code, sr.stderr)
	require.True(t, delivered, "the receiver answered the delivery: %s", sr.stderr)

	r = e.h.run(t, "portfolio", "work", "--drain")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Contains(t, r.stderr, "ran 1 jobs")

	// The journal, the flags, an acknowledgement and the overview.
	r = e.h.run(t, "portfolio", "events", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	var changed []map[string]any
	for _, ev := range jsonLines(t, r.stdout) {
		if ev["event_id"] != nil && ev["event_id"] != "" {
			changed = append(changed, ev)
		}
	}
	require.Len(t, changed, 1, r.stdout)
	assert.Contains(t, changed[0]["sentences"].([]any)[0], "liquidation")
	seq := int64(changed[0]["seq"].(float64))
	r = e.h.run(t, "portfolio", "events", "--since", itoa64(seq))
	require.Equal(t, 0, r.code, r.stderr)
	assert.Empty(t, strings.TrimSpace(r.stdout), "nothing after the last entry")

	r = e.h.run(t, "portfolio", "flags")
	require.Equal(t, 0, r.code, r.stderr)
	assert.Regexp(t, `(?m)^high\s+DE-HRB-F1103-267645\s.*liquidation`, r.stdout)
	r = e.h.run(t, "portfolio", "ack", "DE-HRB-F1103-267645", "liquidation", "--note", "called the liquidator")
	require.Equal(t, 0, r.code, r.stderr)
	r = e.h.run(t, "portfolio", "flags", "--json")
	require.Equal(t, 0, r.code, r.stderr)
	for _, f := range jsonLines(t, r.stdout) {
		if f["code"] == "liquidation" {
			assert.Equal(t, true, f["acknowledged"])
			assert.Equal(t, "called the liquidator", f["note"])
		}
	}
	r = e.h.run(t, "portfolio", "ack", "DE-HRB-F1103-267645", "no_such_flag", "--note", "seen")
	assert.NotEqual(t, 0, r.code)
	assert.Contains(t, r.stderr, "portfolio flags")

	out := filepath.Join(t.TempDir(), "overview.html")
	r = e.h.run(t, "portfolio", "report", "--out", out)
	require.Equal(t, 0, r.code, r.stderr)
	page, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Contains(t, string(page), `data-code="liquidation"`)
	assert.Contains(t, string(page), `data-ref="C-5"`, "the formula row awaits review")
	assert.NotContains(t, string(page), "<script")
}

func TestPortfolioCommandsRefuseBadInput(t *testing.T) {
	e := newPortfolioEnv(t)
	r := e.h.run(t, "portfolio", "import")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "--in is required")
	r = e.h.run(t, "portfolio", "flags", "--db", "mysql://root@localhost/x")
	assert.NotEqual(t, 0, r.code)
	assert.Contains(t, r.stderr, "sqlite:PATH")
	r = e.h.run(t, "portfolio", "import", "--in", filepath.Join(t.TempDir(), "missing.csv"))
	assert.Equal(t, 2, r.code)
	r = e.h.run(t, "portfolio", "events", "--since", "-4")
	assert.Equal(t, 2, r.code)
	r = e.h.run(t, "portfolio", "plan", "--preferences", "basic,gossip")
	assert.Equal(t, 2, r.code)
	assert.Contains(t, r.stderr, "gossip")
	r = e.h.run(t, "portfolio", "ack", "DE-HRB-F1103-267645", "liquidation", "--note", strings.Repeat("n", 5000))
	assert.Equal(t, 2, r.code)
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }

// TestPortfolioImportShowsProgressOnATerminal: on a terminal the import
// draws a progress line over the file's rows, erased before the summary;
// piped, it draws none.
func TestPortfolioImportShowsProgressOnATerminal(t *testing.T) {
	e := newPortfolioEnv(t)
	in := filepath.Join(t.TempDir(), "customers.csv")
	require.NoError(t, os.WriteFile(in, []byte(portfolioCustomers), 0o600))
	h := e.h
	h.setup = func(a *app) {
		a.stderrTTY = true
		a.errWidth = func() int { return 80 }
		a.now = steppingClock(150 * time.Millisecond)
	}
	r := h.run(t, "portfolio", "import", "--in", in)
	require.Equal(t, 0, r.code, r.stderr)
	i := strings.Index(r.stderr, "\r\x1b[Kimported: ")
	require.GreaterOrEqual(t, i, 0, "the line is erased before the summary: %q", r.stderr)
	draws := strings.Split(r.stderr[:i], "\r")[1:]
	require.NotEmpty(t, draws, "a progress line was drawn: %q", r.stderr)
	for _, d := range draws {
		assert.Regexp(t, `^importing \d/5 rows`, d)
		assert.Less(t, output.Width(strings.TrimSuffix(d, "\x1b[K")), 80)
	}

	r = e.h.run(t, "portfolio", "import", "--in", in)
	require.Equal(t, 0, r.code, r.stderr)
	assert.NotContains(t, r.stderr, "\r", "no progress line when stderr is not a terminal")
}

// TestPortfolioDSNPasswordIsASecret: the password of a --db DSN never
// reaches the output, whatever the error says.
func TestPortfolioDSNPasswordIsASecret(t *testing.T) {
	e := newPortfolioEnv(t)
	r := e.h.run(t, "portfolio", "flags", "--db", "postgres://kyc:s3cret-pass-word@127.0.0.1:1/kyc?sslmode=disable&connect_timeout=1")
	assert.NotEqual(t, 0, r.code)
	assert.NotContains(t, r.stdout+r.stderr, "s3cret-pass-word")
}

// created creates e's portfolio, empty, as import would before its
// first row.
func (e *portfolioEnv) created(t *testing.T) {
	t.Helper()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(e.srv.APIKey), registerdata.WithBaseURL(e.srv.URL))
	require.NoError(t, err)
	p, err := portfolio.Open(context.Background(), e.db, c)
	require.NoError(t, err)
	require.NoError(t, p.Close())
}

// imported imports portfolioCustomers into e's database.
func (e *portfolioEnv) imported(t *testing.T) {
	t.Helper()
	in := filepath.Join(t.TempDir(), "customers.csv")
	require.NoError(t, os.WriteFile(in, []byte(portfolioCustomers), 0o600))
	e.h.run(t, "portfolio", "import", "--in", in).wantCode(t, 0)
}

// synced sets the fake's webhook endpoint and syncs e's portfolio: every
// matched company is monitored and has its baseline journal entry.
func (e *portfolioEnv) synced(t *testing.T) {
	t.Helper()
	require.NoError(t, e.srv.SetWebhookEndpoint("http://127.0.0.1:9/hooks", portfolioSecret))
	e.h.run(t, "portfolio", "sync").wantCode(t, 0)
}

// sqlDB opens e's SQLite database directly, to arrange what the commands
// then read.
func (e *portfolioEnv) sqlDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+strings.TrimPrefix(e.db, "sqlite:"))
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// reviews is "portfolio review --json" by ref.
func (e *portfolioEnv) reviews(t *testing.T) map[string]map[string]any {
	t.Helper()
	r := e.h.run(t, "portfolio", "review", "--json").wantCode(t, 0)
	out := map[string]map[string]any{}
	for _, l := range jsonLines(t, r.stdout) {
		out[l["ref"].(string)] = l
	}
	return out
}

// writeFile writes s to path or fails the test.
func writeFile(t *testing.T, path, s string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(s), 0o600))
}

// withEnv is e's harness with the environment variable k set to v (a
// copy: e's own harness is unchanged).
func (e *portfolioEnv) withEnv(k, v string) harness {
	h := e.h
	h.env = map[string]string{k: v}
	for ek, ev := range e.h.env {
		if ek != k {
			h.env[ek] = ev
		}
	}
	return h
}

// dbCommands are the arguments that take every command with --db to the
// opening of its database (valid otherwise): the DSN goes after them.
// "mcp" stands for "mcp --portfolio".
func dbCommands(t *testing.T) map[string][]string {
	in := filepath.Join(t.TempDir(), "customers.csv")
	writeFile(t, in, portfolioCustomers)
	out := filepath.Join(t.TempDir(), "report.html")
	return map[string][]string{
		"import":    {"portfolio", "import", "--in", in, "--db"},
		"review":    {"portfolio", "review", "--db"},
		"resolve":   {"portfolio", "resolve", "C-3", "DE-HRB-F1103-267645", "--note", "checked", "--db"},
		"remove":    {"portfolio", "remove", "C-3", "--db"},
		"plan":      {"portfolio", "plan", "--db"},
		"sync":      {"portfolio", "sync", "--db"},
		"serve":     {"portfolio", "serve", "--addr", "127.0.0.1:0", "--db"},
		"work":      {"portfolio", "work", "--drain", "--db"},
		"retry":     {"portfolio", "retry", "--db"},
		"events":    {"portfolio", "events", "--db"},
		"flags":     {"portfolio", "flags", "--db"},
		"ack":       {"portfolio", "ack", "DE-HRB-F1103-267645", "liquidation", "--note", "seen", "--db"},
		"decisions": {"portfolio", "decisions", "--db"},
		"approve":   {"portfolio", "approve", "1", "--note", "fine", "--db"},
		"reject":    {"portfolio", "reject", "1", "--note", "no", "--db"},
		"audit":     {"portfolio", "audit", "--db"},
		"report":    {"portfolio", "report", "--out", out, "--db"},
		"users":     {"portfolio", "users", "list", "--db"},
		"mcp":       {"mcp", "--portfolio"},
		"web":       {"portfolio", "web", "--addr", "127.0.0.1:0", "--db"},
		"alerts":    {"portfolio", "alerts", "list", "--db"},
	}
}

// TestDBCommandsAreAllCovered: every portfolio command that declares
// --db is in dbCommands, so the tests over them cover a new one too.
func TestDBCommandsAreAllCovered(t *testing.T) {
	cmds := dbCommands(t)
	for _, c := range portfolioGroup().commands {
		fs := pflag.NewFlagSet(c.name, pflag.ContinueOnError)
		c.setup(fs)
		if fs.Lookup("db") != nil {
			assert.Contains(t, cmds, c.name, "portfolio %s takes --db: add it to dbCommands", c.name)
		}
	}
}

// TestEveryDBCommandKeepsTheDSNPasswordSecret runs every command that
// takes --db with a DSN, in each form a password can take, of a
// database it cannot reach or parse: neither stdout nor stderr ever
// shows the password, long or short (too short for the tool's secret
// search: the DSN's own redaction must hide it), nor $PGPASSWORD.
func TestEveryDBCommandKeepsTheDSNPasswordSecret(t *testing.T) {
	const envPassword = "Sw0rdfish-env-9"
	t.Setenv("PGPASSWORD", envPassword)
	e := newPortfolioEnv(t)
	cmds := dbCommands(t)
	for _, pw := range []string{"Sw0rdfish-cli-7", "pw7"} {
		for _, dsn := range []string{
			"postgres://kyc:" + pw + "@127.0.0.1:1/kyc?connect_timeout=2",
			"postgresql://kyc:" + pw + "@127.0.0.1:1/kyc?connect_timeout=2",
			"postgres://kyc@127.0.0.1:1/kyc?connect_timeout=2&password=" + pw,
			"postgres://kyc@127.0.0.1:1/kyc?password=" + pw + "&sslmode=disable",
			"postgres://kyc:" + pw + "@127.0.0.1:notaport/kyc",
			"host=127.0.0.1 port=1 user=kyc password=" + pw + " dbname=kyc",
			"host=127.0.0.1 port=1 user=kyc password='" + pw + " x' dbname=kyc",
			"postgres://kyc@127.0.0.1:1/kyc?connect_timeout=2", // the password from $PGPASSWORD
		} {
			for name, args := range cmds {
				var r result
				if name == "serve" {
					// serve waits for a database that does not answer yet
					// (it may be starting), saying so: stopped then.
					r = start(t, e.h, nil, append(slices.Clone(args), dsn)...).untilStderrOrEnd(t, "trying again")
					if !strings.Contains(r.stderr, "trying again") {
						assert.NotEqual(t, 0, r.code, "%s with %s", name, dsn)
					}
				} else {
					r = e.h.run(t, append(slices.Clone(args), dsn)...)
					assert.NotEqual(t, 0, r.code, "%s with %s", name, dsn)
				}
				out := r.stdout + r.stderr
				assert.NotContains(t, out, pw, "%s with %s: %s", name, dsn, out)
				assert.NotContains(t, out, envPassword, "%s with %s", name, dsn)
				assert.Contains(t, r.stderr, "127.0.0.1", "%s: the error still names the database", name)
			}
		}
	}
}

// TestReadingCommandsRefuseADatabaseWithoutAPortfolio: every command
// but import, given a database that holds no portfolio (a misspelt
// path, an empty file), refuses it, names it and says how to create
// one, and creates nothing.
func TestReadingCommandsRefuseADatabaseWithoutAPortfolio(t *testing.T) {
	e := newPortfolioEnv(t)
	// A serve given an empty database would serve it until stopped: the
	// context ends that (the test then fails) instead of hanging the run.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	e.h.setup = func(a *app) { a.ctx = ctx }
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.db")
	writeFile(t, empty, "")
	for name, args := range dbCommands(t) {
		if name == "import" {
			continue
		}
		for _, path := range []string{filepath.Join(dir, "portfolo.db"), empty} {
			r := e.h.run(t, append(slices.Clone(args), "sqlite:"+path)...)
			assert.Equal(t, exitUsage, r.code, "%s on %s: %s", name, path, r.stderr)
			assert.Contains(t, r.stderr, "sqlite:"+path+" holds no portfolio", name)
			assert.Contains(t, r.stderr, "registerdata portfolio import --db sqlite:"+path, name)
		}
		_, err := os.Stat(filepath.Join(dir, "portfolo.db"))
		assert.ErrorIs(t, err, os.ErrNotExist, "%s creates no database", name)
	}
	// From the environment: the error says where the DSN came from.
	r := e.withEnv(envPortfolioDB, "sqlite:"+filepath.Join(dir, "other.db")).run(t, "portfolio", "flags")
	assert.Equal(t, exitUsage, r.code)
	assert.Contains(t, r.stderr, "$"+envPortfolioDB)
	// import creates it.
	e.h.run(t, append(dbCommands(t)["import"], "sqlite:"+filepath.Join(dir, "portfolo.db"))...).wantCode(t, 0)
	e.h.run(t, "portfolio", "flags", "--db", "sqlite:"+filepath.Join(dir, "portfolo.db")).wantCode(t, 0)
}

// TestReadingCommandsNeedNoAPIKey: the commands that make no call to the
// service run without an API key; those that call it still ask for one.
func TestReadingCommandsNeedNoAPIKey(t *testing.T) {
	e := newPortfolioEnv(t)
	e.imported(t)
	spent := e.spent()
	h := e.withEnv(registerdata.EnvAPIKey, "")
	for _, args := range [][]string{
		{"portfolio", "review"},
		{"portfolio", "events"},
		{"portfolio", "flags"},
		{"portfolio", "decisions", "--all"},
		{"portfolio", "audit"},
		{"portfolio", "report", "--out", filepath.Join(t.TempDir(), "r.html")},
		{"portfolio", "remove", "C-4"},
	} {
		r := h.run(t, args...)
		assert.Equal(t, 0, r.code, "%v: %s", args, r.stderr)
	}
	r := h.run(t, "portfolio", "ack", "DE-HRB-F1103-267645", "liquidation", "--note", "seen")
	assert.Contains(t, r.stderr, "no open flag", "ack reaches the portfolio without a key")
	for _, args := range [][]string{{"portfolio", "plan"}, {"portfolio", "sync"}, {"portfolio", "work", "--drain"}} {
		r := h.run(t, args...)
		assert.Equal(t, exitUsage, r.code, "%v", args)
		assert.Contains(t, r.stderr, "no API key", "%v", args)
	}
	assert.Equal(t, spent, e.spent(), "the reading commands spent nothing")
}
