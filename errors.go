package registerdata

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/enums"
)

// Sentinel errors, for errors.Is. An *APIError matches the sentinel of its
// status class; client-side validation errors wrap ErrInvalidRequest.
var (
	// ErrInvalidRequest: the service answered 400, or the client refused a
	// request it knew the service would reject (nothing was sent).
	ErrInvalidRequest = errors.New("registerdata: invalid request")
	// ErrUnauthorized: 401, the API key is missing or wrong.
	ErrUnauthorized = errors.New("registerdata: unauthorized")
	// ErrForbidden: 403, the key is valid but its plan does not include
	// the endpoint (for example monitoring on a plan without it).
	ErrForbidden = errors.New("registerdata: forbidden")
	// ErrInsufficientCredits: 402, the account has too few credits.
	ErrInsufficientCredits = errors.New("registerdata: insufficient credits")
	// ErrNotFound: 404, the identifier does not exist.
	ErrNotFound = errors.New("registerdata: not found")
	// ErrConflict: 409, the request clashes with the account's state, such
	// as a second monitor of the same entity. Retrying does not help.
	ErrConflict = errors.New("registerdata: conflict")
	// ErrRateLimited: 429, too many requests (after the client's retries).
	ErrRateLimited = errors.New("registerdata: rate limited")
	// ErrQuotaExhausted: 429 to a production Transparenzregister extract
	// (RequestTransparencyExtract): the account's extract quota for the
	// rolling 30-day window is used up. It is not a short rate limit:
	// the request is sent once and never retried, whatever Retry-After or
	// X-Should-Retry say, and retrying soon does not help. The error is
	// the *APIError of the 429 (errors.As); it does not match
	// ErrRateLimited, which means "slow down".
	ErrQuotaExhausted = errors.New("registerdata: Transparenzregister extract quota exhausted")
	// ErrServer: 5xx, the service failed (after the client's retries).
	// A transport failure, where no answer arrived at all (connection
	// refused or reset, TLS failure), matches ErrServer too; a cancelled
	// or expired context matches the context's error instead.
	ErrServer = errors.New("registerdata: server error")
	// ErrUnexpectedResponse: the service answered 2xx with a body the
	// client cannot use: empty, null, not the expected JSON, larger than
	// any answer of the service, a record without its identifier, or a
	// 2xx status the operation does not define (a 203, a 202 where only
	// 200 is the result). The error is a *ResponseError that keeps the
	// body.
	ErrUnexpectedResponse = errors.New("registerdata: unexpected response")
	// ErrBudgetExceeded: the call would exceed the budget set with
	// WithCreditBudget. Nothing was sent.
	ErrBudgetExceeded = errors.New("registerdata: credit budget exceeded")
)

// APIError is an error answer of the service: any status outside 2xx.
type APIError struct {
	StatusCode int           // HTTP status
	Code       string        // machine-readable code, when the body has one
	Message    string        // human-readable message, when the body has one
	RequestID  string        // the X-Request-Id response header, when present
	Body       []byte        // the raw response body, up to 64 KiB
	RetryAfter time.Duration // the Retry-After header of a 429 or 503, when present

	// Method and Path identify the request ("GET", "/v1/company/DE-...").
	Method, Path string
}

// Error describes the failure and, where there is one, the usual fix.
func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "registerdata: %s %s: %d %s", e.Method, e.Path, e.StatusCode, http.StatusText(e.StatusCode))
	if e.Code != "" {
		fmt.Fprintf(&b, " (%s)", e.Code)
	}
	if e.Message != "" {
		b.WriteString(": ")
		b.WriteString(e.Message)
	}
	if hint := e.hint(); hint != "" {
		b.WriteString("; ")
		b.WriteString(hint)
	}
	if e.RequestID != "" {
		fmt.Fprintf(&b, " [request id %s]", e.RequestID)
	}
	return b.String()
}

// hint is the usual fix of e: what its status means on its route where
// the service's documentation gives that its own meaning, else what it
// means in general.
func (e *APIError) hint() string {
	if h, ok := routeHints[routeStatus{e.Method, e.Path, e.StatusCode}]; ok {
		return h
	}
	return statusHint(e.StatusCode)
}

// routeStatus is an answer's status on one route (a path without ids).
type routeStatus struct {
	method, path string
	status       int
}

// routeHints are the statuses whose meaning on a route is not the general
// one (SPEC-DOCS B and C).
var routeHints = map[routeStatus]string{
	// A 401 to the credentials call is the Transparenzregister refusing
	// the login: the docs give no code, only the request tells the causes
	// apart.
	{"POST", "/v1/transparenzregister/credentials", 401}: "on this call a 401 means the Transparenzregister rejected the username/password: " +
		"check them and store them again (a wrong API key would make every other call answer 401 too)",
	{"POST", "/v1/transparenzregister/credentials", 402}: "Transparenzregister access needs a paid API plan (storing credentials costs nothing): upgrade the account's plan",
	{"POST", "/v1/transparenzregister/credentials", 403}: "Transparenzregister access is not enabled for this account: ask the service's team to enable it",
	{"POST", "/v1/transparenzregister/credentials", 409}: "the account stores the most Transparenzregister credential sets it may: " +
		"store under a name it has already (that replaces the login) instead of a new one",
	{"POST", "/v1/transparenzregister/extracts", 402}: "Transparenzregister extracts need a paid API plan, and credits to cover them",
	{"POST", "/v1/transparenzregister/extracts", 403}: "the Transparenzregister rejected authentication with the selected credentials " +
		"(EiS account not unlocked, identification incomplete, or locked), or Transparenzregister access is not enabled: log in at the Transparenzregister to check the account",
	{"POST", "/v1/transparenzregister/extracts", 404}: "the company is unknown, no credentials are stored under the X-Credential-Name, " +
		"or the Transparenzregister has no match: store credentials with SetTransparencyCredentials, or use the credential name sandbox to test",
	{"POST", "/v1/transparenzregister/extracts", 409}: "several Transparenzregister entities match the company, and the service cannot tell which is meant",
	{"POST", "/v1/transparenzregister/extracts", 429}: "the production extract quota of the rolling 30-day window is used up, and retrying soon will not help " +
		"(the request was sent once, not retried): wait until older extracts leave the window, or ask the service's team for a larger quota; sandbox extracts stay free",
	{"POST", "/v1/monitor", 403}: monitoringAccessHint,
}

// monitoringAccessHint is what the error of a 403 to a monitor's creation
// (CreateMonitor) says: monitoring is given to select accounts only
// (SPEC-DOCS C.1). Nothing was created or billed.
const monitoringAccessHint = "this account lacks monitoring access, so no monitor was created and nothing was billed: " +
	"monitoring is early access, available on request: ask the service's team to enable it (see https://docs.openregister.de/guide/monitoring)"

func statusHint(status int) string {
	switch status {
	case http.StatusUnauthorized:
		return "check the API key (WithAPIKey or $REGISTERDATA_API_KEY)"
	case http.StatusPaymentRequired:
		return "top up the account's credits"
	case http.StatusTooManyRequests:
		return "slow down: WithRateLimit keeps the client under the service's limit"
	}
	return ""
}

// Is makes errors.Is(err, ErrNotFound) and the other sentinels work. A
// 503 with Retry-After (the service asks to come back later) matches
// ErrRateLimited as well as ErrServer.
func (e *APIError) Is(target error) bool {
	return target == e.sentinel() ||
		(target == ErrRateLimited && e.StatusCode == http.StatusServiceUnavailable && e.RetryAfter > 0)
}

// Unwrap returns the sentinel of e's status class, or nil.
func (e *APIError) Unwrap() error { return e.sentinel() }

// sentinel is the sentinel error of e: its status class's, except for the
// 429 of a Transparenzregister extract, the 30-day quota.
func (e *APIError) sentinel() error {
	if e.StatusCode == http.StatusTooManyRequests && e.Method == http.MethodPost && e.Path == "/v1/transparenzregister/extracts" {
		return ErrQuotaExhausted
	}
	return statusSentinel(e.StatusCode)
}

func statusSentinel(status int) error {
	switch {
	case status == http.StatusBadRequest || status == http.StatusUnprocessableEntity:
		return ErrInvalidRequest
	case status == http.StatusConflict:
		return ErrConflict
	case status == http.StatusUnauthorized:
		return ErrUnauthorized
	case status == http.StatusForbidden:
		return ErrForbidden
	case status == http.StatusPaymentRequired:
		return ErrInsufficientCredits
	case status == http.StatusNotFound:
		return ErrNotFound
	case status == http.StatusTooManyRequests:
		return ErrRateLimited
	case status >= 500:
		return ErrServer
	}
	return nil
}

// ErrorBody is the error body the fake sends, and the first of the shapes
// the client understands: {"error": {"code": ..., "message": ...}}.
type ErrorBody struct {
	// Error holds the machine-readable code and the message.
	Error ErrorDetail `json:"error"`
}

// ErrorDetail is the inner object of ErrorBody.
type ErrorDetail struct {
	// Code is a machine-readable error code, such as "not_found". The
	// service does not document its codes: match errors with errors.Is
	// on the sentinels, not on Code.
	Code string `json:"code"`
	// Message is a human-readable explanation of the error.
	Message string `json:"message"`
	// LegalForm is the company's legal form, set (by the fake) on the
	// 404 of the ownership endpoints for a legal form they do not serve;
	// UnsupportedLegalForm reads it. Empty otherwise.
	LegalForm enums.LegalForm `json:"legal_form,omitempty"`
}

// parseErrorBody reads code and message from any of the error shapes the
// service family uses: {"error": {"code", "message"}}, {"error": "..."},
// {"detail": "..." or [...]}, {"message": "...", "code": "..."}. It never
// fails: an unknown shape leaves both empty, and the raw body is kept.
func parseErrorBody(body []byte) (code, message string) {
	var v struct {
		Error   json.RawMessage `json:"error"`
		Detail  json.RawMessage `json:"detail"`
		Message string          `json:"message"`
		Code    string          `json:"code"`
	}
	if json.Unmarshal(body, &v) != nil {
		return "", ""
	}
	code, message = v.Code, v.Message
	var inner ErrorDetail
	var s string
	switch {
	case json.Unmarshal(v.Error, &inner) == nil && (inner.Code != "" || inner.Message != ""):
		code, message = firstNonEmpty(inner.Code, code), firstNonEmpty(inner.Message, message)
	case json.Unmarshal(v.Error, &s) == nil && s != "":
		message = firstNonEmpty(message, s)
	}
	if message == "" && len(v.Detail) > 0 {
		if json.Unmarshal(v.Detail, &s) == nil {
			message = s
		} else {
			message = string(v.Detail)
		}
	}
	return code, message
}

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// ResponseError is a 2xx answer the client could not use (see
// ErrUnexpectedResponse). It keeps the first 64 KiB of the body, for the
// bug report (a copy: an error kept for long, as a batch keeps the errors
// of failed ids, does not hold a whole rejected answer), with the
// request's secrets replaced by [REDACTED].
type ResponseError struct {
	Method, Path string // the request ("GET", "/v1/company/DE-...")
	StatusCode   int    // the 2xx status of the answer
	RequestID    string // the X-Request-Id header of the answer, when present
	Body         []byte // the start of the body as received, up to 64 KiB
	Reason       string // what is wrong with it
	Err          error  // the decoding error, when there was one
}

// Error says what was wrong with the answer and quotes its start.
func (e *ResponseError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "registerdata: %s %s: unusable %d answer: %s", e.Method, e.Path, e.StatusCode, e.Reason)
	if e.Err != nil {
		fmt.Fprintf(&b, " (%v)", e.Err)
	}
	fmt.Fprintf(&b, "; body %s", snippet(e.Body))
	if e.RequestID != "" {
		fmt.Fprintf(&b, " [request id %s]", e.RequestID)
	}
	return b.String()
}

// Is makes errors.Is(err, ErrUnexpectedResponse) true.
func (e *ResponseError) Is(target error) bool { return target == ErrUnexpectedResponse }

// Unwrap returns the decoding error, if any.
func (e *ResponseError) Unwrap() error { return e.Err }

// transportError explains a failure that produced no usable answer. A
// cancelled or expired context is returned as the context's error, so
// errors.Is(err, context.Canceled) works.
func (c *Client) transportError(ctx context.Context, r request, err error) error {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return fmt.Errorf("registerdata: %s %s: %w", r.method, r.path, ctxErr)
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		err = urlErr.Err // the URL is in our message already
	}
	return fmt.Errorf("%w: %s %s%s: no answer from the service: %w", ErrServer, r.method, c.baseURL.Host, r.path, err)
}

func newAPIError(r request, resp *http.Response) *APIError {
	body, _ := readLimited(resp.Body, -1, maxErrorBytes)
	e := &APIError{
		StatusCode: resp.StatusCode,
		RequestID:  resp.Header.Get("X-Request-Id"),
		Body:       body,
		Method:     r.method,
		Path:       r.path,
	}
	e.Code, e.Message = parseErrorBody(body)
	scrubAPIError(e, requestSecrets(r, resp.Request))
	if d, ok := retryAfter(resp, time.Now()); ok {
		e.RetryAfter = d
	}
	return e
}
