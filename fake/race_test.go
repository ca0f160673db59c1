//go:build race

package fake

// raceEnabled: the race detector multiplies what a program allocates and
// the time it takes, so the allocation tests (name contains "Alloc") skip
// under it; .ci/run runs them without it.
const raceEnabled = true
