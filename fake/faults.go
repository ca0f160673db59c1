package fake

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Fault makes the fake misbehave for requests whose path starts with
// PathPrefix (and whose method is Method, when set), so tests can
// exercise a client's retries and timeouts.
//
// A fault without Probability applies to the next Count matching
// requests: each uses up one count, and nothing is random. With
// Probability p (0 < p <= 1), each matching request is hit with
// probability p, drawn from the server's random source (reproducible with
// WithSeed); Count then bounds how many requests it hits, and 0 means no
// bound, until ClearFaults: Fault{PathPrefix: "/v1/company/", Method:
// "GET", Probability: 0.05, Status: 503} answers 5 % of company lookups
// (and of their sub-resources, such as /owners) with 503.
//
// A fault first waits Latency (or, with LatencyMax, a latency drawn
// evenly from Latency to LatencyMax; wall time, cut short when the client
// gives up), then either drops the connection (Drop), answers with Status
// (and Retry-After when RetryAfter is set), or, with neither, lets the
// request through. For a latency on every call, see SetLatency. Requests
// to the control routes under /_fake/ (other than documents) are never
// faulted, so a test can always clear faults.
type Fault struct {
	PathPrefix  string        // "" matches every request
	Method      string        // "" matches every method
	Count       int           // how many requests it applies to; at least 1, or 0 (no bound) with Probability
	Probability float64       // 0: every matching request; else the chance, over 0 up to 1, that one is hit
	Status      int           // answer with this status, 400 to 599
	RetryAfter  time.Duration // Retry-After header with Status, in whole seconds
	Drop        bool          // close the connection without answering
	Latency     time.Duration // wall-time delay before the fault's effect (the least one with LatencyMax)
	LatencyMax  time.Duration // when set, the delay is drawn evenly from Latency to LatencyMax
}

// faultJSON is the wire form of Fault under /_fake/faults: durations in
// seconds and milliseconds rather than nanoseconds.
type faultJSON struct {
	PathPrefix        string  `json:"path_prefix,omitempty"`
	Method            string  `json:"method,omitempty"`
	Count             int     `json:"count"`
	Probability       float64 `json:"probability,omitempty"`
	Status            int     `json:"status,omitempty"`
	RetryAfterSeconds int64   `json:"retry_after_seconds,omitempty"`
	Drop              bool    `json:"drop,omitempty"`
	LatencyMillis     int64   `json:"latency_ms,omitempty"`
	LatencyMaxMillis  int64   `json:"latency_max_ms,omitempty"`
}

func (f Fault) wire() faultJSON {
	return faultJSON{
		PathPrefix: f.PathPrefix, Method: f.Method, Count: f.Count, Probability: f.Probability, Status: f.Status, Drop: f.Drop,
		RetryAfterSeconds: int64(f.RetryAfter / time.Second), LatencyMillis: f.Latency.Milliseconds(), LatencyMaxMillis: f.LatencyMax.Milliseconds(),
	}
}

func (j faultJSON) fault() Fault {
	return Fault{
		PathPrefix: j.PathPrefix, Method: j.Method, Count: j.Count, Probability: j.Probability, Status: j.Status, Drop: j.Drop,
		RetryAfter: durationOf(j.RetryAfterSeconds, time.Second), Latency: durationOf(j.LatencyMillis, time.Millisecond),
		LatencyMax: durationOf(j.LatencyMaxMillis, time.Millisecond),
	}
}

// maxLatency bounds an injected delay, so a typo cannot hang a test run.
const maxLatency = time.Minute

// maxRetryAfter bounds the Retry-After of a fault.
const maxRetryAfter = 24 * time.Hour

func (f Fault) validate() error {
	var errs []error
	switch {
	case math.IsNaN(f.Probability) || f.Probability < 0 || f.Probability > 1:
		errs = append(errs, fmt.Errorf("probability %g is out of range: over 0 up to 1 (0.05 is 5 %%), or 0 for every request", f.Probability))
	case f.Count < 0 || (f.Count == 0 && f.Probability == 0):
		errs = append(errs, fmt.Errorf("count is %d: a fault applies to at least 1 request (0, no bound, only with a probability)", f.Count))
	}
	if f.Method != "" && f.Method != strings.ToUpper(f.Method) {
		errs = append(errs, fmt.Errorf("method %q is not an upper-case HTTP method such as GET", f.Method))
	}
	if f.LatencyMax != 0 && (f.LatencyMax < f.Latency || f.LatencyMax > maxLatency) {
		errs = append(errs, fmt.Errorf("latency_max %v is out of range: from latency (%v) to %v", f.LatencyMax, f.Latency, maxLatency))
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
	if f.RetryAfter > maxRetryAfter {
		errs = append(errs, fmt.Errorf("retry-after %v is out of range: 0 to %v", f.RetryAfter, maxRetryAfter))
	}
	if f.Latency < 0 || f.Latency > maxLatency {
		errs = append(errs, fmt.Errorf("latency %v is out of range: 0 to %v", f.Latency, maxLatency))
	}
	if f.Status == 0 && !f.Drop && f.Latency == 0 && f.LatencyMax == 0 {
		errs = append(errs, errors.New("the fault does nothing: set status, drop or latency"))
	}
	return errors.Join(errs...)
}

// faults is the queue of pending faults, oldest first, and the latency
// of every call.
type faults struct {
	mu          sync.Mutex
	pending     []Fault
	least, most time.Duration // SetLatency; most 0: none
}

func (q *faults) latency() (least, most time.Duration) {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.least, q.most
}

// take uses up one count of the oldest fault matching the request that
// hits it (a fault with a probability hits with that chance, drawn from
// rnd), and returns it with its latency drawn.
func (q *faults) take(method, path string, rnd *randomness) (Fault, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for i := range q.pending {
		f := &q.pending[i]
		if !strings.HasPrefix(path, f.PathPrefix) || (f.Method != "" && f.Method != method) {
			continue
		}
		if f.Probability > 0 && f.Probability < 1 && rnd.float() >= f.Probability {
			continue
		}
		taken := *f
		taken.Latency = drawLatency(f.Latency, f.LatencyMax, rnd)
		if f.Count > 0 {
			f.Count--
			if f.Count == 0 {
				q.pending = append(q.pending[:i], q.pending[i+1:]...)
			}
		}
		return taken, true
	}
	return Fault{}, false
}

// drawLatency returns least, or with most a latency drawn evenly from
// least to most.
func drawLatency(least, most time.Duration, rnd *randomness) time.Duration {
	if most <= least {
		return least
	}
	return least + time.Duration(rnd.int64n(int64(most-least)+1))
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
// alone: /_fake/ except the presigned documents, and the health check.
func isControlPath(path string) bool {
	return path == HealthPath || (strings.HasPrefix(path, "/_fake/") && !strings.HasPrefix(path, documentsPath))
}

// withFaults waits the latency of every call (SetLatency), then applies
// the next matching fault before next handles the request.
func (s *Server) withFaults(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if isControlPath(r.URL.Path) {
			next.ServeHTTP(w, r)
			return
		}
		if least, most := s.faults.latency(); most > 0 {
			if !s.sleep(r.Context(), drawLatency(least, most, s.random)) {
				return // the client gave up while we waited
			}
		}
		f, ok := s.faults.take(r.Method, r.URL.Path, s.random)
		if !ok {
			next.ServeHTTP(w, r)
			return
		}
		if !s.sleep(r.Context(), f.Latency) {
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
