//go:build unix

package rusage

import (
	"testing"
	"time"
)

// TestCountsWhatTheProcessUses spins for a while and allocates: the
// processor time grows by at least most of the spin, and the resident
// set is at least what was touched.
func TestCountsWhatTheProcessUses(t *testing.T) {
	before := CPU()
	start := time.Now()
	n := 0
	for time.Since(start) < 50*time.Millisecond {
		n++
	}
	if got := CPU() - before; got < 20*time.Millisecond {
		t.Fatalf("50 ms of spinning (%d rounds) counted as %v of processor time", n, got)
	}
	b := make([]byte, 32<<20)
	for i := range b {
		b[i] = 1
	}
	if rss := MaxRSS(); rss < uint64(len(b)) {
		t.Fatalf("max RSS %d bytes after touching %d", rss, len(b))
	}
}
