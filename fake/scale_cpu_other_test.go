//go:build !unix

package fake

import "time"

// cpuTime is not measured on this system.
func cpuTime() time.Duration { return 0 }

// maxRSS is not measured on this system.
func maxRSS() uint64 { return 0 }
