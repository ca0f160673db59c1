package main

import (
	"path/filepath"
	"testing"

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
