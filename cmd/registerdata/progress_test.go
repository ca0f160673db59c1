package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
)

// steppingClock advances by step on every reading.
func steppingClock(step time.Duration) func() time.Time {
	var mu sync.Mutex
	t := testNow
	return func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		t = t.Add(step)
		return t
	}
}

// TestProgressLineFitsAndRedrawsInPlace: on a terminal of 80 (and 40)
// columns every drawing of the match progress line is narrower than the
// terminal, starts with a carriage return and erases the rest of the
// line, no newline is written before the summary, and the line is erased
// before the summary.
func TestProgressLineFitsAndRedrawsInPlace(t *testing.T) {
	for _, width := range []int{80, 40} {
		h := harness{stdin: customers, setup: func(a *app) {
			a.stderrTTY = true
			a.errWidth = func() int { return width }
			a.now = steppingClock(70 * time.Millisecond)
		}}
		r := h.run(t, "--fake", "match").wantCode(t, 0)
		summary := regexp.MustCompile(`\r\x1b\[K8 rows: \d+ matched`).FindStringIndex(r.stderr)
		if summary == nil {
			t.Fatalf("width %d: the progress line is not erased before the summary:\n%q", width, r.stderr)
		}
		drawn := r.stderr[:summary[0]]
		if strings.Contains(drawn, "\n") {
			t.Errorf("width %d: a newline among the redraws stacks lines:\n%q", width, drawn)
		}
		draws := strings.Split(drawn, "\r")[1:]
		if len(draws) < 2 {
			t.Fatalf("width %d: %d drawings, want several:\n%q", width, len(draws), drawn)
		}
		for _, d := range draws {
			line, ok := strings.CutSuffix(d, "\x1b[K")
			if !ok {
				t.Errorf("width %d: a drawing does not erase the rest of the line: %q", width, d)
			}
			if w := output.Width(line); w >= width {
				t.Errorf("width %d: a progress line of %d columns: %q", width, w, line)
			}
			if !regexp.MustCompile(`^matching \d+(/8)? rows`).MatchString(line) { // standard input: the total is unknown
				t.Errorf("width %d: the count of rows was dropped: %q", width, line)
			}
		}
	}
}

// TestProgressDropsPartsInOrder: as the width shrinks, the bar goes
// first, then the rate, the time left, the rows found and credits; the
// count stays.
func TestProgressDropsPartsInOrder(t *testing.T) {
	p := &progress{verb: "matching", total: 1000, done: 250}
	order := []string{"[", "rows/s", "left", "found"}
	seen := map[string]int{}
	for w := 120; w >= 30; w-- {
		p.width = w
		line := p.line(40, 400, 10*time.Second)
		if output.Width(line) >= w {
			t.Fatalf("width %d: line of %d columns: %q", w, output.Width(line), line)
		}
		if !strings.HasPrefix(line, "matching 250/1000 rows") {
			t.Fatalf("width %d: the count was dropped: %q", w, line)
		}
		for _, part := range order {
			if strings.Contains(line, part) {
				seen[part] = w
			}
		}
	}
	for i := 1; i < len(order); i++ {
		if seen[order[i-1]] <= seen[order[i]] {
			t.Errorf("%q was dropped at width %d, not before %q (at %d)", order[i-1], seen[order[i-1]], order[i], seen[order[i]])
		}
	}
}

// TestProgressWithAnUnknownTotal: standard input streamed without --out
// has no row count; the line counts rows and shows no bar and no time
// left, at every width.
func TestProgressWithAnUnknownTotal(t *testing.T) {
	p := &progress{verb: "matching", total: -1, done: 250}
	for w := 120; w >= 30; w-- {
		p.width = w
		line := p.line(40, 400, 10*time.Second)
		if output.Width(line) >= w {
			t.Fatalf("width %d: line of %d columns: %q", w, output.Width(line), line)
		}
		if !strings.HasPrefix(line, "matching 250 rows") || strings.Contains(line, "[") || strings.Contains(line, "left") {
			t.Fatalf("width %d: %q", w, line)
		}
	}
}

// TestTerminalMatchProgress: at 80 columns the match progress line is
// redrawn in place (no drawing wider than 79 columns, no line stacked on
// another) and gives way to the summary; piped, there is none.
func TestTerminalMatchProgress(t *testing.T) {
	dir := t.TempDir()
	var in strings.Builder
	in.WriteString(strings.SplitN(customers, "\n", 2)[0] + "\n")
	for range 30 {
		in.WriteString(strings.SplitN(customers, "\n", 2)[1])
	}
	if err := os.WriteFile(filepath.Join(dir, "in.csv"), []byte(in.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	shown, code := inTerminal(t, dir, 80, "--fake", "match", "--in", "in.csv", "--out", "out.csv")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, shown)
	}
	lines := strings.Split(strings.TrimSuffix(shown, "\n"), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "cost: ") {
		t.Fatalf("want the progress ending in the summary, then the cost line; the terminal shows %d lines:\n%q", len(lines), shown)
	}
	draws := strings.Split(lines[0], "\r")
	summary := draws[len(draws)-1]
	if !strings.HasPrefix(summary, "\x1b[K240 rows: ") {
		t.Errorf("the progress line is not erased before the summary: %q", summary)
	}
	for _, d := range draws[1 : len(draws)-1] {
		d = strings.TrimSuffix(d, "\x1b[K")
		if w := output.Width(d); w > 79 || !strings.HasPrefix(d, "matching ") {
			t.Errorf("a drawing of %d columns: %q", w, d)
		}
	}
	if len(draws) < 3 {
		t.Errorf("no progress was drawn: %q", shown)
	}
	_, stderr, _ := piped(t, dir, "", "--fake", "match", "--in", "in.csv", "--out", "out2.csv")
	if strings.ContainsAny(stderr, "\r\x1b") || !strings.HasPrefix(stderr, "240 rows: ") {
		t.Errorf("piped, stderr holds a progress line:\n%q", stderr)
	}
}
