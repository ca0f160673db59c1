package searchengine

import (
	"sync"
	"sync/atomic"
)

// firstUse marks a column's lists that a bulk load (or, for numeric
// fields, the column's creation) left to be built from the documents'
// values when a search first reads them. Searches, under the engine's
// read lock, build them once under mu; changes, under its write lock,
// leave pending lists alone, as the build reads the values.
type firstUse struct {
	pending atomic.Bool
	mu      sync.Mutex
}

// build runs fn if the lists are pending, once however many searches
// call it at the same time, and returns when they are built.
func (f *firstUse) build(fn func()) {
	if !f.pending.Load() {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.pending.Load() {
		fn()
		f.pending.Store(false)
	}
}
