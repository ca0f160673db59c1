//go:build unix

package fake

import (
	"runtime"
	"syscall"
	"time"
)

// cpuTime returns the processor time the process has used, user and
// system: start-up figures on a shared machine read better in it than in
// wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// maxRSS returns the largest resident set the process has had so far, in
// bytes: the peak a start-up reaches, as the system sees it.
func maxRSS() uint64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return uint64(ru.Maxrss) // bytes there, kilobytes elsewhere
	}
	return uint64(ru.Maxrss) * 1024
}
