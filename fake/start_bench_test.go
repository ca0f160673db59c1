package fake

import (
	"testing"
)

// BenchmarkNewServer starts and closes a fake with the curated register
// only, as `registerdata --fake` does on every run: what a start costs
// before any request needs a part of the register.
func BenchmarkNewServer(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		s := NewServer()
		s.Close()
	}
}
