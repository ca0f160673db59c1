package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/fake"
)

var update = flag.Bool("update", false, "rewrite the golden files of the table tests")

// testNow is the clock of the tests: representatives current on this day.
var testNow = time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)

// result is what one run of the tool produced.
type result struct {
	code           int
	stdout, stderr string
}

// syncBuffer is a bytes.Buffer safe for the concurrent writes of
// "webhook listen".
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// harness runs the tool in-process with a fixed environment.
type harness struct {
	env   map[string]string
	stdin string
	setup func(*app)
}

func (h harness) run(t *testing.T, args ...string) result {
	t.Helper()
	var stdout, stderr syncBuffer
	env := map[string]string{"COLUMNS": "100"}
	for k, v := range h.env {
		env[k] = v
	}
	a := &app{
		ctx:    context.Background(),
		stdin:  strings.NewReader(h.stdin),
		stdout: &stdout,
		stderr: &stderr,
		getenv: func(k string) string { return env[k] },
		budget: -1,
		now:    func() time.Time { return testNow },
	}
	if h.setup != nil {
		h.setup(a)
	}
	code := a.main(args)
	return result{code: code, stdout: stdout.String(), stderr: stderr.String()}
}

// cli runs the tool with no environment but $COLUMNS=100.
func cli(t *testing.T, args ...string) result {
	t.Helper()
	return harness{}.run(t, args...)
}

// against returns a harness whose API key and base URL point at srv, so
// that several commands share the fake's state.
func against(srv *fake.Server) harness {
	return harness{env: map[string]string{"REGISTERDATA_API_KEY": srv.APIKey, "REGISTERDATA_BASE_URL": srv.URL}}
}

// wantCode fails the test unless r ended with the status.
func (r result) wantCode(t *testing.T, code int) result {
	t.Helper()
	if r.code != code {
		t.Fatalf("exit status %d, want %d\nstdout:\n%s\nstderr:\n%s", r.code, code, r.stdout, r.stderr)
	}
	return r
}

// golden compares got with testdata/name.golden, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run go test -update after checking it):\n--- got\n%s--- want\n%s", path, got, want)
	}
}

// fetchRaw returns the body the fake answers to an authenticated GET or
// POST, to compare --json output with.
func newFake(t *testing.T, opts ...fake.Option) *fake.Server {
	t.Helper()
	srv := fake.NewServer(opts...)
	t.Cleanup(srv.Close)
	return srv
}

// fixedClock makes the fake's dates (ages, credit periods, realtime
// documents) those of testNow.
func fixedClock(a *app) {
	a.fakeOptions = append(a.fakeOptions, fake.WithClock(fake.NewClock(testNow)))
}

// TestTerminalWidthComesFirst: the terminal's own width is used before
// $COLUMNS, which is used before the default.
func TestTerminalWidthComesFirst(t *testing.T) {
	for _, tc := range []struct {
		term    int
		columns string
		want    int
	}{
		{80, "100", 80}, {0, "120", 120}, {0, "", 100}, {0, "abc", 100}, {5, "60", 60},
	} {
		a := &app{termWidth: func() int { return tc.term }, getenv: func(k string) string {
			if k == "COLUMNS" {
				return tc.columns
			}
			return ""
		}}
		if got := a.width(); got != tc.want {
			t.Errorf("terminal %d, COLUMNS %q: width %d, want %d", tc.term, tc.columns, got, tc.want)
		}
	}
}

// TestEveryTableAtExtremeWidths renders the tables of several commands on
// very narrow and very wide terminals: they must still succeed, and on a
// wide one no line may be padded with trailing spaces.
func TestEveryTableAtExtremeWidths(t *testing.T) {
	commands := [][]string{
		{"company", "get", nordlicht, "--history"},
		{"company", "owners", nordlicht},
		{"company", "tree", nordlicht},
		{"company", "financials", nordlicht},
		{"search", "companies", "--filter", "legal_form in gmbh,ag"},
		{"search", "insolvencies"},
		{"person", "get", albers},
	}
	for _, width := range []int{1, 20, 37, 200} {
		h := harness{env: map[string]string{"COLUMNS": strconv.Itoa(width)}}
		for _, args := range commands {
			r := h.run(t, append([]string{"--fake"}, args...)...)
			if r.code != 0 {
				t.Errorf("COLUMNS=%d %v: exit %d, stderr %q", width, args, r.code, r.stderr)
			}
			for _, line := range strings.Split(r.stdout, "\n") {
				if strings.HasSuffix(line, " ") {
					t.Errorf("COLUMNS=%d %v: trailing spaces in %q", width, args, line)
				}
			}
		}
	}
}

// billed is what the fake's books say srv billed its key so far.
func billed(t *testing.T, srv *fake.Server) int64 {
	t.Helper()
	u, ok := srv.CreditUsage(srv.APIKey)
	if !ok {
		t.Fatal("the fake does not know its own key")
	}
	return u.Used
}
