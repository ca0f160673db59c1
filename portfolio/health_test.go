package portfolio_test

import (
	"context"
	"testing"

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
