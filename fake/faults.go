package fake

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Fault makes the fake misbehave for the next Count requests whose path
// starts with PathPrefix, so tests can exercise a client's retries and
// timeouts. Faults are deterministic: each matching request uses up one
// count, and nothing is random.
//
// A fault first waits Latency (wall time, cut short when the client gives
// up), then either drops the connection (Drop), answers with Status (and
// Retry-After when RetryAfter is set), or, with neither, lets the request
// through. Requests to the control routes under /_fake/ (other than
// documents) are never faulted, so a test can always clear faults.
type Fault struct {
	PathPrefix string        // "" matches every request
	Count      int           // how many requests it applies to; at least 1
	Status     int           // answer with this status, 400 to 599
	RetryAfter time.Duration // Retry-After header with Status, in whole seconds
	Drop       bool          // close the connection without answering
	Latency    time.Duration // wall-time delay before the fault's effect
}

// faultJSON is the wire form of Fault under /_fake/faults: durations in
// seconds and milliseconds rather than nanoseconds.
type faultJSON struct {
	PathPrefix        string `json:"path_prefix,omitempty"`
	Count             int    `json:"count"`
	Status            int    `json:"status,omitempty"`
	RetryAfterSeconds int64  `json:"retry_after_seconds,omitempty"`
	Drop              bool   `json:"drop,omitempty"`
	LatencyMillis     int64  `json:"latency_ms,omitempty"`
}

func (f Fault) wire() faultJSON {
	return faultJSON{
		PathPrefix: f.PathPrefix, Count: f.Count, Status: f.Status, Drop: f.Drop,
		RetryAfterSeconds: int64(f.RetryAfter / time.Second), LatencyMillis: f.Latency.Milliseconds(),
	}
}

func (j faultJSON) fault() Fault {
	return Fault{
		PathPrefix: j.PathPrefix, Count: j.Count, Status: j.Status, Drop: j.Drop,
		RetryAfter: time.Duration(j.RetryAfterSeconds) * time.Second, Latency: time.Duration(j.LatencyMillis) * time.Millisecond,
	}
}

// maxLatency bounds an injected delay, so a typo cannot hang a test run.
const maxLatency = time.Minute

func (f Fault) validate() error {
	var errs []error
	if f.Count < 1 {
		errs = append(errs, fmt.Errorf("count is %d: a fault applies to at least 1 request", f.Count))
	}
	if f.Status != 0 && (f.Status < 400 || f.Status > 599) {
		errs = append(errs, fmt.Errorf("status %d is not an error status: use 400 to 599", f.Status))
	}
	if f.Status != 0 && f.Drop {
		errs = append(errs, errors.New("status and drop exclude each other: a dropped connection has no status"))
	}
	if f.RetryAfter < 0 || (f.RetryAfter > 0 && f.Status == 0) {
		errs = append(errs, errors.New("retry-after needs a status and must not be negative"))
	}
	if f.Latency < 0 || f.Latency > maxLatency {
		errs = append(errs, fmt.Errorf("latency %v is out of range: 0 to %v", f.Latency, maxLatency))
	}
	if f.Status == 0 && !f.Drop && f.Latency == 0 {
		errs = append(errs, errors.New("the fault does nothing: set status, drop or latency"))
	}
	return errors.Join(errs...)
}

// faults is the queue of pending faults, oldest first.
type faults struct {
	mu      sync.Mutex
	pending []Fault
}

// take uses up one count of the oldest fault matching path.
func (q *faults) take(path string) (Fault, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for i := range q.pending {
		f := &q.pending[i]
		if !strings.HasPrefix(path, f.PathPrefix) {
			continue
		}
		taken := *f
		f.Count--
		if f.Count == 0 {
			q.pending = append(q.pending[:i], q.pending[i+1:]...)
		}
		return taken, true
	}
	return Fault{}, false
}

func (q *faults) list() []Fault {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]Fault{}, q.pending...)
}

// InjectFault queues f. When several pending faults match a request, the
// one injected first applies. It fails, changing nothing, when f is
// invalid (no count, a status outside 400..599, nothing to do).
func (s *Server) InjectFault(f Fault) error {
	if err := f.validate(); err != nil {
		return fmt.Errorf("fake: invalid fault: %w", err)
	}
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	s.faults.pending = append(s.faults.pending, f)
	return nil
}

// ClearFaults removes every pending fault.
func (s *Server) ClearFaults() {
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	s.faults.pending = nil
}

// PendingFaults returns the faults not used up yet, with their remaining
// counts.
func (s *Server) PendingFaults() []Fault { return s.faults.list() }

// isControlPath reports whether path is a control route that faults leave
// alone: /_fake/ except the presigned documents.
func isControlPath(path string) bool {
	return strings.HasPrefix(path, "/_fake/") && !strings.HasPrefix(path, documentsPath)
}

// withFaults applies the next matching fault before next handles the request.
func (s *Server) withFaults(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isControlPath(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		f, ok := s.faults.take(r.URL.Path)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		if !sleepCtx(r.Context(), f.Latency) {
			return // the client gave up while we waited
		}
		switch {
		case f.Drop:
			dropConnection(w)
		case f.Status != 0:
			if f.RetryAfter > 0 {
				setRetryAfter(w, f.RetryAfter)
			}
			writeErrorf(w, f.Status, codeForStatus(f.Status), "injected fault: %d %s", f.Status, http.StatusText(f.Status))
		default:
			next.ServeHTTP(w, r)
		}
	})
}

// sleepCtx waits d of wall time, or until ctx is done; it reports whether
// the whole wait passed.
func sleepCtx(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return true
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// dropConnection closes the client's connection without writing a
// response. When the connection cannot be taken over (HTTP/2), it aborts
// the handler, which resets the stream.
func dropConnection(w http.ResponseWriter) {
	conn, _, err := http.NewResponseController(w).Hijack()
	if err != nil {
		panic(http.ErrAbortHandler)
	}
	_ = conn.Close()
}
