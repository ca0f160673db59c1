package main

import (
	"bytes"
	"context"
	"errors"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/fake"
	hostilegen "github.com/registerdata/registerdata-go/internal/hostile"
)

// killSeed seeds the kill points; the test logs it.
const killSeed = 2026

// minKills is how many SIGKILLs each command takes.
const minKills = 50

// killProxy stands between the CLI and the fake: it counts the requests,
// and at the killAt-th one it SIGKILLs the CLI and waits for it to be dead
// before the request reaches the fake. The kill thus lands while the CLI
// waits for an answer, at a point chosen by counting requests, anywhere in
// a row (between the calls of one match, too), and nothing the fake
// billed is lost in flight.
type killProxy struct {
	srv     *fake.Server
	http    *httptest.Server
	mu      sync.Mutex
	proc    *os.Process   // the CLI, once started
	started chan struct{} // closed when proc is set
	exited  chan struct{} // closed when the CLI is dead
	killAt  int64         // 0: no kill
	seen    atomic.Int64
	killed  atomic.Bool
}

func newKillProxy(t *testing.T) *killProxy {
	p := &killProxy{srv: newFake(t)}
	p.http = httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(p.http.Close)
	return p
}

func (p *killProxy) serve(w http.ResponseWriter, r *http.Request) {
	n := p.seen.Add(1)
	p.mu.Lock()
	kill := p.killAt > 0 && n >= p.killAt
	started, exited := p.started, p.exited
	p.mu.Unlock()
	if kill {
		if p.killed.CompareAndSwap(false, true) {
			<-started
			p.mu.Lock()
			proc := p.proc
			p.mu.Unlock()
			_ = proc.Kill()
		}
		<-exited
		http.Error(w, "killed", http.StatusServiceUnavailable)
		return
	}
	p.srv.Handler().ServeHTTP(w, r)
}

// run runs the CLI binary with args, killed at the killAt-th request (0:
// never); it reports whether the kill happened, and the exit status and
// stderr of a run that ended by itself.
func (p *killProxy) run(t *testing.T, bin string, killAt int64, args ...string) (killed bool, code int, stderr string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Env = append(os.Environ(), "REGISTERDATA_API_KEY="+p.srv.APIKey, "REGISTERDATA_BASE_URL="+p.http.URL, "NO_COLOR=1")
	var errBuf bytes.Buffer
	cmd.Stderr = &errBuf
	exited, started := make(chan struct{}), make(chan struct{})
	p.mu.Lock()
	p.proc, p.started, p.exited, p.killAt = nil, started, exited, killAt
	p.seen.Store(0)
	p.killed.Store(false)
	p.mu.Unlock()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p.mu.Lock()
	p.proc = cmd.Process
	p.mu.Unlock()
	close(started)
	err := cmd.Wait()
	close(exited)
	p.mu.Lock()
	p.killAt = 0
	p.mu.Unlock()
	if p.killed.Load() {
		return true, -1, errBuf.String()
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return false, ee.ExitCode(), errBuf.String()
	}
	if err != nil {
		t.Fatalf("running the CLI: %v", err)
	}
	return false, 0, errBuf.String()
}

// TestKillAndResume is the kill test of "match" and "enrich": each runs
// over a small hostile input (duplicate rows, input columns named like
// the added ones, register references that cost a lookup each) and is
// SIGKILLed at seeded random requests, at least minKills times, restarted
// with --resume until it ends. Every sequence of runs must leave exactly
// the output of one uninterrupted run, byte for byte, and the fake's
// books must show exactly the credits of one uninterrupted run: nothing
// lost, nothing doubled, nothing billed twice. After each kill the output
// is absent (it is written whole at the end of a run), and no temporary
// file is left beside it.
func TestKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and runs it a few hundred times")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "registerdata")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Logf("seed %d", killSeed)
	rng := rand.New(rand.NewSource(killSeed))
	srv := newFake(t)
	ids := srv.CompanyIDs()
	// Register references of every company of the fake (each a paid
	// lookup to match), and of a few it does not hold; names, some of which
	// cost a search and a lookup (a kill between the two must not make the
	// resumed run pay the search again), some nothing.
	var refs []string
	for _, id := range ids {
		c, _ := srv.Company(id)
		refs = append(refs, "Amtsgericht "+c.Register.RegisterCourt+" "+string(c.Register.RegisterType)+" "+c.Register.RegisterNumber)
	}
	refs = append(refs, "AG Köln HRB 1", "AG Bremen HRA 77")
	for _, tc := range []struct {
		cmd, input string
	}{
		{"match", hostilegen.Customers(rng, 48, []string{"Nordlicht", "Helios", "Hafenkontor", "Kessler", "Brennwert", "Energie", "Nordlicht Solartechnik GmbH", "Solar"}, refs)},
		{"enrich", hostilegen.IDs(rng, 48, ids)},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			in := writeInput(t, "in.csv", tc.input)
			// The uninterrupted run.
			p := newKillProxy(t)
			whole := filepath.Join(t.TempDir(), "whole.csv")
			if _, code, stderr := p.run(t, bin, 0, tc.cmd, "--in", in, "--out", whole, "--concurrency", "1"); code != 0 {
				t.Fatalf("the uninterrupted run: exit %d\n%s", code, stderr)
			}
			want, err := os.ReadFile(whole)
			if err != nil {
				t.Fatal(err)
			}
			wantBilled, requests := billed(t, p.srv), p.seen.Load()
			if wantBilled < 100 || requests < 15 {
				t.Fatalf("an uninterrupted run bills %d credits in %d requests: too little to kill in", wantBilled, requests)
			}
			kills, sequences, runs := 0, 0, 0
			for kills < minKills {
				sequences++
				p := newKillProxy(t)
				outDir := t.TempDir()
				out := filepath.Join(outDir, "out.csv")
				for {
					killAt := 1 + rng.Int63n(requests)
					runs++
					killed, code, stderr := p.run(t, bin, killAt, tc.cmd, "--in", in, "--out", out, "--concurrency", "1", "--resume")
					if !killed {
						if code != 0 {
							t.Fatalf("sequence %d: a resumed run ended with exit %d\n%s", sequences, code, stderr)
						}
						break
					}
					kills++
					if _, err := os.Stat(out); !errors.Is(err, os.ErrNotExist) {
						t.Fatalf("sequence %d: after a kill the output exists (%v): a run that did not end wrote it", sequences, err)
					}
				}
				got, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("sequence %d: the resumed output differs from the uninterrupted run's:\n--- resumed\n%s--- uninterrupted\n%s", sequences, got, want)
				}
				if b := billed(t, p.srv); b != wantBilled {
					t.Fatalf("sequence %d: the fake billed %d credits, an uninterrupted run %d", sequences, b, wantBilled)
				}
				entries, _ := os.ReadDir(outDir)
				for _, e := range entries {
					if strings.HasPrefix(e.Name(), ".") {
						t.Errorf("sequence %d: a temporary file is left: %s", sequences, e.Name())
					}
				}
			}
			t.Logf("%s: %d kills in %d sequences (%d runs); %d requests and %d credits per uninterrupted run", tc.cmd, kills, sequences, runs, requests, wantBilled)
		})
	}
}
