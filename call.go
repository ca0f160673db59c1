package registerdata

import (
	"fmt"
	"net/http"
	"time"
)

// CallOption adjusts one call of a Client method: every method takes them
// last, so existing call sites keep compiling.
//
//	var info registerdata.ResponseInfo
//	co, err := c.GetCompany(ctx, id, nil,
//		registerdata.WithResponseInfo(&info),
//		registerdata.WithCallTimeout(5*time.Second))
//	log.Printf("request id %s after %d attempts", info.RequestID, info.Attempts)
type CallOption func(*callConfig)

// SeqOption is the former name of the options of the page walks
// (SearchCompaniesSeq, ...): they take CallOptions now, and MaxPages is one.
type SeqOption = CallOption

// callConfig is what the CallOptions of one call set.
type callConfig struct {
	info       *ResponseInfo
	timeout    time.Duration // 0: none beyond the context and the HTTP client
	maxRetries int           // < 0: the client's setting
	maxPages   int           // page walks only; 0: no bound
	poll       pollConfig    // WaitTransparencyExtract, and GetOwnershipHistory's waits (the timer)
	noWait     bool          // NoWait: GetOwnershipHistory only
	header     http.Header   // WithHeader; nil: none
	cost       int64         // WithCost, for Do; < 0: UnpublishedPrice
	err        error         // the first invalid option
}

func newCallConfig(opts []CallOption) callConfig {
	cfg := callConfig{maxRetries: -1, cost: -1}
	for _, o := range opts {
		if o != nil {
			o(&cfg)
		}
	}
	return cfg
}

func (c *callConfig) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// ResponseInfo describes how a call went on the wire. Pass a pointer with
// WithResponseInfo; it is filled for successful and failed calls alike,
// so an audit trail can record the request id of a success too.
type ResponseInfo struct {
	// StatusCode is the HTTP status of the last answer; 0 when no answer
	// arrived (a transport failure, or a call refused before sending).
	StatusCode int
	// RequestID is the X-Request-Id header of the last answer, the id to
	// quote to the service's support.
	RequestID string
	// Header is the header of the last answer (nil without one), so
	// Header.Get("X-Request-Id") == RequestID.
	Header http.Header
	// Attempts is how many times the request was sent: 1 without retries,
	// at least 1 for any call that got an answer, 0 when nothing was sent
	// (refused by validation or the budget, or served from the cache).
	Attempts int
	// Charged is the credits this call added to Client.CreditsSpent: the
	// price of every attempt the service answered with success, plus every
	// attempt that was sent but whose answer was lost (the service may
	// have processed and billed it).
	Charged int64
	// Cached reports that the answer cost this call nothing because it
	// came from the client's cache (WithCache; StatusCode 0, no Header),
	// or from the request of a concurrent identical lookup that this call
	// waited for (that request's StatusCode and Header). Attempts and
	// Charged are 0 then.
	Cached bool
}

// WithResponseInfo makes the call fill *info (see ResponseInfo). It
// zeroes *info at once, so a call refused before anything is sent (an
// invalid id, the budget) leaves it zero. A nil info is ignored.
func WithResponseInfo(info *ResponseInfo) CallOption {
	if info != nil {
		*info = ResponseInfo{}
	}
	return func(c *callConfig) { c.info = info }
}

// WithCallTimeout bounds the whole call, retries and their back-off
// included, to d. The context's own deadline still applies when it is
// earlier. d must be positive.
func WithCallTimeout(d time.Duration) CallOption {
	return func(c *callConfig) {
		if d <= 0 {
			c.fail(fmt.Errorf("%w: WithCallTimeout(%v): want a positive duration", ErrInvalidRequest, d))
			return
		}
		c.timeout = d
	}
}

// WithCallMaxRetries overrides the client's WithMaxRetries for one call:
// 0 sends the request once.
func WithCallMaxRetries(n int) CallOption {
	return func(c *callConfig) {
		if n < 0 || n > maxRetriesCeiling {
			c.fail(fmt.Errorf("%w: WithCallMaxRetries(%d): want 0 to %d", ErrInvalidRequest, n, maxRetriesCeiling))
			return
		}
		c.maxRetries = n
	}
}

// MaxPages stops a page walk (SearchCompaniesSeq, ...) after n pages
// (n >= 1), so it costs at most n searches. A smaller n makes the walk
// yield an error wrapping ErrInvalidRequest without sending anything.
// Other calls ignore it.
func MaxPages(n int) CallOption {
	return func(c *callConfig) {
		if n < 1 {
			c.fail(fmt.Errorf("%w: MaxPages(%d): want 1 or more", ErrInvalidRequest, n))
			return
		}
		c.maxPages = n
	}
}
