//go:build !unix

package rusage

import "time"

// CPU is not measured on this system: 0.
func CPU() time.Duration { return 0 }

// MaxRSS is not measured on this system: 0.
func MaxRSS() uint64 { return 0 }
