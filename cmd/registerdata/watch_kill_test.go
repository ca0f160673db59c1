package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/fake"
)

// servedLookups is the fake behind a prefix per run ("/run-N"): it
// counts, per run, the company lookups the fake answered with 200, which
// is what it bills (it charges before it writes the answer), whenever a
// killed run's last request ends.
type servedLookups struct {
	mu sync.Mutex
	n  map[string]int64
	h  http.Handler
}

var (
	runPrefix  = regexp.MustCompile(`^/run-\d+`)
	lookupPath = regexp.MustCompile(`^/v1/company/[^/]+$`)
)

func (s *servedLookups) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	run := runPrefix.FindString(r.URL.Path)
	r2 := r.Clone(r.Context())
	r2.URL.Path = strings.TrimPrefix(r.URL.Path, run)
	r2.URL.RawPath = ""
	rec := &lookupStatus{ResponseWriter: w}
	s.h.ServeHTTP(rec, r2)
	if r.Method == http.MethodGet && lookupPath.MatchString(r2.URL.Path) && rec.code == http.StatusOK {
		s.mu.Lock()
		s.n[run]++
		s.mu.Unlock()
	}
}

// count returns the lookups answered for run ("" for all runs).
func (s *servedLookups) count(run string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var n int64
	for k, v := range s.n {
		if run == "" || k == run {
			n += v
		}
	}
	return n
}

// lookupStatus records the status of an answer, 0 when nothing was
// answered (a client killed while the fake waited).
type lookupStatus struct {
	http.ResponseWriter
	code int
}

func (r *lookupStatus) Write(b []byte) (int, error) {
	if r.code == 0 {
		r.code = http.StatusOK
	}
	return r.ResponseWriter.Write(b)
}

func (r *lookupStatus) WriteHeader(code int) {
	r.code = code
	r.ResponseWriter.WriteHeader(code)
}

// TestWatchStateSurvivesKills builds the tool and runs
// "watch --once --state DIR --out FILE" against the fake, SIGKILLing it
// at points a seeded random generator chooses (at least 50 kills), then
// runs it again to the end. After every restart: every file of the state
// and every line of FILE is whole JSON; and at the end every change made
// to the register is in FILE exactly once, and the fake billed each lookup
// it answered once, every restart's reported cost being what the fake's
// books say it spent.
func TestWatchStateSurvivesKills(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the tool and runs it a hundred times")
	}
	bin := filepath.Join(t.TempDir(), "registerdata")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const startCredits = 10_000_000
	srv := fake.NewServer(fake.WithCredits(startCredits), fake.WithLatency(time.Millisecond, 4*time.Millisecond))
	t.Cleanup(srv.Close)
	served := &servedLookups{h: srv.Handler(), n: map[string]int64{}}
	front := httptest.NewServer(served)
	t.Cleanup(front.Close)
	ids := srv.CompanyIDs()[:4]
	state, out := t.TempDir(), filepath.Join(t.TempDir(), "changes.jsonl")
	args := append([]string{"watch", "--once", "--jsonl", "--state", state, "--out", out}, ids...)
	runs := 0
	run := func() (*exec.Cmd, string) {
		runs++
		prefix := fmt.Sprintf("/run-%d", runs)
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "REGISTERDATA_API_KEY="+srv.APIKey, "REGISTERDATA_BASE_URL="+front.URL+prefix, "NO_COLOR=1")
		return cmd, prefix
	}
	spent := func() int64 { return startCredits - srv.Credits(srv.APIKey) }
	complete := func(what string) {
		t.Helper()
		cmd, prefix := run()
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s", what, err, stderr.String())
		}
		m := regexp.MustCompile(`cost: (\d+) credits`).FindStringSubmatch(stderr.String())
		if want := served.count(prefix) * registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false); m == nil || m[1] != fmt.Sprint(want) {
			t.Fatalf("%s: the run reports %q, the fake answered it %d lookups (%d credits)", what, m, served.count(prefix), want)
		}
	}

	start := time.Now()
	complete("the baseline run")
	took := time.Since(start)

	r := rand.New(rand.NewPCG(29, 2026))
	made := map[string]string{} // new name -> company
	kills, cut := 0, 0
	for i := 0; kills < 50; i++ {
		if i >= 200 {
			t.Fatalf("only %d of %d runs were killed before they ended", kills, i)
		}
		for _, k := range r.Perm(len(ids))[:1+r.IntN(2)] {
			name := fmt.Sprintf("Kill %d-%d GmbH", i, k)
			if err := srv.UpdateCompany(ids[k], func(co *registerdata.Company) { co.Name.Name = name }); err != nil {
				t.Fatal(err)
			}
			made[name] = ids[k]
		}
		cmd, _ := run()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		at := time.Duration(r.Int64N(int64(took) + 1))
		timer := time.AfterFunc(at, func() { _ = cmd.Process.Signal(syscall.SIGKILL) })
		_ = cmd.Wait()
		timer.Stop()
		if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGKILL {
			kills++
		}
		killed, _ := os.ReadFile(out)
		complete(fmt.Sprintf("the restart after kill point %d (%v)", i, at))
		if now, _ := os.ReadFile(out); !bytes.HasPrefix(now, killed) {
			cut++ // the killed run appended a Set it had not stored: cut and found again
		}
		checkWhole(t, state, out)
	}

	// Every change once, none twice, none missing.
	seen := map[string]int{}
	for _, line := range readLines(t, out) {
		var set changes.Set
		if err := json.Unmarshal([]byte(line), &set); err != nil {
			t.Fatalf("torn line %q: %v", line, err)
		}
		for _, c := range set.Changes {
			if c.Field == "name" {
				seen[c.After]++
				if made[c.After] != set.EntityID {
					t.Errorf("%s reported for %s, made for %s", c.After, set.EntityID, made[c.After])
				}
			}
		}
	}
	for name := range made {
		if seen[name] != 1 {
			t.Errorf("%q reported %d times", name, seen[name])
		}
	}
	if len(seen) != len(made) {
		t.Errorf("%d names reported, %d made", len(seen), len(made))
	}
	if want := served.count("") * registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false); spent() != want {
		t.Errorf("the fake billed %d credits for %d lookups answered: want %d", spent(), served.count(""), want)
	}
	t.Logf("%d kills, %d restarts cut a line a killed run had appended, %d changes each reported once, %d lookups billed once each",
		kills, cut, len(made), served.count(""))
}

// readLines returns the lines of path; a last line without a newline is
// a torn line and fails the test.
func readLines(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > 0 && b[len(b)-1] != '\n' {
		t.Fatalf("%s ends in a torn line: %q", path, b[bytes.LastIndexByte(b, '\n')+1:])
	}
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// checkWhole fails the test unless every state file and every line of
// out is whole JSON.
func checkWhole(t *testing.T, state, out string) {
	t.Helper()
	entries, err := os.ReadDir(state)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue // a temporary file a kill left, never read
		}
		b, err := os.ReadFile(filepath.Join(state, e.Name()))
		if err != nil || !json.Valid(b) {
			t.Fatalf("state file %s is torn (%v): %.200q", e.Name(), err, b)
		}
	}
	for _, line := range readLines(t, out) {
		if !json.Valid([]byte(line)) {
			t.Fatalf("torn line in %s: %.200q", out, line)
		}
	}
}
