package fake

import (
	"math"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// The search index of a large generated register is built at start-up,
// allocating several times what it keeps. With the collector's default
// pacing the heap may then grow to twice the live heap of its last
// collection before the next one starts, which at a million companies
// took the process past 2.5 GiB while the index it keeps is 1.1 GB. So
// the build of a large register runs under a soft memory limit
// (runtime/debug.SetMemoryLimit) of what the process uses before it
// (after a collection) plus buildHeapPerCompany for each generated
// company: the collector runs more often as the heap nears the limit,
// at the cost of a few more collections. The live heap of a build stays
// well under it (at a million companies 1.3 GB of 1.8 GB), so the
// collector never runs back to back. The process's own limit is kept
// when it is lower, and restored when the last build under way ends.

// buildHeapPerCompany is the memory a build may use per generated
// company, beyond what the process used before it.
const buildHeapPerCompany = 1800

// limitedBuildAt is the size of register from which builds run under the
// limit: below it the default pacing's peak stays small.
const limitedBuildAt = 500_000

// buildLimit is the state of the limit shared by the builds under way.
var buildLimit struct {
	sync.Mutex
	builds int   // builds under way under the limit
	prev   int64 // the limit the process had before the first of them
	limit  int64 // the limit they set
}

// limitBuildHeap sets the soft memory limit for the build of the index of
// a register of n generated companies, when it is large, and returns the
// function that ends it; the limit is the process's again when no build
// under it is left.
func limitBuildHeap(n int) (end func()) {
	if n < limitedBuildAt {
		return func() {}
	}
	buildLimit.Lock()
	defer buildLimit.Unlock()
	if buildLimit.builds == 0 {
		buildLimit.prev = debug.SetMemoryLimit(-1)
		// A collection first: an index a new day's build replaces is
		// garbage now, and marking what lives is quick without it.
		runtime.GC()
		buildLimit.limit = int64(memoryInUse())
	}
	buildLimit.builds++
	if extra := int64(n) * buildHeapPerCompany; buildLimit.limit <= math.MaxInt64-extra {
		buildLimit.limit += extra
	}
	debug.SetMemoryLimit(min(buildLimit.limit, buildLimit.prev))
	return func() {
		buildLimit.Lock()
		defer buildLimit.Unlock()
		// Another build's limit stays as it is: what this one built is
		// held now, so lowering it would leave the other less room.
		if buildLimit.builds--; buildLimit.builds == 0 {
			debug.SetMemoryLimit(buildLimit.prev)
		}
	}
}

// memoryInUse returns the memory the Go runtime holds for use: what a
// memory limit counts, less the free heap it may give back to the system
// to keep within one.
func memoryInUse() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}, {Name: "/memory/classes/heap/free:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64() - s[1].Value.Uint64() - s[2].Value.Uint64()
}
