package registerdata

import (
	"context"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"golang.org/x/time/rate"
)

// newRetryClient wraps the configured HTTP client in the retry policy:
// 429, 500, 502, 503, 504 and transport errors are retried with
// exponential back-off and jitter, honouring Retry-After; nothing else is.
func newRetryClient(cfg *config, logger *slog.Logger) *retryablehttp.Client {
	hc := cfg.httpClient
	if hc == nil {
		hc = &http.Client{Timeout: 60 * time.Second}
	}
	hc = guardRedirects(hc)
	if cfg.limit > 0 {
		copied := *hc
		copied.Transport = &limitedTransport{next: hc.Transport, limiter: rate.NewLimiter(cfg.limit, cfg.burst)}
		hc = &copied
	}
	rc := &retryablehttp.Client{
		HTTPClient:   hc,
		Logger:       nil, // logging goes through the hooks below, never with headers
		RetryWaitMin: cfg.waitMin,
		RetryWaitMax: cfg.waitMax,
		RetryMax:     maxRetriesCeiling,                     // each call's own limit is enforced by CheckRetry
		ErrorHandler: retryablehttp.PassthroughErrorHandler, // the last response decides the error
	}
	rc.CheckRetry = func(ctx context.Context, resp *http.Response, err error) (bool, error) {
		st := callStateFrom(ctx)
		if st == nil { // not sent through Client.send
			st = &callState{maxRetries: cfg.maxRetries}
		}
		st.attemptDone(resp, err)
		retry, checkErr := shouldRetry(ctx, resp, err, cfg.maxRetryAfter)
		return retry && st.mayRetry(), checkErr
	}
	rc.Backoff = func(lo, hi time.Duration, attempt int, resp *http.Response) time.Duration {
		wait := backoff(lo, hi, attempt, resp)
		ctx, route := context.Background(), ""
		if resp != nil && resp.Request != nil {
			ctx = resp.Request.Context()
			if st := callStateFrom(ctx); st != nil {
				route = st.route
			}
		}
		logger.WarnContext(ctx, "registerdata: retrying", "route", route, "attempt", attempt+1, "wait", wait,
			"status", statusOf(resp), "request_id", requestIDOf(resp))
		return wait
	}
	rc.RequestLogHook = func(_ retryablehttp.Logger, req *http.Request, attempt int) {
		ctx := req.Context()
		logger.DebugContext(ctx, "registerdata: request", "route", routeFrom(ctx), "method", req.Method, "path", req.URL.Path, "attempt", attempt+1)
	}
	rc.ResponseLogHook = func(_ retryablehttp.Logger, resp *http.Response) {
		var method, path string
		ctx := context.Background()
		if resp.Request != nil { // set by real transports; a test double may leave it out
			method, path, ctx = resp.Request.Method, resp.Request.URL.Path, resp.Request.Context()
		}
		logger.DebugContext(ctx, "registerdata: response", "route", routeFrom(ctx), "method", method, "path", path,
			"status", resp.StatusCode, "request_id", requestIDOf(resp))
	}
	return rc
}

func requestIDOf(resp *http.Response) string {
	if resp == nil {
		return ""
	}
	return resp.Header.Get("X-Request-Id")
}

// routeFrom is the route of the call whose context ctx is, or "".
func routeFrom(ctx context.Context) string {
	if st := callStateFrom(ctx); st != nil {
		return st.route
	}
	return ""
}

func statusOf(resp *http.Response) int {
	if resp == nil {
		return 0
	}
	return resp.StatusCode
}

// retryableStatus reports the statuses worth another attempt: the service
// may succeed later. 400, 401, 402 and 404 never change by retrying.
func retryableStatus(code int) bool {
	switch code {
	case http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// maxRetriesCeiling bounds WithMaxRetries and WithCallMaxRetries, so a
// typo cannot make a call retry for hours.
const maxRetriesCeiling = 100

// shouldRetry is the retry policy of one attempt's outcome. The
// service's x-should-retry header, when it says "true" or "false",
// decides over the status, as in the service's official clients: the
// fake sends "false" with answers that cannot change by retrying, such
// as 409 for a monitor that already exists.
func shouldRetry(ctx context.Context, resp *http.Response, err error, maxRetryAfter time.Duration) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if resp != nil {
		switch resp.Header.Get("X-Should-Retry") {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
	}
	if err != nil {
		// Transport errors: retryablehttp's policy already refuses the
		// hopeless ones (bad scheme, too many redirects, TLS trust).
		return retryablehttp.DefaultRetryPolicy(ctx, resp, err)
	}
	if !retryableStatus(resp.StatusCode) {
		return false, nil
	}
	if d, ok := retryAfter(resp, time.Now()); ok && d > maxRetryAfter {
		return false, nil // the service asks for a longer pause than we wait; report it
	}
	return true, nil
}

// backoff waits as Retry-After says when the service sent it; otherwise
// exponentially from min, capped at max, with "equal jitter": half the
// step fixed and half random, so clients that failed together spread out.
func backoff(lo, hi time.Duration, attempt int, resp *http.Response) time.Duration {
	if d, ok := retryAfter(resp, time.Now()); ok {
		return d
	}
	step := lo << min(attempt, 30)
	if step <= 0 || step > hi {
		step = hi
	}
	half := step / 2
	return half + rand.N(half+1)
}

// retryAfter parses the Retry-After header of a 429 or 503 answer, in
// either of its forms: delay-seconds or an HTTP-date.
func retryAfter(resp *http.Response, now time.Time) (time.Duration, bool) {
	if resp == nil || (resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable) {
		return 0, false
	}
	v := resp.Header.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		return time.Duration(min(secs, int64(24*time.Hour/time.Second))) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// limitedTransport waits on a token bucket before every attempt.
type limitedTransport struct {
	next    http.RoundTripper
	limiter *rate.Limiter
}

// RoundTrip waits for a token, then sends req with the next transport
// (http.DefaultTransport when nil). When the request's context ends first,
// it closes the body and returns the context's error without sending.
func (t *limitedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := t.limiter.Wait(req.Context()); err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	next := t.next
	if next == nil {
		next = http.DefaultTransport
	}
	return next.RoundTrip(req)
}
