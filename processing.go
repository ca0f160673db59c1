package registerdata

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// ErrProcessing: the service is still working on the answer (it answered
// 202, not billed) and the call was made with NoWait. Ask again after the
// error's RetryAfter; errors.As gives the *ProcessingError.
var ErrProcessing = errors.New("registerdata: still processing")

// DefaultProcessingWait is how long a call waits before asking again
// after a 202 "still processing" answer that carries no Retry-After: the
// 30 seconds the service's documentation of the historical owners gives.
const DefaultProcessingWait = 30 * time.Second

// minProcessingWait is the shortest wait between two requests of a
// processing answer: a Retry-After of 0 (or a date in the past) waits
// this long, so a service that keeps answering 202 cannot make the
// client ask in a tight loop.
const minProcessingWait = time.Second

// ProcessingError is a 202 answer of an operation that answers 202 while
// the service is still preparing the result (the ownership history of a
// company not processed yet): nothing was billed and the body is not the
// result. errors.Is(err, ErrProcessing) is true for it. GetOwnershipHistory
// waits and asks again by itself; with NoWait it returns this error.
type ProcessingError struct {
	// Method, Path and Route are the request ("GET",
	// "/v1/company/DE-.../owners/historical") and its operation
	// ("GET /v1/company/{company_id}/owners/historical").
	Method, Path, Route string
	// CompanyID is the company asked about, when the operation takes one.
	CompanyID string
	// RetryAfter is how long to wait before asking again: the answer's
	// Retry-After, else DefaultProcessingWait.
	RetryAfter time.Duration
	// RequestID is the X-Request-Id header of the answer, when present.
	RequestID string
}

// Error says what is still processing and when to ask again.
func (e *ProcessingError) Error() string {
	what := "the answer of " + e.Method + " " + e.Path
	if e.CompanyID != "" && e.Route == historyRoute {
		what = "the ownership history of " + e.CompanyID
	}
	msg := fmt.Sprintf("registerdata: %s %s: the service is still processing %s (202, not billed): ask again after %s, or call without NoWait to wait for it",
		e.Method, e.Path, what, e.RetryAfter)
	if e.RequestID != "" {
		msg += " [request id " + e.RequestID + "]"
	}
	return msg
}

// Is makes errors.Is(err, ErrProcessing) true.
func (e *ProcessingError) Is(target error) bool { return target == ErrProcessing }

// newProcessingError is the error of a 202 "still processing" answer.
func newProcessingError(r request, route string, resp *http.Response, now time.Time) *ProcessingError {
	wait, ok := retryAfterHeader(resp.Header, now)
	if !ok {
		wait = DefaultProcessingWait
	}
	return &ProcessingError{Method: r.method, Path: r.path, Route: route, RetryAfter: max(wait, minProcessingWait), RequestID: requestIDOf(resp)}
}

// NoWait makes GetOwnershipHistory return at the first 202 "still
// processing" answer with a *ProcessingError (errors.Is(err,
// ErrProcessing)) instead of waiting and asking again. Nothing is billed
// for that answer. Other calls ignore it.
func NoWait() CallOption {
	return func(c *callConfig) { c.noWait = true }
}

// sendProcessed sends r until its answer is no longer "still processing":
// after each 202 (a *ProcessingError) it waits the answer's RetryAfter
// through the call's poll timer (WithPollTimer; time.After without one)
// and asks again, within ctx, unless the call has NoWait. subject is the
// company id the error names. WithCallTimeout bounds the whole, waits
// included; the call's ResponseInfo describes the last answer, with the
// Attempts and Charged of every request made.
func (c *Client) sendProcessed(ctx context.Context, r request, out any, subject string, opts []CallOption) error {
	cfg := newCallConfig(opts)
	if cfg.timeout > 0 && ctx != nil && cfg.err == nil {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, cfg.timeout)
		defer cancel()
	}
	after := cfg.poll.after
	if after == nil {
		after = time.After
	}
	var attempts int
	var charged int64
	for {
		st, err := c.send(ctx, r, out, &cfg)
		attempts, charged = attempts+st.attempts, charged+st.charged
		if cfg.info != nil {
			cfg.info.Attempts, cfg.info.Charged = attempts, charged
		}
		var pe *ProcessingError
		if !errors.As(err, &pe) {
			return err
		}
		pe.CompanyID = subject
		if cfg.noWait {
			return err
		}
		c.logger.InfoContext(ctx, "registerdata: still processing", "route", st.route, "wait", pe.RetryAfter, "request_id", pe.RequestID)
		select {
		case <-ctx.Done():
			return fmt.Errorf("registerdata: %s %s: waiting %s for the service to finish processing: %w", r.method, r.path, pe.RetryAfter, ctx.Err())
		case <-after(pe.RetryAfter):
		}
	}
}
