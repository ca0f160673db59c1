package registerdata

import (
	"context"
	"fmt"
	"log/slog"
)

// The request pipeline. Every call of a Client method passes through
// these stages, top to bottom, each in its own file and each calling only
// the next:
//
//	observe        observe.go    the Observer's CallStart/CallEnd, the call's log record, WithCallTimeout
//	cache, flight  cache.go      answers from WithCache; concurrent identical lookups share one request
//	decode         decode.go     every answer, from the service, the cache or a shared lookup, decoded into the call's result
//	budget         budget.go     the call's first write is held in the credit budget, or the call is refused
//	retry          retry.go      the HTTP request; attempts, back-off and Retry-After within the cap and the context
//	(redirects)    redirect.go   the http.Client follows same-origin redirects only for requests with secrets
//	rate limit     ratelimit.go  each write waits for a token of WithRateLimit
//	write counting writes.go     each write is held in the budget before it is made and counted after
//	transport      the http.Client's transport (WithHTTPClient)
//
// The call's state (callstate.go: its route, price and retry limit, and
// what happened to it) is handed down as a parameter: the stages of the
// Client receive it, and the retry stage builds, per call, the retrying
// HTTP client whose redirect policy, rate limit, write counter and retry
// policy hold it (transportStages.forCall), since the hooks of
// http.Client and retryablehttp receive only a request or a context. No
// stage reads it back from a context.
//
// A call walks down the table and back up it: the stages that act on the
// outcome of the next (observe ends the call, cache stores the answer,
// decode decodes it, budget settles the credits, retry reads the body)
// return to their file after the next has run. Along the way the stages
// use the helpers of their concern where those live: the ids, paths and
// the call site (id.go, request.go's pathOf), the client's price table
// (prices.go), the
// call's state (callstate.go), the limits of WithCreditLimit
// (credit_limit.go), the name a route gives a method and the route of a
// path sent with Do (routes.go), the API key (secret.go), the errors
// (errors.go), the reading of a body (response_body.go), the bound on
// decoding (decode_budget.go) and the decoders of each type
// (company_decode*.go, ...).

// The rate limit sits below retry, not above it, so that every attempt
// (retries and redirects included) waits for its token, as WithRateLimit
// documents: a limit taken once per call would let a retry storm exceed it.

// do sends r with the call's options and decodes a 2xx body into out
// (when out is non-nil). Any other status becomes an *APIError.
func (c *Client) do(ctx context.Context, r request, out any, opts []CallOption) error {
	cfg := newCallConfig(opts)
	_, err := c.send(ctx, r, out, &cfg)
	return err
}

// send is do with the call's state returned, for callers that need to
// know how the attempts went (CreateMonitor's 409 after a lost answer).
// It fills the call's ResponseInfo, if any.
func (c *Client) send(ctx context.Context, r request, out any, cfg *callConfig) (*callState, error) {
	route := r.route()
	r.cost = c.priceOf(r, route)
	st := &callState{route: route, cost: r.cost, maxRetries: c.maxRetries, budget: budgetsFor(ctx, &c.budget)}
	if cfg.maxRetries >= 0 {
		st.maxRetries = cfg.maxRetries
	}
	if len(cfg.header) > 0 {
		r.header = mergeHeaders(r.header, cfg.header)
	}
	st.sensitive = r.body != nil || len(cfg.header) > 0
	var err error
	switch {
	case cfg.err != nil:
		err = cfg.err
	case r.invalid != "":
		err = fmt.Errorf("%w: %s", ErrInvalidRequest, r.invalid)
	case ctx == nil:
		err = fmt.Errorf("%w: nil context: pass context.Background() or a request's context", ErrInvalidRequest)
	default:
		err = c.observed(ctx, r, st, func(ctx context.Context) error {
			if cfg.timeout > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, cfg.timeout)
				defer cancel()
			}
			err := c.cached(ctx, r, out, st)
			c.logCall(ctx, r, st, err)
			return err
		})
	}
	if cfg.info != nil {
		*cfg.info = st.info()
	}
	return st, err
}

// logCall writes the debug record of a finished call: its route, the
// request id of the last answer and the credits it was charged, through
// the context so that a context-aware handler can add trace ids.
func (c *Client) logCall(ctx context.Context, r request, st *callState, err error) {
	if !c.logger.Enabled(ctx, slog.LevelDebug) {
		return
	}
	info := st.info()
	attrs := []slog.Attr{
		slog.String("route", st.route),
		slog.String("path", r.path),
		slog.Int("status", info.StatusCode),
		slog.String("request_id", info.RequestID),
		slog.Int64("credits", info.Charged),
		slog.Int("attempts", info.Attempts),
		slog.Bool("cached", info.Cached),
	}
	if err != nil {
		attrs = append(attrs, slog.String("error", err.Error()))
	}
	c.logger.LogAttrs(ctx, slog.LevelDebug, "registerdata: call", attrs...)
}
