// Package rusage reads what the process has used so far, as the system
// counts it, for benchmarks: on a shared machine, processor time reads a
// benchmark's cost better than wall time, which other processes stretch.
package rusage
