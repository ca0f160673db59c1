package fake

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// SetLatency makes every request outside the control routes wait a
// latency drawn evenly from least to most (wall time, cut short when the
// client gives up) before anything else happens to it, faults included:
// SetLatency(20*time.Millisecond, 80*time.Millisecond) makes every call
// take 20-80 ms. The draws come from the server's random source, so
// WithSeed repeats them. Zero for both turns it off. It fails, changing
// nothing, on negative values, most below least or most above a minute.
//
// The wait is wall time, not the fake clock: it is what a client's
// timeouts and deadlines see, and a fake clock that stands still would
// make it vanish. Tests that must not wait give the fake a context
// deadline instead, or use faults with a status.
func (s *Server) SetLatency(least, most time.Duration) error {
	if err := checkLatency(least, most); err != nil {
		return fmt.Errorf("fake: %w", err)
	}
	s.faults.mu.Lock()
	defer s.faults.mu.Unlock()
	s.faults.least, s.faults.most = least, most
	return nil
}

// WithLatency is SetLatency from the start; invalid values are ignored
// (call SetLatency for the error).
func WithLatency(least, most time.Duration) Option {
	return withSetup(func(s *Server) { _ = s.SetLatency(least, most) })
}

// latencyJSON is the body of GET and PUT /_fake/latency.
type latencyJSON struct {
	MinMillis *int64 `json:"min_ms"`
	MaxMillis *int64 `json:"max_ms"`
}

func (s *Server) handleGetLatency(w http.ResponseWriter, _ *http.Request) {
	least, most := s.faults.latency()
	lm, mm := least.Milliseconds(), most.Milliseconds()
	writeJSON(w, http.StatusOK, latencyJSON{MinMillis: &lm, MaxMillis: &mm})
}

// handlePutLatency is PUT /_fake/latency {"min_ms", "max_ms"}: SetLatency.
func (s *Server) handlePutLatency(w http.ResponseWriter, r *http.Request) {
	var body latencyJSON
	if !decodeBody(w, r, &body) {
		return
	}
	if body.MinMillis == nil || body.MaxMillis == nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, `send {"min_ms": n, "max_ms": m}; {"min_ms": 0, "max_ms": 0} turns the latency off`)
		return
	}
	if err := s.SetLatency(durationOf(*body.MinMillis, time.Millisecond), durationOf(*body.MaxMillis, time.Millisecond)); err != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusOK, body)
}

// sleep waits d of wall time, or until ctx is done, and reports whether
// the whole wait passed; tests replace it (server.sleeper) to record the
// waits instead of sleeping.
func (s *Server) sleep(ctx context.Context, d time.Duration) bool {
	if s.sleeper != nil {
		return s.sleeper(ctx, d)
	}
	return sleepCtx(ctx, d)
}
