package portfolio_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestACheckWaitingForItsEntriesHoldsNoJournalLock: on PostgreSQL a
// check whose entries are locked by another transaction (an import, a
// reviewer's edit) waits for them before it takes the journal lock, so
// the checks of other companies go on meanwhile: the journal is not held
// up by one company's wait.
func TestACheckWaitingForItsEntriesHoldsNoJournalLock(t *testing.T) {
	dsn := postgresDSN(t)
	srv, c, clk := newFake(t, fake.WithGenerated(2))
	p := open(t, dsn, c, clk, portfolio.WithWorkers(2))
	ids := srv.CompanyIDs()
	blocked, free := ids[len(ids)-2], ids[len(ids)-1]
	importAll(t, p, []portfolio.Row{{Ref: "B1", CompanyID: blocked}, {Ref: "F1", CompanyID: free}}, portfolio.ImportOptions{})
	_, err := p.Drain(context.Background())
	require.NoError(t, err)

	// The blocked company's entries carry another name than its record,
	// so its next check renames them, and another transaction holds
	// their rows.
	db := rawDB(t, dsn)
	_, err = db.Exec(`UPDATE portfolio_entries SET name = 'An older name' WHERE company_id = $1`, blocked)
	require.NoError(t, err)
	hold, err := db.Begin()
	require.NoError(t, err)
	defer hold.Rollback() //nolint:errcheck // released below; a failed test ends it here
	_, err = hold.Exec(`SELECT 1 FROM portfolio_entries WHERE company_id = $1 FOR UPDATE`, blocked)
	require.NoError(t, err)

	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	rcv := httptest.NewServer(p.Handler(v))
	defer rcv.Close()
	for _, id := range []string{blocked, free} {
		body := []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"` + id + `","categories":["basic"]}`)
		require.Equal(t, http.StatusNoContent, post(t, rcv.URL, delivery{id: "msg_" + id, body: body}))
	}
	drained := make(chan error, 1)
	go func() {
		_, err := p.Drain(context.Background())
		drained <- err
	}()
	waitFor(t, "the blocked company's check waiting for its entries", time.Minute, func() bool {
		return count(t, db, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%portfolio_entries%'`) > 0
	})
	waitFor(t, "the other company's check journalled meanwhile", time.Minute, func() bool {
		return slices.Contains(processedDeliveries(t, db), "msg_"+free)
	})
	assert.NotContains(t, processedDeliveries(t, db), "msg_"+blocked, "the blocked check still waits")
	require.NoError(t, hold.Rollback())
	require.NoError(t, <-drained)
	assert.Contains(t, processedDeliveries(t, db), "msg_"+blocked)
	assert.Equal(t, 0, count(t, db, fmt.Sprintf(`SELECT count(*) FROM portfolio_entries WHERE company_id = '%s' AND name = 'An older name'`, blocked)), "the entries renamed")
}
