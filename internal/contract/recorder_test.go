package contract

import (
	"fmt"
	"sync"
	"testing"
)

// recorder is a testing.TB that keeps what the checker reports with
// Errorf instead of failing the test, so tests can assert on violations.
type recorder struct {
	testing.TB // the real test, for Helper, Logf and Fatalf

	mu     sync.Mutex
	errors []string
}

func newRecorder(t testing.TB) *recorder { return &recorder{TB: t} }

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) reported() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.errors...)
}
