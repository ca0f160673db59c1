package fake

import (
	"math"
	"runtime"
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLimitBuildHeap: the build of a large register runs under a soft
// memory limit of what the process uses plus its share per company,
// overlapping builds add their shares, and the process's own limit is
// back when the last ends; a small register, or a process whose own
// limit is lower, keeps the process's limit.
func TestLimitBuildHeap(t *testing.T) {
	prev := debug.SetMemoryLimit(math.MaxInt64)
	defer debug.SetMemoryLimit(prev)

	end := limitBuildHeap(limitedBuildAt - 1)
	assert.Equal(t, int64(math.MaxInt64), debug.SetMemoryLimit(-1), "a small register")
	end()

	runtime.GC()
	held := int64(memoryInUse())
	endA := limitBuildHeap(limitedBuildAt)
	a := debug.SetMemoryLimit(-1)
	share := int64(limitedBuildAt) * buildHeapPerCompany
	require.InDelta(t, held+share, a, float64(share)/10, "one build")
	endB := limitBuildHeap(2 * limitedBuildAt)
	assert.Equal(t, a+2*share, debug.SetMemoryLimit(-1), "a second build adds its share")
	endA()
	assert.Equal(t, a+2*share, debug.SetMemoryLimit(-1), "the first ends: the second keeps its room")
	endB()
	assert.Equal(t, int64(math.MaxInt64), debug.SetMemoryLimit(-1), "the process's limit is back")

	debug.SetMemoryLimit(held + share/2)
	end = limitBuildHeap(limitedBuildAt)
	assert.Equal(t, held+share/2, debug.SetMemoryLimit(-1), "the process's lower limit is kept")
	end()
	assert.Equal(t, held+share/2, debug.SetMemoryLimit(-1))
}
