package portfolio_test

import (
	"testing"

	"github.com/registerdata/registerdata-go/internal/pgcluster"
)

// newCluster starts a throwaway PostgreSQL cluster that the test owns
// and may stop and start at will, which the shared server of
// REGISTERDATA_POSTGRES_DSN must never be; it is stopped when the test
// ends.
func newCluster(t *testing.T) *pgcluster.Cluster {
	t.Helper()
	c := pgcluster.New(t)
	c.Start(t)
	return c
}

// freePort is a loopback TCP port nobody listens on now.
func freePort(t *testing.T) int { return pgcluster.FreePort(t) }
