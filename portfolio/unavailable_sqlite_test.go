package portfolio_test

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSQLiteLockedIsAnswered503: while another process holds the SQLite
// file's write lock beyond the busy timeout, a delivery cannot be
// recorded: it is answered 503 with a Retry-After (never a 2xx, never a
// bare 500) and nothing is recorded; delivered again once the lock is
// gone, it is recorded and journalled once.
func TestSQLiteLockedIsAnswered503(t *testing.T) {
	t.Parallel() // most of it is the busy timeout's wait
	ctx := context.Background()
	dsn := sqliteDSN(t)
	_, c, clk := newFake(t)
	p := open(t, dsn, c, clk)
	importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
	url, d := receiverOfAChange(t, p, "msg_locked")

	// Another process's connection takes the write lock and keeps it.
	other, err := sql.Open("sqlite", "file:"+strings.TrimPrefix(dsn, "sqlite:")+"?_pragma=busy_timeout(0)")
	require.NoError(t, err)
	defer other.Close()
	conn, err := other.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.ExecContext(ctx, "BEGIN IMMEDIATE")
	require.NoError(t, err)

	began := time.Now()
	a := postAnswer(t, url, d)
	waited := time.Since(began)
	assert.Equal(t, http.StatusServiceUnavailable, a.status, "a delivery the locked database cannot record")
	assert.NotEmpty(t, a.retryAfter)
	assert.Less(t, waited, 15*time.Second, "answered within the service's 15 s")
	var n int
	require.NoError(t, conn.QueryRowContext(ctx, `SELECT count(*) FROM portfolio_deliveries`).Scan(&n))
	assert.Zero(t, n, "nothing recorded")
	_, err = conn.ExecContext(ctx, "ROLLBACK")
	require.NoError(t, err)

	a = postAnswer(t, url, d)
	assert.Equal(t, http.StatusNoContent, a.status, "the redelivery, once the lock is gone")
	ran, err := p.Drain(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, ran)
	var ids []string
	for _, e := range events(t, p, 0) {
		if e.EventID != "" {
			ids = append(ids, e.EventID)
		}
	}
	assert.Equal(t, []string{d.id}, ids, "journalled once")
	t.Logf("refused after %v", waited.Round(time.Millisecond))
}
