package portfolio_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestUnavailableTellsAnOutageFromAWrongDSN: Open's error on a server
// that does not listen is the database being unavailable (worth trying
// again); on a database that does not exist it is not, so that a command
// waiting for its database never waits for a misspelt one.
func TestUnavailableTellsAnOutageFromAWrongDSN(t *testing.T) {
	_, c, _ := newFake(t)
	_, err := portfolio.Open(context.Background(), fmt.Sprintf("postgres://postgres@127.0.0.1:%d/x?sslmode=disable&connect_timeout=2", freePort(t)), c)
	require.Error(t, err)
	assert.True(t, portfolio.Unavailable(err), "nobody listens: %v", err)

	dsn := withDatabase(t, postgresDSN(t), "pf_no_such_database")
	_, err = portfolio.Open(context.Background(), dsn, c)
	require.Error(t, err)
	assert.False(t, portfolio.Unavailable(err), "no such database: %v", err)
	assert.False(t, portfolio.Unavailable(context.Canceled))
	assert.False(t, portfolio.Unavailable(nil))
}
