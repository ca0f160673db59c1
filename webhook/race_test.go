//go:build race

package webhook

// raceEnabled: the race detector makes sync.Pool drop items at random, so
// allocation counts are not meaningful.
const raceEnabled = true
