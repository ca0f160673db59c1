package main

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSyncSendsCompaniesTheServiceDoesNotKnowToReview: a company id the
// service does not know is a finding sent to the review queue, listed by
// sync, which succeeds.
func TestSyncSendsCompaniesTheServiceDoesNotKnowToReview(t *testing.T) {
	e := newPortfolioEnv(t)
	in := filepath.Join(t.TempDir(), "rows.csv")
	writeFile(t, in, "ref,company_id\nK-1,DE-HRB-F1103-267645\nU-1,DE-HRB-F1103-990001\n")
	e.h.run(t, "portfolio", "import", "--in", in).wantCode(t, 0)
	require.NoError(t, e.srv.SetWebhookEndpoint("http://127.0.0.1:9/hooks", portfolioSecret))
	r := e.h.run(t, "portfolio", "sync").wantCode(t, 0)
	assert.Contains(t, r.stdout, "created 1 monitors")
	assert.Contains(t, r.stdout, "1 company the service does not know, not monitored and sent to review")
	assert.Contains(t, r.stdout, "\n  DE-HRB-F1103-990001\n")
	q := e.reviews(t)
	require.Contains(t, q, "U-1")
	assert.Equal(t, "unknown_company", q["U-1"]["status"])
}

// TestPlanPricesAMixedPortfolioAsTheFakeBillsItAndShowsTheLedger: one
// company synced daily, one weekly: plan's monthly figure is what the
// fake bills over the next month, and the ledger's month is what the
// syncs' creates cost (what sync spent, less the first records the
// journal holds).
func TestPlanPricesAMixedPortfolioAsTheFakeBillsItAndShowsTheLedger(t *testing.T) {
	e := newPortfolioEnv(t)
	require.NoError(t, e.srv.SetWebhookEndpoint("http://127.0.0.1:9/hooks", portfolioSecret))
	dir := t.TempDir()
	one, both := filepath.Join(dir, "one.csv"), filepath.Join(dir, "both.csv")
	writeFile(t, one, "ref,company_id\nK-1,DE-HRB-F1103-267645\n")
	writeFile(t, both, "ref,company_id\nK-1,DE-HRB-F1103-267645\nK-2,"+e.srv.CompanyIDs()[3]+"\n")
	var synced int64
	for _, s := range []struct {
		in   string
		args []string
	}{{one, []string{"--daily"}}, {both, nil}} {
		e.h.run(t, "portfolio", "import", "--in", s.in).wantCode(t, 0)
		r := e.h.run(t, append([]string{"portfolio", "sync", "--json"}, s.args...)...).wantCode(t, 0)
		synced += int64(jsonLines(t, r.stdout)[0]["credits"].(float64))
	}
	var baselines int64
	for _, ev := range jsonLines(t, e.h.run(t, "portfolio", "events", "--json").wantCode(t, 0).stdout) {
		baselines += int64(ev["credits"].(float64))
	}

	for _, args := range [][]string{nil, {"--daily"}} {
		plan := jsonLines(t, e.h.run(t, append([]string{"portfolio", "plan", "--json"}, args...)...).wantCode(t, 0).stdout)[0]
		ledger := plan["ledger"].(map[string]any)
		assert.EqualValues(t, synced-baselines, ledger["month_credits"], "the ledger's month: the two creates")
		assert.EqualValues(t, 2, ledger["month_monitors"])
		assert.EqualValues(t, ledger["month_credits"], ledger["year_credits"], "nothing before this month")
		before := e.spent()
		e.clk.Advance(31 * 24 * time.Hour)
		assert.EqualValues(t, e.spent()-before, plan["monthly_credits"], "plan %v: each monitor at its own frequency, as the fake bills", args)
	}
	r := e.h.run(t, "portfolio", "plan").wantCode(t, 0)
	assert.Regexp(t, `the ledger expects \d+ credits for 2 monitors in \d{4}-\d\d, \d+ in the 12 months from \d{4}-\d\d`, r.stdout)
}
