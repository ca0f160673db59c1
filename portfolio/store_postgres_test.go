package portfolio_test

import (
	"flag"
	"sync"
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

// durablePostgres is the -pg.durable flag of the benchmarks that hold the
// portfolio against a bare program on PostgreSQL.
var durablePostgres = flag.Bool("pg.durable", true,
	"the PostgreSQL side of BenchmarkJobs, BenchmarkIntake, BenchmarkEvents and BenchmarkImportByID runs on a throwaway cluster of its own with fsync on, as production runs; false runs it on the server of "+postgresEnv+" (.ci/run's has fsync off)")

// durableServers holds the base DSN of each benchmark's durable cluster,
// keyed by the benchmark.
var durableServers sync.Map

// benchPostgresDSN creates a database for a benchmark that compares the
// portfolio with a bare program and returns its DSN; it is dropped at the
// end. With -pg.durable (the default) the database is on a throwaway
// cluster of the benchmark's own with fsync on (pgcluster's Durable),
// started at its first call and stopped when it ends: a commit costs
// what it costs on a production server, on both sides. The server of
// REGISTERDATA_POSTGRES_DSN is a shared one with fsync off (.ci/run's),
// on which a commit costs next to nothing and the figures say how the
// two sides use the processor, not the database. A durable cluster needs
// PostgreSQL's server binaries: without them the benchmark skips, as
// pgcluster.New does (and fails with CI=true); -pg.durable=false needs
// only the DSN.
func benchPostgresDSN(b *testing.B) string {
	b.Helper()
	if !*durablePostgres {
		return postgresDSN(b)
	}
	base, ok := durableServers.Load(b)
	if !ok {
		c := pgcluster.New(b)
		c.Durable = true
		c.Start(b)
		base = c.DSN()
		durableServers.Store(b, base)
		b.Cleanup(func() { durableServers.Delete(b) })
	}
	return newDatabase(b, base.(string), "")
}
