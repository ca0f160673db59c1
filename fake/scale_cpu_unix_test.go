//go:build unix

package fake

import (
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
