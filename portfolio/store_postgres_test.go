package portfolio_test

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

// postgresBinEnv names the variable that points the tests at the
// directory of PostgreSQL's server binaries (initdb, pg_ctl); .ci/run
// sets it. Without it they are looked for on PATH, then under
// /usr/lib/postgresql/*/bin.
const postgresBinEnv = "REGISTERDATA_POSTGRES_BIN"

// cluster is a throwaway PostgreSQL cluster that a test owns: it may stop
// and start it at will, which the shared server of REGISTERDATA_POSTGRES_DSN
// must never be.
type cluster struct {
	bin  string   // directory of initdb and pg_ctl
	dir  string   // the cluster's directory, also the socket directory
	as   []string // the command prefix that runs a binary as the cluster's owner
	port int
}

// postgresBin finds the directory of initdb and pg_ctl, "" if none.
func postgresBin() string {
	has := func(d string) bool {
		for _, b := range []string{"initdb", "pg_ctl", "postgres"} {
			if fi, err := os.Stat(filepath.Join(d, b)); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
				return false
			}
		}
		return true
	}
	if d := os.Getenv(postgresBinEnv); d != "" && has(d) {
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

// newCluster initialises a cluster in a temp dir and starts it on a free
// loopback port; it is stopped when the test ends. Without PostgreSQL's
// binaries the test is skipped, or fails with CI=true.
func newCluster(t *testing.T) *cluster {
	t.Helper()
	bin := postgresBin()
	if bin == "" {
		msg := fmt.Sprintf("no PostgreSQL server binaries (initdb, pg_ctl): set %s to their directory, put them on PATH or install Debian's postgresql", postgresBinEnv)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	tmp := t.TempDir()
	c := &cluster{bin: bin, dir: filepath.Join(tmp, "pg")}
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
	c.port = freePort(t)
	c.run(t, "initdb", "-D", c.data(), "-U", "postgres", "--auth=trust", "-E", "UTF8")
	t.Cleanup(func() {
		if _, err := os.Stat(filepath.Join(c.data(), "postmaster.pid")); err == nil {
			_ = c.cmd("pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop").Run()
		}
	})
	c.start(t)
	return c
}

func (c *cluster) data() string { return filepath.Join(c.dir, "data") }

// dsn is the DSN of the cluster's database postgres.
func (c *cluster) dsn() string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", c.port)
}

// start starts the server and waits until it accepts connections.
func (c *cluster) start(t *testing.T) {
	t.Helper()
	c.run(t, "pg_ctl", "-D", c.data(), "-l", filepath.Join(c.dir, "server.log"), "-w", "-t", "120",
		"-o", fmt.Sprintf("-h 127.0.0.1 -p %d -k %s -c max_connections=100 -c fsync=off", c.port, c.dir), "start")
}

// stop stops the server at once, as a crash would: no connection is
// closed cleanly, committed work is recovered from the WAL at start.
func (c *cluster) stop(t *testing.T) {
	t.Helper()
	c.run(t, "pg_ctl", "-D", c.data(), "-m", "immediate", "-w", "stop")
}

func (c *cluster) cmd(name string, args ...string) *exec.Cmd {
	argv := append(append(slices.Clone(c.as), filepath.Join(c.bin, name)), args...)
	return exec.Command(argv[0], argv[1:]...)
}

// run runs one of the binaries; its failure fails the test with its
// output and the server's log.
func (c *cluster) run(t *testing.T, name string, args ...string) {
	t.Helper()
	if out, err := c.cmd(name, args...).CombinedOutput(); err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "server.log"))
		t.Fatalf("%s %v: %v\n%s\nserver log:\n%s", name, args, err, out, log)
	}
}

// freePort is a loopback TCP port nobody listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
