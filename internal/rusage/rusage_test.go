//go:build unix

package rusage

import (
	"testing"
)

// TestCPUNeverGoesBackAndCountsWork: the processor time is never
// negative, never decreases between reads, and grows while the process
// works. The work is counted in rounds, not in time: under load the
// wall clock says nothing of what the process was given, so no figure
// of time is asserted, only that some was counted.
func TestCPUNeverGoesBackAndCountsWork(t *testing.T) {
	before := CPU()
	if before < 0 {
		t.Fatalf("processor time %v is negative", before)
	}
	const chunk, maxChunks = 1 << 20, 1 << 14 // up to 2^34 rounds: far past any clock's resolution
	prev, x := before, uint64(1)
	for i := range maxChunks {
		for range chunk {
			x = x*6364136223846793005 + 1442695040888963407
		}
		now := CPU()
		if now < prev {
			t.Fatalf("processor time went back from %v to %v", prev, now)
		}
		prev = now
		if now > before {
			t.Logf("processor time grew after %d rounds (%d)", (i+1)*chunk, x%2)
			return
		}
	}
	t.Fatalf("%d rounds of work counted no processor time (still %v)", maxChunks*chunk, before)
}

// TestMaxRSSCountsWhatWasTouched: the largest resident set is at least
// what the process touched, and never decreases.
func TestMaxRSSCountsWhatWasTouched(t *testing.T) {
	first := MaxRSS()
	b := make([]byte, 32<<20)
	for i := range b {
		b[i] = 1
	}
	rss := MaxRSS()
	if rss < uint64(len(b)) {
		t.Fatalf("max RSS %d bytes after touching %d", rss, len(b))
	}
	if rss < first {
		t.Fatalf("max RSS went back from %d to %d", first, rss)
	}
}
