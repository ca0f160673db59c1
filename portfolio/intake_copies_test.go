package portfolio_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCopiesOfADeliveryArrivingWhileItIsRecordedAreAnswered204: the
// service (or two of its workers) sends copies of one delivery while the
// first is still being recorded, its transaction open. Every copy is
// answered 204, as Handler promises for a concurrent duplicate, not 409
// or 503, and the delivery is recorded and queued once, on both engines.
// The first copy's transaction is held open, its row written, until the
// others wait on the database (the first's row on PostgreSQL, the single
// connection on SQLite), then released (holdFirstRecord).
func TestCopiesOfADeliveryArrivingWhileItIsRecordedAreAnswered204(t *testing.T) {
	const copies = 4
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		v, err := webhook.NewVerifier(secret)
		require.NoError(t, err)
		rcv := httptest.NewServer(p.Handler(v))
		defer rcv.Close()
		d := delivery{id: "msg_copied", body: []byte(`{"type":"monitor.change","entity_type":"company","entity_id":"` + nordlicht + `","categories":["basic"]}`)}

		waitHeld, release := holdFirstRecord(t, dsn, d.id)
		answers := make(chan answer, copies+1)
		go func() { answers <- postAnswer(t, rcv.URL, d) }()
		waitHeld()
		waitsBefore := p.PoolWaits()
		for range copies {
			go func() { answers <- postAnswer(t, rcv.URL, d) }()
		}
		// Each copy either waits on the database or was answered
		// already (a copy answered before the first commits is what
		// the test looks for).
		waitOnDatabase(t, dsn, p, waitsBefore, func() int { return copies - len(answers) })
		release()
		for i := range copies + 1 {
			a := <-answers
			assert.Equal(t, http.StatusNoContent, a.status, "answer %d: a copy of a delivery being recorded", i)
		}
		n, err := p.Drain(context.Background())
		require.NoError(t, err)
		assert.Equal(t, 1, n, "one job for all the copies")
	})
}

// holdFirstRecord holds the transaction that records the delivery id
// first open, after its row is written and before it commits, until
// release is called; waitHeld returns once it is held. On SQLite a
// hook in the transaction waits on a channel. On PostgreSQL, where the
// intake records a delivery in one statement, a deferred trigger the
// test installs makes the commit wait for an advisory lock the test
// holds.
func holdFirstRecord(t *testing.T, dsn, id string) (waitHeld, release func()) {
	t.Helper()
	if strings.HasPrefix(dsn, "sqlite:") {
		held := make(chan struct{})
		free := make(chan struct{})
		var once sync.Once
		portfolio.SetAfterInsert(func(got string) {
			if got == id {
				once.Do(func() { close(held) })
				<-free
			}
		})
		t.Cleanup(func() { portfolio.SetAfterInsert(nil) })
		return func() { <-held }, func() { close(free) }
	}
	const key = 0x686f6c64 // "hold"
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	t.Cleanup(func() { db.Close() })
	lock, err := db.Conn(context.Background())
	require.NoError(t, err)
	_, err = lock.ExecContext(context.Background(), `SELECT pg_advisory_lock($1)`, key)
	require.NoError(t, err)
	_, err = db.Exec(`CREATE FUNCTION test_hold_commit() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN PERFORM pg_advisory_xact_lock_shared(` + fmt.Sprint(key) + `); RETURN NULL; END $$;
		CREATE CONSTRAINT TRIGGER test_hold_commit AFTER INSERT ON portfolio_deliveries
			DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_hold_commit()`)
	require.NoError(t, err)
	var once sync.Once
	unlock := func() {
		once.Do(func() {
			_, err := lock.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, key)
			assert.NoError(t, err)
			assert.NoError(t, lock.Close())
		})
	}
	t.Cleanup(unlock)
	return func() {
		waitFor(t, "the first copy's commit waiting for the test", time.Minute, func() bool {
			return count(t, db, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'advisory'`) == 1
		})
	}, unlock
}

// waitOnDatabase waits until n() requests of p wait on the database: on
// PostgreSQL n() sessions waiting for another transaction (the first
// copy's), on SQLite n() more waits for the pool's one connection than
// before.
func waitOnDatabase(t *testing.T, dsn string, p *portfolio.Portfolio, before int64, n func() int) {
	t.Helper()
	if strings.HasPrefix(dsn, "sqlite:") {
		waitFor(t, "the copies waiting for the connection", time.Minute, func() bool { return p.PoolWaits()-before >= int64(n()) })
		return
	}
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer db.Close()
	waitFor(t, "the copies waiting for the first's transaction", time.Minute, func() bool {
		return count(t, db, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'transactionid'`) >= n()
	})
}
