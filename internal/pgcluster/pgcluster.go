// Package pgcluster gives a test a throwaway PostgreSQL cluster of its
// own: initialised in a temp dir, served on a free loopback port, stopped
// and started at will (which a shared server must never be), and stopped
// when the test ends. The portfolio's tests and the CLI's use it to take
// the database away under a running command.
package pgcluster

import (
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
)

// BinEnv names the variable that points the tests at the directory of
// PostgreSQL's server binaries (initdb, pg_ctl, postgres); .ci/run sets
// it. Without it they are looked for on PATH, then under
// /usr/lib/postgresql/*/bin.
const BinEnv = "REGISTERDATA_POSTGRES_BIN"

// Cluster is a throwaway PostgreSQL cluster that a test owns. Its
// superuser is postgres, trusted without a password on loopback.
type Cluster struct {
	// Port is the loopback TCP port the server listens on.
	Port int
	// Durable, set before Start, runs the server with fsync on, as
	// PostgreSQL runs by default and in production: each commit waits
	// for the disk. Without it fsync is off, which makes the tests fast;
	// a server stopped at once (Stop) still recovers every commit, only
	// a crash of the machine could lose some. Benchmarks that compare the
	// portfolio with a bare program set it, so that both pay for their
	// commits what a production server makes them pay.
	Durable bool

	bin string   // directory of initdb and pg_ctl
	dir string   // the cluster's directory, also the socket directory
	as  []string // the command prefix that runs a binary as the cluster's owner
}

// Bin finds the directory of initdb and pg_ctl, "" if there is none.
func Bin() string {
	has := func(d string) bool {
		for _, b := range []string{"initdb", "pg_ctl", "postgres"} {
			if fi, err := os.Stat(filepath.Join(d, b)); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
				return false
			}
		}
		return true
	}
	if d := os.Getenv(BinEnv); d != "" && has(d) {
		return d
	}
	if p, err := exec.LookPath("pg_ctl"); err == nil && has(filepath.Dir(p)) {
		return filepath.Dir(p)
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int { // the newest major version first
		va, _ := strconv.Atoi(filepath.Base(filepath.Dir(a)))
		vb, _ := strconv.Atoi(filepath.Base(filepath.Dir(b)))
		return vb - va
	})
	for _, d := range dirs {
		if has(d) {
			return d
		}
	}
	return ""
}

// New initialises a cluster in a temp dir on a free loopback port, not
// started: the test calls Start when it wants the database to answer. It
// is stopped when the test ends. Without PostgreSQL's binaries the test
// is skipped, or fails when CI=true.
func New(t testing.TB) *Cluster {
	t.Helper()
	bin := Bin()
	if bin == "" {
		msg := fmt.Sprintf("no PostgreSQL server binaries (initdb, pg_ctl): set %s to their directory, put them on PATH or install Debian's postgresql", BinEnv)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	tmp := t.TempDir()
	c := &Cluster{bin: bin, dir: filepath.Join(tmp, "pg")}
	if err := os.Mkdir(c.dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		// initdb refuses root: the cluster belongs to nobody, who must be
		// able to reach its directory.
		u, err := user.Lookup("nobody")
		if err != nil {
			t.Fatalf("running as root, the cluster needs the user nobody: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		for _, d := range []string{filepath.Dir(tmp), tmp} {
			if err := os.Chmod(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := os.Chown(c.dir, uid, gid); err != nil {
			t.Fatal(err)
		}
		c.as = []string{"runuser", "-u", "nobody", "--"}
	}
	c.Port = FreePort(t)
	c.run(t, "initdb", "-D", c.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8")
	t.Cleanup(func() {
		if _, err := os.Stat(filepath.Join(c.data(), "postmaster.pid")); err == nil {
			_ = c.cmd("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop").Run()
		}
	})
	return c
}

func (c *Cluster) data() string { return filepath.Join(c.dir, "data") }

// DSN is the DSN of the cluster's database postgres, with the extra
// query parameters given (such as "connect_timeout=2"), if any.
func (c *Cluster) DSN(params ...string) string {
	dsn := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.Port)
	for _, p := range params {
		dsn += "&" + p
	}
	return dsn
}

// Start starts the server and waits until it accepts connections.
func (c *Cluster) Start(t testing.TB) {
	t.Helper()
	fsync := "off"
	if c.Durable {
		fsync = "on"
	}
	c.run(t, "pg_ctl", "-D", c.data(), "-l", filepath.Join(c.dir, "server.log"), "-w", "-t", "120",
		"-o", fmt.Sprintf("-h 127.0.0.1 -p %d -k %s -c max_connections=100 -c fsync=%s", c.Port, c.dir, fsync), "start")
}

// Stop stops the server at once, as a crash would: no connection is
// closed cleanly, committed work is recovered from the WAL at start.
func (c *Cluster) Stop(t testing.TB) {
	t.Helper()
	c.run(t, "pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
}

func (c *Cluster) cmd(name string, args ...string) *exec.Cmd {
	argv := append(append(slices.Clone(c.as), filepath.Join(c.bin, name)), args...)
	return exec.Command(argv[0], argv[1:]...)
}

// run runs one of the binaries; its failure fails the test with its
// output and the server's log.
func (c *Cluster) run(t testing.TB, name string, args ...string) {
	t.Helper()
	if out, err := c.cmd(name, args...).CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "server.log"))
		t.Fatalf("%s %v: %v\n%s\nserver log:\n%s", name, args, err, out, log)
	}
}

// FreePort is a loopback TCP port nobody listens on now.
func FreePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
