package registerdata

import (
	"context"
	"errors"
	"time"
)

// Observer watches the calls of a Client, for tracing and metrics (the
// registerdataotel module has one for OpenTelemetry). Pass it with
// WithObserver.
//
// Every call of a Client method that reaches the pipeline produces
// exactly one CallStart and, when the call ends, one CallEnd with the
// context CallStart returned: lookups, searches, writes, Do, answers from
// the cache or from a concurrent identical lookup, and calls refused by
// the credit budget. Page walks and helpers (SearchCompaniesSeq,
// GetCompaniesSeq, OwnershipTree, ...) produce one call per request they
// make. What the client refuses before building a request produces no
// call: malformed ids, invalid parameters or call options, a nil
// context, a path Do refuses. Their error wraps ErrInvalidRequest, is
// returned at once, and nothing is sent.
//
// Both methods run on the caller's goroutine, in the middle of the call:
// they must be safe for concurrent use and should return quickly.
type Observer interface {
	// CallStart is called before anything else of the call happens. The
	// context it returns carries the call: every HTTP request of the
	// call is made with it (so a tracing transport given with
	// WithHTTPClient nests its spans under the call's), and it is passed
	// to CallEnd. Returning ctx unchanged is fine; a nil context is
	// treated as ctx.
	CallStart(ctx context.Context, call CallInfo) context.Context
	// CallEnd is called once the call has ended, successful or not.
	CallEnd(ctx context.Context, call CallInfo, result CallResult)
}

// CallInfo describes a call as it starts.
type CallInfo struct {
	// Method is the HTTP method, such as "GET".
	Method string
	// Route is the method and the path template of the operation, such
	// as "GET /v1/company/{company_id}": never an id, and one of a
	// bounded set of values whatever a call sends, so it is safe as a
	// span name or a metric attribute. A method OpenTelemetry's HTTP
	// conventions do not know is named "HTTP". A path sent with Do that
	// matches no operation of the service keeps the longest start it
	// shares with one ("/v1/company/{company_id}") and has every further
	// segment replaced by "{unknown}", at most eight segments in all; a
	// deeper path ends in "{rest}".
	Route string
	// Path is the escaped path actually requested, ids included, without
	// the query string.
	Path string
	// Cost is the credits one successful attempt of the call costs (0 for
	// free calls).
	Cost int64
}

// CallResult describes how a call ended.
type CallResult struct {
	// StatusCode is the HTTP status of the last answer; 0 when no answer
	// arrived (a transport failure, a refusal before sending, or an
	// answer from the cache).
	StatusCode int
	// Attempts is how many times the request was sent; 0 when nothing
	// was sent.
	Attempts int
	// Charged is the credits the call added to Client.CreditsSpent.
	Charged int64
	// Cached reports that the answer came from the cache or from a
	// concurrent identical lookup, at no cost.
	Cached bool
	// RequestID is the X-Request-Id of the last answer, if any.
	RequestID string
	// Duration is how long the call took, waits for the rate limit and
	// between retries included.
	Duration time.Duration
	// Err is the call's error, nil on success. errors.Is(Err,
	// ErrBudgetExceeded) tells a budget refusal.
	Err error
}

// WithObserver makes o watch every call of the client (see Observer). A
// nil o is refused.
func WithObserver(o Observer) Option {
	return func(c *config) error {
		if o == nil {
			return errors.New("registerdata: WithObserver(nil): pass an Observer, such as registerdataotel.NewObserver()")
		}
		c.observer = o
		return nil
	}
}

// observed runs one call between the observer's CallStart and CallEnd:
// the first stage of the pipeline. next runs the rest of the pipeline
// with the context the observer returned; st holds its outcome.
func (c *Client) observed(ctx context.Context, r request, st *callState, next func(context.Context) error) error {
	o := c.observer
	if o == nil {
		return next(ctx)
	}
	call := CallInfo{Method: r.method, Route: st.route, Path: r.path, Cost: r.cost}
	start := time.Now()
	if octx := o.CallStart(ctx, call); octx != nil {
		ctx = octx
	}
	err := next(ctx)
	info := st.info()
	o.CallEnd(ctx, call, CallResult{
		StatusCode: info.StatusCode,
		Attempts:   info.Attempts,
		Charged:    info.Charged,
		Cached:     info.Cached,
		RequestID:  info.RequestID,
		Duration:   time.Since(start),
		Err:        err,
	})
	return err
}
