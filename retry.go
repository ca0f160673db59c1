package registerdata

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/hashicorp/go-retryablehttp"
	"golang.org/x/time/rate"
)

// retried is the retry stage: it sends the request through the retrying
// HTTP client built for the call (the policy below, and the stages under
// it holding st), records the last answer in st and reads a 2xx answer's
// body. Any other status becomes an *APIError. A 2xx the route does not
// define as its result (routeAnswers) is not read as one: a status still
// processing becomes a *ProcessingError, one the route does not define a
// *ResponseError; a call of Do (anyAnswer) takes every 2xx.
func (c *Client) retried(ctx context.Context, r request, st *callState) ([]byte, error) {
	req, err := c.newRequest(ctx, r)
	if err != nil {
		return nil, err
	}
	resp, err := c.http.forCall(st).Do(req)
	if err != nil {
		if resp != nil {
			resp.Body.Close()
		}
		if st.budgetErr != nil {
			return nil, fmt.Errorf("registerdata: %s %s: %w (an attempt whose answer was lost counts as charged, and the budget cannot hold another)", r.method, r.path, st.budgetErr)
		}
		return nil, c.transportError(ctx, r, err)
	}
	defer resp.Body.Close()
	st.answered(resp)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, newAPIError(r, resp)
	}
	if !r.anyAnswer {
		switch a := answerOf(st.route, resp.StatusCode); a.kind {
		case answerProcessing:
			return nil, newProcessingError(r, st.route, resp, time.Now())
		case answerUndefined:
			body, _ := readLimited(resp.Body, -1, maxErrorBytes)
			return nil, &ResponseError{Method: r.method, Path: r.path, StatusCode: resp.StatusCode, RequestID: requestIDOf(resp),
				Body:   keptBody(body, requestSecrets(r, resp.Request)),
				Reason: fmt.Sprintf("%s defines no %d answer, so its body is not taken as the result (counted as charged)", st.route, resp.StatusCode)}
		}
	}
	body, err := readLimited(resp.Body, resp.ContentLength, maxResponseBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: %s %s: reading the %d answer: %w", ErrUnexpectedResponse, r.method, r.path, resp.StatusCode, err)
	}
	return body, nil
}

// newRequest builds the HTTP request of r, with the client's credential
// and headers.
func (c *Client) newRequest(ctx context.Context, r request) (*retryablehttp.Request, error) {
	u := c.baseURL.String() + r.path // r.path is escaped; the base has no query
	if q := r.query.Encode(); q != "" {
		u += "?" + q
	}
	var body []byte
	if r.body != nil {
		var err error
		if body, err = json.Marshal(r.body); err != nil {
			return nil, fmt.Errorf("%w: %s %s: encoding the body: %v", ErrInvalidRequest, r.method, r.path, err)
		}
	}
	var rawBody any // a nil []byte would still send Content-Length: 0
	if body != nil {
		rawBody = body
	}
	req, err := retryablehttp.NewRequestWithContext(ctx, r.method, u, rawBody)
	if err != nil {
		return nil, fmt.Errorf("registerdata: %s %s: %w", r.method, r.path, err)
	}
	for k, vs := range r.header {
		req.Header[k] = vs
	}
	req.Header.Set("Authorization", "Bearer "+c.apiKey())
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", c.userAgent)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return req, nil
}

// transportStages is what the stages under the retry stage are made of,
// once per client: the configured HTTP client (WithHTTPClient), the rate
// limit's token bucket and the retry policy. Each call gets its own
// retrying client from them (forCall), whose stages hold the call's
// state.
type transportStages struct {
	hc      *http.Client  // a copy of the configured client; never modified
	limiter *rate.Limiter // nil without WithRateLimit
	policy  retryPolicy
	logger  *slog.Logger
}

// newTransportStages makes the stages of a client configured by cfg.
func newTransportStages(cfg *config, logger *slog.Logger) *transportStages {
	s := &transportStages{
		policy: retryPolicy{waitMin: cfg.waitMin, waitMax: cfg.waitMax, maxRetryAfter: cfg.maxRetryAfter, logger: logger},
		logger: logger,
	}
	if cfg.httpClient != nil {
		hc := *cfg.httpClient // as given: later changes to it do not reach the client
		s.hc = &hc
	} else {
		s.hc = &http.Client{Timeout: 60 * time.Second, Transport: defaultTransport()}
	}
	if cfg.limit > 0 {
		s.limiter = rate.NewLimiter(cfg.limit, cfg.burst)
	}
	return s
}

// callClient is the retrying HTTP client of one call, with the stages
// under it, in one allocation.
type callClient struct {
	retry  retryablehttp.Client
	hc     http.Client
	writes writeCounter
	limit  limitedTransport
}

// forCall returns the retrying HTTP client of the call whose state is
// st: a copy of the configured http.Client whose redirect policy is st's
// (redirect.go) and whose transport is the rate limit (when set) above
// st's write counting above the configured transport, driven by the
// retry policy with st. The hooks of http.Client and retryablehttp
// receive only a request or a context, so st reaches them through this
// client, built for the call, not through the context.
func (s *transportStages) forCall(st *callState) *retryablehttp.Client {
	cc := &callClient{hc: *s.hc}
	cc.writes = writeCounter{next: s.hc.Transport, st: st}
	var transport http.RoundTripper = &cc.writes
	if s.limiter != nil {
		cc.limit = limitedTransport{next: transport, limiter: s.limiter}
		transport = &cc.limit
	}
	cc.hc.Transport = transport
	cc.hc.CheckRedirect = guardRedirects(s.hc.CheckRedirect, st)
	logger, policy := s.logger, &s.policy
	cc.retry = retryablehttp.Client{
		HTTPClient:   &cc.hc,
		Logger:       nil,                                   // logging goes through the policy, never with headers
		RetryMax:     maxRetriesCeiling + 1,                 // each call's own limit is enforced by the policy
		ErrorHandler: retryablehttp.PassthroughErrorHandler, // the last response decides the error
		CheckRetry: func(ctx context.Context, resp *http.Response, err error) (bool, error) {
			return policy.check(ctx, st, resp, err)
		},
		Backoff: func(time.Duration, time.Duration, int, *http.Response) time.Duration { return 0 }, // the policy waits
	}
	if logger.Handler() != slog.DiscardHandler { // the default logger: nothing to write
		cc.retry.RequestLogHook = func(_ retryablehttp.Logger, req *http.Request, attempt int) {
			logger.DebugContext(req.Context(), "registerdata: request", "route", st.route, "method", req.Method, "path", req.URL.Path, "attempt", attempt+1)
		}
		cc.retry.ResponseLogHook = func(_ retryablehttp.Logger, resp *http.Response) {
			ctx := context.Background()
			if resp.Request != nil { // set by real transports; a test double may leave it out
				ctx = resp.Request.Context()
			}
			logger.DebugContext(ctx, "registerdata: response", "route", st.route, "status", resp.StatusCode, "request_id", requestIDOf(resp))
		}
	}
	return &cc.retry
}

// retryPolicy decides after each attempt whether to send another, and
// waits before it.
type retryPolicy struct {
	waitMin, waitMax time.Duration
	maxRetryAfter    time.Duration
	logger           *slog.Logger
}

// check is retryablehttp's CheckRetry for the call whose state is st
// (see transportStages.forCall). It retries 429, 500, 502, 503,
// 504 and transport errors (or what X-Should-Retry says, except for a
// 2xx, which is never retried, and for the 429 of a Transparenzregister
// extract, the 30-day quota: see quotaAnswer), up to the call's retry limit, and waits
// before each retry: as Retry-After says, never longer than
// maxRetryAfter (longer: the call fails at once with the answer's error,
// which carries RetryAfter), else with exponential back-off. A wait that
// would end after the context's deadline is not started; the context
// ending during a wait ends it at once.
func (p *retryPolicy) check(ctx context.Context, st *callState, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if st.budgetErr != nil {
		return false, nil
	}
	if err != nil && !st.lastWrote && st.lastReused && !st.resent {
		// A reused connection was dead before the request went out, as
		// http.Transport would re-send on its own: once, at no cost.
		st.resent = true
		return true, nil
	}
	st.attempts++
	if quotaAnswer(st.route, resp) || !shouldRetry(ctx, resp, err) || st.attempts > st.maxRetries {
		return false, nil
	}
	wait := backoff(p.waitMin, p.waitMax, st.attempts-1, resp)
	if d, ok := retryAfter(resp, time.Now()); ok && d > p.maxRetryAfter {
		return false, nil // the service asks for a longer pause than we wait: report it
	}
	if deadline, ok := ctx.Deadline(); ok && time.Until(deadline) < wait {
		return false, nil // the wait would outlast the call: report the answer now
	}
	p.logger.WarnContext(ctx, "registerdata: retrying", "route", st.route, "attempt", st.attempts+1, "wait", wait,
		"status", statusOf(resp), "request_id", requestIDOf(resp), "credits", st.charged)
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false, ctx.Err()
	case <-t.C:
		return true, nil
	}
}

// shouldRetry is the retry policy of one attempt's outcome. A 2xx (or any
// status below 400) is final. Otherwise the service's X-Should-Retry
// header, when it says "true" or "false", decides over the status, as in
// the service's official clients: the fake sends "false" with answers
// that cannot change by retrying, such as 409 for a monitor that already
// exists.
func shouldRetry(ctx context.Context, resp *http.Response, err error) bool {
	if err != nil {
		if errors.Is(err, errRedirectRefused) || errors.Is(err, ErrBudgetExceeded) {
			return false
		}
		// Transport errors: retryablehttp's policy refuses the hopeless
		// ones (bad scheme, too many redirects, TLS trust).
		retry, _ := retryablehttp.DefaultRetryPolicy(ctx, resp, err)
		return retry
	}
	if resp.StatusCode < 400 {
		return false
	}
	switch resp.Header.Get("X-Should-Retry") {
	case "true":
		return true
	case "false":
		return false
	}
	return retryableStatus(resp.StatusCode)
}

// quotaAnswer reports an answer that no retry can change: a 429 to a
// Transparenzregister extract says the rolling 30-day quota is used up,
// so it is final whatever its Retry-After or X-Should-Retry say.
func quotaAnswer(route string, resp *http.Response) bool {
	return resp != nil && resp.StatusCode == http.StatusTooManyRequests && route == routeTransparencyExtracts
}

func requestIDOf(resp *http.Response) string {
	if resp == nil {
		return ""
	}
	return resp.Header.Get("X-Request-Id")
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
	return retryAfterHeader(resp.Header, now)
}

// retryAfterHeader parses a Retry-After header, whatever the status:
// delay-seconds (at most a day) or an HTTP-date (never in the past).
func retryAfterHeader(h http.Header, now time.Time) (time.Duration, bool) {
	v := h.Get("Retry-After")
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
