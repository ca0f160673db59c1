package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// TestServeWorksAScenarioThroughToTheReport is the production recipe
// (docs/production.md, deploy/recipe.sh) in one process: the fake plays
// its insolvency scenario; import, plan and sync monitor the company;
// serve receives the deliveries the clock's advance fires; the journal,
// the flags and the report show the proceeding.
func TestServeWorksAScenarioThroughToTheReport(t *testing.T) {
	clk := fake.NewClock(testNow)
	srv, err := fake.Listen("127.0.0.1:0", fake.WithClock(clk), fake.WithScenario("insolvency"), fake.WithSeed(1))
	require.NoError(t, err)
	t.Cleanup(srv.Close)
	sc, ok := srv.ActiveScenario()
	require.True(t, ok)
	h := harness{env: map[string]string{
		registerdata.EnvAPIKey: srv.APIKey, registerdata.EnvBaseURL: srv.URL,
		envPortfolioDB: "sqlite:" + filepath.Join(t.TempDir(), "portfolio.db"), envWebhookSecret: portfolioSecret,
	}}
	in := filepath.Join(t.TempDir(), "customers.csv")
	require.NoError(t, os.WriteFile(in, []byte("ref,company_id\nC-001,"+sc.CompanyID+"\nC-002,DE-HRA-R3306-28817\n"), 0o600))
	h.run(t, "portfolio", "import", "--in", in).wantCode(t, 0)

	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	serve := start(t, h, l, "portfolio", "serve", "--addr", l.Addr().String())
	serve.waitStderr(t, "receiving webhooks on http://"+l.Addr().String()+"/")
	require.NoError(t, srv.SetWebhookEndpoint("http://"+l.Addr().String()+"/", portfolioSecret)) // the dashboard's setting

	plan := h.run(t, "portfolio", "plan").wantCode(t, 0)
	assert.Contains(t, plan.stdout, "create 2 weekly monitors: 50 credits")
	assert.Contains(t, plan.stdout, "then 50 credits a month")
	h.run(t, "portfolio", "sync").wantCode(t, 0)

	clk.Advance(15 * 24 * time.Hour) // the application (day 1) and the opening (day 8), each at a weekly check
	delivered := 0
	for _, d := range srv.Deliveries() {
		if d.EntityID == sc.CompanyID && d.State == fake.DeliveryDelivered {
			delivered++
		}
	}
	assert.Equal(t, 2, delivered, "both checks delivered, and serve took them")

	var events string
	serve.waitFor(t, "the proceeding in the journal", func() bool {
		events = h.run(t, "portfolio", "events").stdout
		return strings.Contains(events, "Insolvency proceeding")
	})
	h.run(t, "portfolio", "work", "--drain").wantCode(t, 0)
	events = h.run(t, "portfolio", "events").stdout
	assert.Contains(t, events, sc.CompanyID+" ("+sc.CompanyName+")")
	assert.Contains(t, events, "raised insolvency_open")
	assert.Contains(t, h.run(t, "portfolio", "flags").wantCode(t, 0).stdout, "insolvency_open")
	report := h.run(t, "portfolio", "report", "--days", "30", "--out", "-").wantCode(t, 0).stdout
	assert.Contains(t, report, sc.CompanyName)
	assert.Contains(t, strings.ToLower(report), "insolvency")
}
