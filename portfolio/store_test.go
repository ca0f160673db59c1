package portfolio_test

import (
	"context"
	"sync"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenMigratesOnceAndKeepsData(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		// Several processes opening one new database at once: the
		// migrations run one after the other, every Open succeeds.
		for i, err := range openAtOnce(dsn, c, clk, 3) {
			require.NoError(t, err, "Open %d", i)
		}
		p := open(t, dsn, c, clk)
		importAll(t, p, hardRows()[:1], portfolio.ImportOptions{})
		require.NoError(t, p.Close())
		p = open(t, dsn, c, clk)
		n := 0
		for e, err := range p.Entries(context.Background()) {
			require.NoError(t, err)
			assert.Equal(t, "C-1", e.Ref)
			n++
		}
		assert.Equal(t, 1, n, "a reopened portfolio keeps its entries")
	})
}

// TestOpenOfANewSQLiteFileAtOnce opens new SQLite files from several
// goroutines at once, as processes started together would. The first
// connection of each Open turns the file to WAL; SQLite refuses that at
// once with SQLITE_BUSY while another connection turns the file to WAL,
// unless the Opens take their turns before that connection. Without the
// turns, 12 of 20 runs of this test failed.
func TestOpenOfANewSQLiteFileAtOnce(t *testing.T) {
	_, c, clk := newFake(t)
	for round := range 12 {
		for i, err := range openAtOnce(sqliteDSN(t), c, clk, 4) {
			require.NoError(t, err, "round %d, Open %d", round, i)
		}
	}
}

// openAtOnce opens and closes the portfolio at dsn from n goroutines at
// once, as n processes started together would, and returns each one's
// error.
func openAtOnce(dsn string, c *registerdata.Client, clk *fake.Clock, n int) []error {
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range errs {
		wg.Go(func() {
			p, err := portfolio.Open(context.Background(), dsn, c, portfolio.WithClock(clk.Now))
			if err == nil {
				err = p.Close()
			}
			errs[i] = err
		})
	}
	wg.Wait()
	return errs
}

func TestOpenRefusesBadDSN(t *testing.T) {
	_, c, _ := newFake(t)
	for _, dsn := range []string{"", "mysql://x", "sqlite:", "sqlite:a.db?mode=memory"} {
		_, err := portfolio.Open(context.Background(), dsn, c)
		assert.Error(t, err, dsn)
	}
	_, err := portfolio.Open(context.Background(), "postgres://u:hunter2@127.0.0.1:1/x?connect_timeout=1", c)
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "hunter2", "the password stays out of errors")
	_, err = portfolio.Open(context.Background(), sqliteDSN(t), nil)
	assert.ErrorContains(t, err, "nil client")
}
