package registerdata

import (
	"context"
	"net/http"
	"sync"
)

// testHookFlightWait, when set by a test, is called each time a lookup
// starts waiting for a concurrent identical one.
var testHookFlightWait func()

// flights lets concurrent identical lookups share one request: the first
// caller of a key leads and asks the service, the others wait for its
// outcome.
type flights struct {
	mu sync.Mutex
	m  map[string]*flight
}

// flight is one request in progress. The leader sets the outcome fields
// before finish closes done; waiters read them only after done.
type flight struct {
	done chan struct{}

	body         []byte // the successful answer's body
	err          error  // the leader's error
	status       int
	header       http.Header
	leaderGaveUp bool // the leader's own context ended: its err is not an answer
}

// join returns the flight for key and true when the caller leads it (and
// must call finish), or the flight in progress and false.
func (fs *flights) join(key string) (*flight, bool) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	if f, ok := fs.m[key]; ok {
		return f, false
	}
	if fs.m == nil {
		fs.m = make(map[string]*flight)
	}
	f := &flight{done: make(chan struct{})}
	fs.m[key] = f
	return f, true
}

// finish ends the leader's flight and wakes its waiters.
func (fs *flights) finish(key string, f *flight) {
	fs.mu.Lock()
	delete(fs.m, key)
	fs.mu.Unlock()
	close(f.done)
}

// wait blocks until the flight ends or ctx does (returning ctx's error).
func (f *flight) wait(ctx context.Context) error {
	select {
	case <-f.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
