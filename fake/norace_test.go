//go:build !race

package fake

const raceEnabled = false
