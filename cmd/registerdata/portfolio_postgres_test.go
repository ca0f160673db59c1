package main

import (
	"net/url"
	"testing"

	"github.com/registerdata/registerdata-go/internal/pgcluster"
)

// newPGCluster initialises a throwaway PostgreSQL cluster on a free
// loopback port, not started: the test starts it when it wants the
// database to answer, and may stop it at will. It is stopped when the
// test ends.
func newPGCluster(t *testing.T) *pgcluster.Cluster {
	t.Helper()
	if testing.Short() {
		t.Skip("runs its own PostgreSQL server")
	}
	return pgcluster.New(t)
}

// pgDSN is the DSN of the cluster's database postgres with a password
// (the cluster trusts every loopback connection: it is never checked),
// so that a test sees that it is never printed.
func pgDSN(t *testing.T, c *pgcluster.Cluster) string {
	t.Helper()
	u, err := url.Parse(c.DSN("connect_timeout=2"))
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword("postgres", pgPassword)
	return u.String()
}

// pgPassword is the password in a cluster's DSN.
const pgPassword = "cluster-pass-w0rd"
