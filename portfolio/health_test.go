package portfolio_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPingAnswersWhileTheDatabaseIsOpen(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		p, err := portfolio.Open(context.Background(), dsn, c, portfolio.WithClock(clk.Now))
		require.NoError(t, err)
		require.NoError(t, p.Ping(context.Background()))
		require.NoError(t, p.Close())
		assert.Error(t, p.Ping(context.Background()), "closed")
	})
}

// TestPingFailsWhileAnotherProcessHoldsTheSQLiteWriteLock: while another
// process holds the SQLite file's write lock, a write of the portfolio
// waits for it (SQLite's busy timeout, 10 s) on the portfolio's only
// connection, and the database does not answer: Ping says so within its
// context. Once the lock is released the write goes through and Ping
// answers again. (Removing or closing the file is no such test: an open
// file lives on while the portfolio holds it.)
func TestPingFailsWhileAnotherProcessHoldsTheSQLiteWriteLock(t *testing.T) {
	ctx := context.Background()
	dsn := sqliteDSN(t)
	_, c, clk := newFake(t)
	p := open(t, dsn, c, clk)
	require.NoError(t, p.Ping(ctx))

	other := rawDB(t, dsn)
	conn, err := other.Conn(ctx)
	require.NoError(t, err)
	defer conn.Close()
	_, err = conn.ExecContext(ctx, `BEGIN IMMEDIATE`)
	require.NoError(t, err)

	wrote := make(chan error, 1)
	go func() {
		wrote <- p.AddSubscriber(ctx, portfolio.Subscriber{Name: "crm", URL: "https://crm.example/hooks", Secret: secret})
	}()
	deadline := time.Now().Add(5 * time.Second)
	for p.PoolInUse() == 0 && time.Now().Before(deadline) {
		runtime.Gosched() // the write takes the connection, then waits for the lock
	}
	require.Equal(t, 1, p.PoolInUse(), "the write holds the connection")
	pctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancel()
	assert.Error(t, p.Ping(pctx), "the database does not answer")

	_, err = conn.ExecContext(ctx, `COMMIT`)
	require.NoError(t, err)
	require.NoError(t, <-wrote, "the write goes through once the lock is released")
	assert.NoError(t, p.Ping(ctx))
}
