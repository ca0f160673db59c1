package portfolio_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// piped is a PostgreSQL portfolio with one company, its first check
// (a delivery's) written, a receiver for its deliveries and a raw connection to its
// database.
type piped struct {
	p   *portfolio.Portfolio
	srv *fake.Server
	c   *registerdata.Client
	id  string
	url string
	db  *sql.DB
}

func pipedSetup(t *testing.T) piped {
	t.Helper()
	dsn := postgresDSN(t)
	srv, c, clk := newFake(t, fake.WithGenerated(1))
	p := open(t, dsn, c, clk)
	ids := srv.CompanyIDs()
	id := ids[len(ids)-1] // a generated company: the curated ones come first
	importAll(t, p, []portfolio.Row{{Ref: "R1", CompanyID: id}}, portfolio.ImportOptions{})
	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	rcv := httptest.NewServer(p.Handler(v))
	t.Cleanup(rcv.Close)
	s := piped{p: p, srv: srv, c: c, id: id, url: rcv.URL, db: rawDB(t, dsn)}
	postChange(t, s.url, "msg_first", id)
	require.NoError(t, p.RunDeliveryJob(context.Background(), "msg_first"))
	require.Equal(t, 1, count(t, s.db, `SELECT count(*) FROM portfolio_snapshots`), "the company's first check stored its snapshot")
	return s
}

// postChange records a delivery announcing a change of company id.
func postChange(t *testing.T, url, deliveryID, id string) {
	t.Helper()
	body := []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"` + id + `","categories":["basic"]}`)
	require.Equal(t, http.StatusNoContent, post(t, url, delivery{id: deliveryID, body: body}))
}

// noneInTransaction waits until no session of the database is idle
// inside a transaction: a connection the portfolio gave back to its pool
// with its transaction open would stay so. One it closed ends on the
// server a moment later (pgx's pool closes it in the background).
func noneInTransaction(t *testing.T, db *sql.DB, what string) {
	t.Helper()
	waitFor(t, "no session left in "+what, time.Minute, func() bool {
		return count(t, db, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`) == 0
	})
}

// holdSnapshot locks the snapshot of company id in a transaction of db
// until the test ends it (or the test ends).
func holdSnapshot(t *testing.T, db *sql.DB, id string) *sql.Tx {
	t.Helper()
	hold, err := db.Begin()
	require.NoError(t, err)
	t.Cleanup(func() { _ = hold.Rollback() })
	_, err = hold.Exec(`SELECT 1 FROM portfolio_snapshots WHERE company_id = $1 FOR UPDATE`, id)
	require.NoError(t, err)
	return hold
}

// waitForSnapshotLock waits until a check waits for a snapshot's lock.
func waitForSnapshotLock(t *testing.T, db *sql.DB) {
	t.Helper()
	waitFor(t, "the check waiting for the company's snapshot", time.Minute, func() bool {
		return count(t, db, snapshotLockWaitersSQL) > 0
	})
}

// snapshotLockWaitersSQL counts the sessions of the database that wait
// for a lock in a statement on the companies' snapshots.
const snapshotLockWaitersSQL = `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%portfolio_snapshots%'`

// TestACheckReadsTheFlagsItsLockHolderCommitted: on PostgreSQL a check
// sends its first statements in one round trip, the flags' read among
// them; it still reads the flags as the transaction that held the
// company's snapshot before it committed them. Here that transaction
// raises check_failed (as a check given up does, under the same lock);
// the delivery's check, which fetched the record, clears it.
func TestACheckReadsTheFlagsItsLockHolderCommitted(t *testing.T) {
	s := pipedSetup(t)
	p, id, db := s.p, s.id, s.db
	postChange(t, s.url, "msg_after_hold", id)

	hold := holdSnapshot(t, db, id)
	_, err := hold.Exec(`INSERT INTO portfolio_flags (company_id, code, reason, facts, since) VALUES ($1, $2, 'given up', 'delivery msg_x', 1)`,
		id, redflags.FlagCheckFailed)
	require.NoError(t, err)

	done := make(chan error, 1)
	go func() { done <- p.RunDeliveryJob(context.Background(), "msg_after_hold") }()
	waitForSnapshotLock(t, db)
	require.NoError(t, hold.Commit())
	require.NoError(t, <-done)

	assert.Equal(t, 0, count(t, db, `SELECT count(*) FROM portfolio_flags WHERE code = 'check_failed'`), "the check cleared the flag committed before its lock was granted")
	var cleared []string
	for e, err := range p.Events(context.Background(), 0) {
		require.NoError(t, err)
		if e.EventID == "msg_after_hold" {
			for _, f := range e.Cleared {
				cleared = append(cleared, f.Code)
			}
		}
	}
	assert.Equal(t, []string{redflags.FlagCheckFailed}, cleared, "the delivery's entry says so")
}

// TestAFailedCheckLeavesNoTransactionOpen: a check that fails after its
// transaction began (here the stored snapshot cannot be read) rolls it
// back: the delivery stays unprocessed, its recorded answer stays for
// the retry, and no connection goes back to the pool inside the
// transaction. The retry, once the snapshot is repaired as the error
// says, journals the delivery without fetching again.
func TestAFailedCheckLeavesNoTransactionOpen(t *testing.T) {
	s := pipedSetup(t)
	p, id, db := s.p, s.id, s.db
	postChange(t, s.url, "msg_broken", id)
	_, err := db.Exec(`UPDATE portfolio_snapshots SET data = 'not json' WHERE company_id = $1`, id)
	require.NoError(t, err)

	err = p.RunDeliveryJob(context.Background(), "msg_broken")
	require.ErrorContains(t, err, "delete its row in portfolio_snapshots")
	noneInTransaction(t, db, "the failed transaction")
	assert.NotContains(t, processedDeliveries(t, db), "msg_broken")
	assert.Equal(t, 1, count(t, db, `SELECT count(*) FROM portfolio_fetched WHERE event_id = 'msg_broken'`), "the answer recorded for the retry")

	// The pool's connections work outside any transaction: what the
	// portfolio writes next is committed.
	postChange(t, s.url, "msg_next", id)
	assert.Equal(t, 1, count(t, db, `SELECT count(*) FROM portfolio_deliveries WHERE event_id = 'msg_next'`))

	_, err = db.Exec(`DELETE FROM portfolio_snapshots WHERE company_id = $1`, id)
	require.NoError(t, err)
	before := count(t, db, `SELECT count(*) FROM portfolio_journal`)
	require.NoError(t, p.RunDeliveryJob(context.Background(), "msg_broken"))
	assert.Contains(t, processedDeliveries(t, db), "msg_broken")
	assert.Equal(t, before+1, count(t, db, `SELECT count(*) FROM portfolio_journal`))
	assert.Equal(t, 0, count(t, db, `SELECT count(*) FROM portfolio_fetched WHERE event_id = 'msg_broken'`), "the recorded answer used and deleted")
	var credits []int64
	for e, err := range p.Events(context.Background(), 0) {
		require.NoError(t, err)
		if e.EventID == "msg_broken" {
			credits = append(credits, e.Credits)
		}
	}
	require.Len(t, credits, 1)
	assert.Positive(t, credits[0], "the retry journals what the first run paid")
}

// TestACancelledCheckLeavesNoTransactionOpen: a check cancelled while
// its statements wait for the company's snapshot ends without a
// transaction left open, and the delivery is journalled once. The check
// went in one round trip, its COMMIT with it (process_onetrip.go): the
// server, which has them all, may run them to the end once the lock is
// free. Then the job's error only makes it run again, and that run
// finds the delivery processed.
func TestACancelledCheckLeavesNoTransactionOpen(t *testing.T) {
	s := pipedSetup(t)
	p, id, db := s.p, s.id, s.db
	postChange(t, s.url, "msg_cancelled", id)
	hold := holdSnapshot(t, db, id)

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- p.RunDeliveryJob(ctx, "msg_cancelled") }()
	waitForSnapshotLock(t, db)
	cancel()
	require.Error(t, <-done)
	require.NoError(t, hold.Rollback())
	noneInTransaction(t, db, "the cancelled transaction")

	require.NoError(t, p.RunDeliveryJob(context.Background(), "msg_cancelled"))
	assert.True(t, slices.Contains(processedDeliveries(t, db), "msg_cancelled"))
	assert.Equal(t, 1, count(t, db, `SELECT count(*) FROM portfolio_journal WHERE event_id = 'msg_cancelled'`), "journalled once")
	assert.Equal(t, 0, count(t, db, `SELECT count(*) FROM portfolio_fetched WHERE event_id = 'msg_cancelled'`), "no answer left recorded")
}

// TestAnAnswerFetchedIsRecordedWhenTheJobEndsBeforeItsCheck: on
// PostgreSQL the check's first round trip records the delivery's last
// answer; a job whose context ended between its fetch and its check
// records it all the same, so the delivery's next run journals it without
// paying again.
func TestAnAnswerFetchedIsRecordedWhenTheJobEndsBeforeItsCheck(t *testing.T) {
	s := pipedSetup(t)
	p, id, db := s.p, s.id, s.db
	postChange(t, s.url, "msg_ended", id)
	srv := s.srv
	co, err := s.c.GetCompany(context.Background(), id, nil)
	require.NoError(t, err)

	ended, cancel := context.WithCancel(context.Background())
	cancel()
	require.ErrorIs(t, p.ApplyFetched(ended, "msg_ended", co, 10), context.Canceled)
	assert.Equal(t, 1, count(t, db, `SELECT count(*) FROM portfolio_fetched WHERE event_id = 'msg_ended' AND credits = 10`), "the paid answer recorded")
	assert.NotContains(t, processedDeliveries(t, db), "msg_ended")
	noneInTransaction(t, db, "the check that never began")

	paid := spent(srv)
	require.NoError(t, p.RunDeliveryJob(context.Background(), "msg_ended"))
	assert.Equal(t, paid, spent(srv), "the next run fetched nothing")
	assert.Contains(t, processedDeliveries(t, db), "msg_ended")
}

// TestACheckOnPostgreSQLJournalsTheRefsAsImported: on PostgreSQL a
// check's journal entry reads the company's refs in the statement that
// writes it; they come back from Events as imported, in order, hostile
// text included, and plain refs are stored as the SQLite journal stores
// them (encoding/json's form).
func TestACheckOnPostgreSQLJournalsTheRefsAsImported(t *testing.T) {
	s := pipedSetup(t)
	hostile := `R "quoted" \back <tag> & é` + "\u2028"
	importAll(t, s.p, []portfolio.Row{{Ref: "R2", CompanyID: s.id}, {Ref: hostile, CompanyID: s.id}}, portfolio.ImportOptions{})
	postChange(t, s.url, "msg_refs", s.id)
	require.NoError(t, s.p.RunDeliveryJob(context.Background(), "msg_refs"))

	want := []string{"R1", "R2", hostile}
	slices.Sort(want) // the test databases order by bytes
	var got []string
	for e, err := range s.p.Events(context.Background(), 0) {
		require.NoError(t, err)
		if e.EventID == "msg_refs" {
			got = e.Refs
		}
	}
	assert.Equal(t, want, got)

	_, err := s.db.Exec(`DELETE FROM portfolio_entries WHERE ref = $1`, hostile)
	require.NoError(t, err)
	postChange(t, s.url, "msg_plain", s.id)
	require.NoError(t, s.p.RunDeliveryJob(context.Background(), "msg_plain"))
	var stored string
	require.NoError(t, s.db.QueryRow(`SELECT refs FROM portfolio_journal WHERE event_id = 'msg_plain'`).Scan(&stored))
	plain, err := json.Marshal([]string{"R1", "R2"})
	require.NoError(t, err)
	assert.Equal(t, string(plain), stored)
}

// TestAnAnswerTheDatabaseRefusesFailsTheJob: when the first batch's
// record of the paid answer fails (here a constraint refuses it), the
// job fails with that error instead of going on without it, and the
// delivery stays unprocessed for its retry.
func TestAnAnswerTheDatabaseRefusesFailsTheJob(t *testing.T) {
	s := pipedSetup(t)
	postChange(t, s.url, "msg_refused", s.id)
	_, err := s.db.Exec(`ALTER TABLE portfolio_fetched ADD CONSTRAINT refuse_every_answer CHECK (credits < 0)`)
	require.NoError(t, err)

	err = s.p.RunDeliveryJob(context.Background(), "msg_refused")
	require.ErrorContains(t, err, "recording the fetched company")
	assert.ErrorContains(t, err, "refuse_every_answer")
	assert.NotContains(t, processedDeliveries(t, s.db), "msg_refused")
	noneInTransaction(t, s.db, "the refused check")
}
