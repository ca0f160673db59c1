//go:build unix

package rusage

import (
	"runtime"
	"syscall"
	"time"
)

// CPU returns the processor time the process has used, user and system;
// 0 when the system does not say.
func CPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// MaxRSS returns the largest resident set the process has had so far, in
// bytes; 0 when the system does not say.
func MaxRSS() uint64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return uint64(ru.Maxrss) // bytes there, kilobytes elsewhere
	}
	return uint64(ru.Maxrss) * 1024
}
