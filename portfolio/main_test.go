package portfolio_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

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
)

func TestMain(m *testing.M) {
	if dsn := os.Getenv(workerDSNEnv); dsn != "" {
		os.Exit(runWorker(dsn))
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
	p, err := portfolio.Open(ctx, dsn, c, portfolio.WithRescueAfter(2*time.Second), portfolio.WithWorkers(2), portfolio.WithPollInterval(50*time.Millisecond))
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
