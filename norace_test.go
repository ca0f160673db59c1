//go:build !race

package registerdata_test

const raceEnabled = false
