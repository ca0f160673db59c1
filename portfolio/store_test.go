package portfolio_test

import (
	"context"
	"sync"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenMigratesOnceAndKeepsData(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		// Several processes opening one new database at once: the
		// migrations run one after the other, every Open succeeds.
		var wg sync.WaitGroup
		errs := make([]error, 3)
		for i := range errs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := portfolio.Open(context.Background(), dsn, c, portfolio.WithClock(clk.Now))
				if err == nil {
					err = p.Close()
				}
				errs[i] = err
			}()
		}
		wg.Wait()
		for _, err := range errs {
			require.NoError(t, err)
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
