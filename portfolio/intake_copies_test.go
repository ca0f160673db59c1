package portfolio_test

import (
	"context"
	"database/sql"
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
// The first copy's transaction is held open until the others wait on the
// database (a row lock on PostgreSQL, the single connection on SQLite),
// then released by a channel.
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

		inserted, release := make(chan struct{}), make(chan struct{})
		var once sync.Once
		portfolio.SetAfterInsert(func(id string) {
			if id == d.id {
				once.Do(func() { close(inserted) })
				<-release
			}
		})
		t.Cleanup(func() { portfolio.SetAfterInsert(nil) })
		answers := make(chan answer, copies+1)
		go func() { answers <- postAnswer(t, rcv.URL, d) }()
		<-inserted
		waitsBefore := p.PoolWaits()
		for range copies {
			go func() { answers <- postAnswer(t, rcv.URL, d) }()
		}
		// Each copy either waits on the database or was answered
		// already (a copy answered before the first commits is what
		// the test looks for).
		waitOnDatabase(t, dsn, p, waitsBefore, func() int { return copies - len(answers) })
		close(release)
		for i := range copies + 1 {
			a := <-answers
			assert.Equal(t, http.StatusNoContent, a.status, "answer %d: a copy of a delivery being recorded", i)
		}
		n, err := p.Drain(context.Background())
		require.NoError(t, err)
		assert.Equal(t, 1, n, "one job for all the copies")
	})
}

// waitOnDatabase waits until n() requests of p wait on the database: on
// PostgreSQL n() sessions waiting for a lock in it, on SQLite n() more
// waits for the pool's one connection than before.
func waitOnDatabase(t *testing.T, dsn string, p *portfolio.Portfolio, before int64, n func() int) {
	t.Helper()
	if strings.HasPrefix(dsn, "sqlite:") {
		waitFor(t, "the copies waiting for the connection", time.Minute, func() bool { return p.PoolWaits()-before >= int64(n()) })
		return
	}
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer db.Close()
	waitFor(t, "the copies waiting for the first's lock", time.Minute, func() bool {
		return count(t, db, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`) >= n()
	})
}
