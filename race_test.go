//go:build race

package registerdata_test

// raceEnabled: the race detector changes what a program allocates (and
// multiplies the time it takes), so the allocation tests (name contains
// "Alloc") skip under it; .ci/run runs them without it, where none may
// skip.
const raceEnabled = true
