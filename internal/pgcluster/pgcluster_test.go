package pgcluster_test

import (
	"net"
	"strconv"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/internal/pgcluster"
)

// dials reports whether something accepts a connection on the port.
func dials(port int) bool {
	c, err := net.DialTimeout("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)), 2*time.Second)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

func TestAClusterAnswersOnlyWhileStarted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs its own PostgreSQL server")
	}
	c := pgcluster.New(t)
	if dials(c.Port) {
		t.Fatalf("port %d answers before Start", c.Port)
	}
	c.Start(t)
	if !dials(c.Port) {
		t.Fatalf("port %d does not answer after Start", c.Port)
	}
	c.Stop(t)
	if dials(c.Port) {
		t.Fatalf("port %d still answers after Stop", c.Port)
	}
	c.Start(t)
	if !dials(c.Port) {
		t.Fatalf("port %d does not answer after a second Start", c.Port)
	}
}

func TestDSNCarriesThePortAndTheParameters(t *testing.T) {
	c := &pgcluster.Cluster{Port: 5999}
	if got, want := c.DSN("connect_timeout=2"), "postgres://postgres@127.0.0.1:5999/postgres?sslmode=disable&connect_timeout=2"; got != want {
		t.Fatalf("DSN = %q, want %q", got, want)
	}
}
