package main

import (
	"bufio"
	"context"
	"database/sql"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
)

// portfolioCompanies is the size of the portfolio BenchmarkPortfolioMemory
// runs the commands on: small by default, for CI's run-once step; the
// issue's figure is measured with -args -portfolio-companies 100000.
var portfolioCompanies = flag.Int("portfolio-companies", 1000, "companies of the portfolio BenchmarkPortfolioMemory builds")

// memoryWorld is the portfolio the commands run on, and what they need.
type memoryWorld struct {
	bin, db, csv string
	env          []string
	company      string // a company with an open flag, for ack
}

// BenchmarkPortfolioMemory builds a portfolio of -portfolio-companies
// companies once (imported by id against a generated fake, then a
// journal entry, an open flag per company and a tenth as many rows
// awaiting review written straight into the store), runs each
// "registerdata portfolio" command on it as a subprocess of the built
// binary, and reports each one's peak resident memory (maxrss-MiB, from
// the kernel's rusage). "version" is the floor: what the binary takes
// doing nothing. Run it at two sizes: a command whose figure grows with
// the portfolio holds it in memory.
func BenchmarkPortfolioMemory(b *testing.B) {
	w := buildMemoryWorld(b, *portfolioCompanies)
	out := filepath.Join(b.TempDir(), "report.html")
	commands := []struct {
		name string
		args []string
		ok   func(code int) bool
	}{
		{"version", []string{"--version"}, nil},
		{"import", []string{"portfolio", "import", "--in", w.csv}, nil},
		{"plan", []string{"portfolio", "plan"}, nil},
		// A budget of 40 monitors: the plan is made over the whole
		// portfolio, then sync stops at the budget (exit 1).
		{"sync", []string{"--budget", "1000", "portfolio", "sync"}, func(code int) bool { return code == 0 || code == 1 }},
		{"work", []string{"portfolio", "work", "--drain"}, nil},
		{"events", []string{"portfolio", "events", "--json"}, nil},
		{"flags", []string{"portfolio", "flags"}, nil},
		{"flags-json", []string{"--json", "portfolio", "flags"}, nil},
		{"ack", []string{"portfolio", "ack", w.company, redflagsLiquidation, "--note", "seen"}, nil},
		{"report", []string{"portfolio", "report", "--out", out}, nil},
	}
	for _, c := range commands {
		b.Run(c.name, func(b *testing.B) {
			var peak int64
			for range b.N {
				rss, code, stderr := runMeasured(b, w, c.args)
				ok := code == 0
				if c.ok != nil {
					ok = c.ok(code)
				}
				if !ok {
					b.Fatalf("registerdata %s: exit %d: %s", strings.Join(c.args, " "), code, stderr)
				}
				peak = max(peak, rss)
			}
			b.ReportMetric(float64(peak)/1024, "maxrss-MiB")
		})
	}
	b.Run("serve-startup", func(b *testing.B) {
		var peak int64
		for range b.N {
			peak = max(peak, serveStartup(b, w))
		}
		b.ReportMetric(float64(peak)/1024, "maxrss-MiB")
	})
}

const redflagsLiquidation = "liquidation"

// runMeasured runs the binary with args on the world, output drained,
// and returns its peak RSS in KiB, its exit code and its stderr.
func runMeasured(tb testing.TB, w *memoryWorld, args []string) (int64, int, string) {
	tb.Helper()
	cmd, rss := w.measured(tb, args)
	cmd.Stdout = io.Discard
	var stderr strings.Builder
	cmd.Stderr = &stderr
	err := cmd.Run()
	if cmd.ProcessState == nil {
		tb.Fatalf("registerdata %s: %v", strings.Join(args, " "), err)
	}
	return rss(), cmd.ProcessState.ExitCode(), stderr.String()
}

// measured is the command that runs the binary with args through the
// rusage helper, and a function that reads the binary's peak RSS (KiB)
// once the command ended.
//
// The binary is not started from the test process itself: Linux counts
// the memory of the process a child is started from (vfork, then exec)
// into the child's peak, and the test process holds the fake. The helper
// is a small program of its own that starts the binary and writes its
// peak RSS to a file.
func (w *memoryWorld) measured(tb testing.TB, args []string) (*exec.Cmd, func() int64) {
	tb.Helper()
	out := filepath.Join(tb.TempDir(), "maxrss")
	cmd := exec.Command(rssHelper(tb), append([]string{w.bin}, args...)...)
	cmd.Env = append(w.env, "MAXRSS_OUT="+out)
	return cmd, func() int64 {
		b, err := os.ReadFile(out)
		if err != nil {
			tb.Fatalf("the rusage helper wrote no figure: %v", err)
		}
		var kib int64
		if _, err := fmt.Sscan(string(b), &kib); err != nil {
			tb.Fatalf("the rusage helper wrote %q: %v", b, err)
		}
		return kib
	}
}

// rssHelperSource is the rusage helper: it runs its arguments as a
// command, passes SIGTERM on, writes the command's peak RSS in KiB to
// $MAXRSS_OUT and exits with its code.
const rssHelperSource = `package main

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
)

func main() {
	cmd := exec.Command(os.Args[1], os.Args[2:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGTERM, os.Interrupt)
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	go func() {
		for s := range sig {
			_ = cmd.Process.Signal(s)
		}
	}()
	_ = cmd.Wait()
	rss := cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss
	if err := os.WriteFile(os.Getenv("MAXRSS_OUT"), []byte(fmt.Sprint(rss)), 0o600); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	os.Exit(cmd.ProcessState.ExitCode())
}
`

var (
	rssOnce sync.Once
	rssPath string
	rssErr  error
)

// rssHelper builds the rusage helper once per test process.
func rssHelper(tb testing.TB) string {
	tb.Helper()
	rssOnce.Do(func() {
		dir, err := os.MkdirTemp("", "registerdata-maxrss")
		if err != nil {
			rssErr = err
			return
		}
		for name, text := range map[string]string{"main.go": rssHelperSource, "go.mod": "module maxrss\n\ngo 1.22\n"} {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o600); err != nil {
				rssErr = err
				return
			}
		}
		rssPath = filepath.Join(dir, "maxrss")
		build := exec.Command("go", "build", "-o", rssPath, ".")
		build.Dir, build.Env = dir, append(os.Environ(), "GOWORK=off", "GOFLAGS=")
		if out, err := build.CombinedOutput(); err != nil {
			rssErr = fmt.Errorf("%v: %s", err, out)
		}
	})
	if rssErr != nil {
		tb.Fatalf("building the rusage helper: %v", rssErr)
	}
	return rssPath
}

// serveStartup starts "portfolio serve" on a free loopback port, waits
// until it says it receives, stops it with SIGTERM, and returns its peak
// RSS in KiB.
func serveStartup(tb testing.TB, w *memoryWorld) int64 {
	tb.Helper()
	cmd, rss := w.measured(tb, []string{"portfolio", "serve", "--addr", "127.0.0.1:0"})
	cmd.Stdout = io.Discard
	stderr, err := cmd.StderrPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	sc := bufio.NewScanner(stderr)
	started := false
	for sc.Scan() {
		if strings.Contains(sc.Text(), "receiving webhooks") {
			started = true
			break
		}
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	go func() { _, _ = io.Copy(io.Discard, stderr) }()
	_ = cmd.Wait()
	if !started {
		tb.Fatalf("portfolio serve did not start (%v)", cmd.ProcessState)
	}
	return rss()
}

// buildMemoryWorld builds the binary, a fake of n generated companies and
// a SQLite portfolio of them, and writes the import file (every company
// by id) the import command reads again.
func buildMemoryWorld(tb testing.TB, n int) *memoryWorld {
	tb.Helper()
	bin := builtCLI(tb)
	clk := fake.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk), fake.WithCredits(1_000_000_000), fake.WithGenerated(n))
	tb.Cleanup(srv.Close)
	dir := tb.TempDir()
	w := &memoryWorld{bin: bin, db: "sqlite:" + filepath.Join(dir, "portfolio.db"), csv: filepath.Join(dir, "companies.csv")}
	w.env = append(os.Environ(), registerdata.EnvAPIKey+"="+srv.APIKey, registerdata.EnvBaseURL+"="+srv.URL,
		envPortfolioDB+"="+w.db, envWebhookSecret+"="+portfolioSecret)

	f, err := os.Create(w.csv)
	if err != nil {
		tb.Fatal(err)
	}
	bw := bufio.NewWriter(f)
	fmt.Fprintln(bw, "ref,company_id,tags")
	ids := srv.CompanyIDs()[:n]
	rows := make([]portfolio.Row, n)
	for i, id := range ids {
		rows[i] = portfolio.Row{Ref: fmt.Sprintf("C%07d", i), CompanyID: id, Tags: []string{"customer"}}
		fmt.Fprintf(bw, "C%07d,%s,customer\n", i, id)
	}
	if err := bw.Flush(); err != nil {
		tb.Fatal(err)
	}
	f.Close()

	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		tb.Fatal(err)
	}
	ctx := context.Background()
	p, err := portfolio.Open(ctx, w.db, c, portfolio.WithClock(clk.Now))
	if err != nil {
		tb.Fatal(err)
	}
	seq := func(yield func(portfolio.Row, error) bool) {
		for _, r := range rows {
			if !yield(r, nil) {
				return
			}
		}
	}
	for r, err := range p.Import(ctx, seq, portfolio.ImportOptions{}) {
		if err != nil || r.Status != portfolio.Matched {
			tb.Fatalf("building the portfolio: %s: %v %v", r.Row.Ref, r.Status, err)
		}
	}
	p.Close()

	// A journal entry and an open flag per company, and a tenth as many
	// rows awaiting review, as a portfolio that ran for a while has.
	db, err := sql.Open("sqlite", "file:"+strings.TrimPrefix(w.db, "sqlite:"))
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	at := clk.Now().Add(-24 * time.Hour).UnixMicro()
	chs := `[{"category":"basic","kind":"modified","field":"status","before":"active","after":"liquidation"}]`
	raised := `[{"code":"liquidation","reason":"the company is in liquidation"}]`
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits)
			SELECT company_id, '["' || ref || '"]', 'msg_' || ref, ?, ?, '[]', ?, 10 FROM portfolio_entries ORDER BY ref`, []any{chs, raised, at}},
		{`INSERT INTO portfolio_flags (company_id, code, reason, since) SELECT DISTINCT company_id, ?, 'the company is in liquidation', ? FROM portfolio_entries`, []any{redflagsLiquidation, at}},
		{`INSERT INTO portfolio_entries (ref, status, score, candidates, fingerprint, added_at, updated_at)
			SELECT 'R' || substr(ref, 2), 'ambiguous', 0.7, '[{"company_id":"' || company_id || '","name":"x","score":0.7}]', 'f', ?, ? FROM portfolio_entries WHERE rowid % 10 = 0`, []any{at, at}},
	} {
		if _, err := db.Exec(q.sql, q.args...); err != nil {
			tb.Fatalf("filling the portfolio: %v", err)
		}
	}
	w.company = ids[0]
	return w
}
