package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPortfolioSyncWithoutMonitoringAccessStopsAtTheFirst(t *testing.T) {
	clk := fake.NewClock(time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk), fake.WithCredits(1_000_000), fake.WithHardCases(), fake.WithoutMonitoring(),
		fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", portfolioSecret))
	t.Cleanup(srv.Close)
	db := "sqlite:" + filepath.Join(t.TempDir(), "portfolio.db")
	e := &portfolioEnv{srv: srv, clk: clk, db: db, h: harness{env: map[string]string{
		registerdata.EnvAPIKey: srv.APIKey, registerdata.EnvBaseURL: srv.URL, envPortfolioDB: db, envWebhookSecret: portfolioSecret,
	}}}
	in := filepath.Join(t.TempDir(), "customers.csv")
	require.NoError(t, os.WriteFile(in, []byte(portfolioCustomers), 0o600))
	r := e.h.run(t, "portfolio", "import", "--in", in)
	require.Equal(t, 0, r.code, r.stderr)
	before := e.spent()

	r = e.h.run(t, "portfolio", "sync")
	assert.Equal(t, exitFailed, r.code)
	assert.Contains(t, r.stdout, "created 0 monitors, deleted 0; 0 credits")
	for _, want := range []string{"stopped at the first monitor", "lacks monitoring access", "early access", "https://docs.openregister.de/guide/monitoring"} {
		assert.Contains(t, r.stderr, want)
	}
	assert.NotContains(t, r.stderr, "run the command again", "running again would be refused again")
	assert.Equal(t, 1, strings.Count(r.stderr, "lacks monitoring access"), "one refusal, said once")
	assert.Equal(t, before, e.spent(), "nothing billed")
	assert.Empty(t, srv.Monitors(srv.APIKey))
}
