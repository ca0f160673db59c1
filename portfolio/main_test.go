package portfolio_test

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
)

// Environment of a worker process that the exactly-once test starts: the
// test binary runs Work on the portfolio at the DSN, fetching from the
// fake at the URL, until SIGTERM (or SIGKILL).
const (
	workerDSNEnv = "PORTFOLIO_TEST_WORKER_DSN"
	workerURLEnv = "PORTFOLIO_TEST_WORKER_FAKE_URL"
	workerKeyEnv = "PORTFOLIO_TEST_WORKER_API_KEY"
	// workerHaltEnv makes the worker print "fetched EVENT" once the
	// answers of an event's job are recorded, and then hang (until it is
	// killed) before they are journalled.
	workerHaltEnv = "PORTFOLIO_TEST_WORKER_HALT_AFTER_FETCH"
	// workerCountEnv sets how many jobs the worker runs at once (2
	// unless set).
	workerCountEnv = "PORTFOLIO_TEST_WORKER_JOBS"
	// importDSNEnv makes the process import killRows into the portfolio
	// at the DSN, printing one line per result (the kill test).
	importDSNEnv = "PORTFOLIO_TEST_IMPORT_DSN"
	// decideDSNEnv makes the process take decisions on the portfolio at
	// the DSN, printing one line per decision taken (the decisions' kill
	// test).
	decideDSNEnv = "PORTFOLIO_TEST_DECIDE_DSN"
)

func TestMain(m *testing.M) {
	if dsn := os.Getenv(workerDSNEnv); dsn != "" {
		os.Exit(runWorker(dsn))
	}
	if dsn := os.Getenv(importDSNEnv); dsn != "" {
		os.Exit(runImport(dsn))
	}
	if dsn := os.Getenv(decideDSNEnv); dsn != "" {
		os.Exit(runDecide(dsn))
	}
	os.Exit(m.Run())
}

// runWorker is the body of a worker process.
func runWorker(dsn string) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(os.Getenv(workerKeyEnv)), registerdata.WithBaseURL(os.Getenv(workerURLEnv)),
		registerdata.WithHTTPClient(&http.Client{}), registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	jobs := 2
	if n, err := strconv.Atoi(os.Getenv(workerCountEnv)); err == nil {
		jobs = n
	}
	if os.Getenv(workerHaltEnv) != "" {
		var once sync.Once
		portfolio.SetAfterFetch(func(id string) {
			once.Do(func() { fmt.Println("fetched", id) })
			select {} // hang here until killed
		})
	}
	p, err := portfolio.Open(ctx, dsn, c, portfolio.WithRescueAfter(2*time.Second), portfolio.WithWorkers(jobs), portfolio.WithPollInterval(50*time.Millisecond))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer p.Close()
	fmt.Println("working")
	if err := p.Work(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// runImport is the body of an import process of the kill test.
func runImport(dsn string) int {
	ctx := context.Background()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(os.Getenv(workerKeyEnv)), registerdata.WithBaseURL(os.Getenv(workerURLEnv)),
		registerdata.WithHTTPClient(&http.Client{}), registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	p, err := portfolio.Open(ctx, dsn, c)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	defer p.Close()
	for r, err := range p.Import(ctx, seqOf(killRows()...), portfolio.ImportOptions{}) {
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Println(r.Row.Ref, r.Status)
	}
	return 0
}

// startWorker starts a worker process (the test binary, see TestMain) and
// waits until it works.
func startWorker(t *testing.T, dsn string, srv *fake.Server) *exec.Cmd {
	t.Helper()
	cmd, _ := startWorkerAt(t, dsn, srv.URL, srv.APIKey)
	return cmd
}

// startWorkerAt starts a worker process that fetches from the service at
// url with key, the extra environment env set, waits until it works and
// returns it with the rest of its standard output. It is killed at the
// end of the test unless it ended before.
func startWorkerAt(t testing.TB, dsn, url, key string, env ...string) (*exec.Cmd, *bufio.Reader) {
	t.Helper()
	cmd, r, stderr := startChild(t, append([]string{workerDSNEnv + "=" + dsn, workerURLEnv + "=" + url, workerKeyEnv + "=" + key}, env...)...)
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	line, err := r.ReadString('\n')
	if err != nil || line != "working\n" {
		_ = cmd.Process.Kill()
		_ = cmd.Wait() // stderr is complete only now
		t.Fatalf("the worker did not start: %v %q: %s", err, line, stderr.String())
	}
	return cmd, r
}

// startChild starts this test binary as a child process in the mode env
// selects (TestMain's dispatch), with stdout to read and stderr kept.
func startChild(t testing.TB, env ...string) (*exec.Cmd, *bufio.Reader, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$", "-test.bench=^$")
	cmd.Env = append(os.Environ(), env...)
	stderr := &bytes.Buffer{}
	cmd.Stderr = stderr
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	return cmd, bufio.NewReader(out), stderr
}
