// Package race says whether the program was built with the race detector.
//
// The race detector changes what a program allocates (sync.Pool drops
// items at random) and multiplies the time it takes, so the tests that
// count allocations (their names contain "Alloc") skip when Enabled is
// true; .ci/run runs them without -race, where none may skip.
package race
