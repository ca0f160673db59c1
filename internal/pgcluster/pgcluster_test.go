package pgcluster_test

import (
	"net"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
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

// psql finds PostgreSQL's psql: beside initdb (the link to it followed,
// if it is one), else on PATH.
func psql(t *testing.T) string {
	t.Helper()
	initdb := filepath.Join(pgcluster.Bin(), "initdb")
	dirs := []string{pgcluster.Bin()}
	if real, err := filepath.EvalSymlinks(initdb); err == nil {
		dirs = append(dirs, filepath.Dir(real))
	}
	for _, d := range dirs {
		if p := filepath.Join(d, "psql"); exec.Command(p, "--version").Run() == nil {
			return p
		}
	}
	p, err := exec.LookPath("psql")
	if err != nil {
		t.Fatalf("no psql beside %s nor on PATH: install Debian's postgresql-client", initdb)
	}
	return p
}

// setting is the value of the server's setting name, asked through psql.
func setting(t *testing.T, c *pgcluster.Cluster, name string) string {
	t.Helper()
	out, err := exec.Command(psql(t), "-X", "-At", "-d", c.DSN(), "-c", "SHOW "+name).CombinedOutput()
	if err != nil {
		t.Fatalf("psql SHOW %s: %v\n%s", name, err, out)
	}
	return strings.TrimSpace(string(out))
}

func TestADurableClusterWaitsForTheDiskAndAThrowawayOneDoesNot(t *testing.T) {
	if testing.Short() {
		t.Skip("runs its own PostgreSQL servers")
	}
	for _, durable := range []bool{false, true} {
		c := pgcluster.New(t)
		c.Durable = durable
		c.Start(t)
		want := map[bool]string{false: "off", true: "on"}[durable]
		if got := setting(t, c, "fsync"); got != want {
			t.Errorf("Durable %v: fsync = %q, want %q", durable, got, want)
		}
		if got := setting(t, c, "synchronous_commit"); got != "on" {
			t.Errorf("Durable %v: synchronous_commit = %q, want on", durable, got)
		}
	}
}
