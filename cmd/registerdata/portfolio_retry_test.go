package main

import (
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPortfolioRetryQueuesTheChecksGivenUp arranges what the workers
// write when they give up on the check of a delivery (the delivery marked
// failed, the company's check_failed flag, the journal entry saying so):
// flags and events show it; retry queues it once; work runs it, journals
// the check and clears the flag.
func TestPortfolioRetryQueuesTheChecksGivenUp(t *testing.T) {
	const id = "DE-HRB-F1103-267645"
	e := newPortfolioEnv(t)
	e.imported(t)
	e.synced(t)
	db := e.sqlDB(t)
	at := e.clk.Now().UnixMicro()
	body := `{"type":"monitor.change","entity_type":"company","entity_id":"` + id + `","categories":["basic"],"detected_at":"` + e.clk.Now().Format(time.RFC3339) + `"}`
	for _, q := range []struct {
		sql  string
		args []any
	}{
		{`INSERT INTO portfolio_deliveries (event_id, entity_type, entity_id, body, received_at, failed_at, failure, attempts) VALUES ('msg_given_up', 'company', ?, ?, ?, ?, 'fetching the company: 400 Bad Request', 25)`,
			[]any{id, body, at, at}},
		{`INSERT INTO portfolio_flags (company_id, code, reason, facts, since) VALUES (?, ?, 'The check of delivery msg_given_up was given up.', 'delivery msg_given_up', ?)`,
			[]any{id, redflags.FlagCheckFailed, at}},
		{`INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits, name, failed) VALUES (?, '["C-1"]', 'msg_given_up', '[]', '[]', '[]', ?, 0, 'Nordlicht Solartechnik GmbH', ?)`,
			[]any{id, at, `{"error":"fetching the company: 400 Bad Request","attempts":25,"since":"` + e.clk.Now().Format(time.RFC3339) + `"}`}},
	} {
		_, err := db.Exec(q.sql, q.args...)
		require.NoError(t, err, q.sql)
	}

	assert.Contains(t, e.h.run(t, "portfolio", "flags").wantCode(t, 0).stdout, redflags.FlagCheckFailed)
	assert.Contains(t, e.h.run(t, "portfolio", "events").wantCode(t, 0).stdout, "check given up after 25 attempts")

	assert.Contains(t, e.h.run(t, "portfolio", "retry", "DE-HRB-X0000-1").wantCode(t, 0).stdout, "nothing to retry", "another company's")
	assert.Contains(t, e.h.run(t, "portfolio", "retry").wantCode(t, 0).stdout, "queued 1 check again")
	assert.Contains(t, e.h.run(t, "portfolio", "retry").wantCode(t, 0).stdout, "nothing to retry", "queued once")

	e.h.run(t, "portfolio", "work", "--drain").wantCode(t, 0)
	evs := jsonLines(t, e.h.run(t, "portfolio", "events", "--json").wantCode(t, 0).stdout)
	last := evs[len(evs)-1]
	assert.Equal(t, "msg_given_up", last["event_id"], "the retried check is journalled")
	assert.Nil(t, last["failed"])
	assert.NotContains(t, e.h.run(t, "portfolio", "flags").wantCode(t, 0).stdout, redflags.FlagCheckFailed, "and clears the flag")
}
