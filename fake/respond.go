package fake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// Error codes of the fake's error bodies ({"error": {"code", "message"}}).
// Each error case has one stable code, so tests may match on it.
const (
	CodeInvalidRequest      = "invalid_request"      // 400: malformed parameter or body
	CodeUnauthorized        = "unauthorized"         // 401: missing or unknown API key
	CodeInsufficientCredits = "insufficient_credits" // 402: balance below the cost
	CodeForbidden           = "forbidden"            // 403: expired or tampered document address
	CodeNotFound            = "not_found"            // 404: unknown identifier or route
	CodeRateLimited         = "rate_limited"         // 429: the key's rate limit is exhausted
	CodeInternal            = "internal"             // 500: the fake failed, or an injected fault
	CodeUnavailable         = "unavailable"          // 503: an injected fault
)

// codeForStatus names the error code the fake uses for status, for
// injected faults and other answers that carry only a status.
func codeForStatus(status int) string {
	switch status {
	case http.StatusBadRequest:
		return CodeInvalidRequest
	case http.StatusUnauthorized:
		return CodeUnauthorized
	case http.StatusPaymentRequired:
		return CodeInsufficientCredits
	case http.StatusForbidden:
		return CodeForbidden
	case http.StatusNotFound:
		return CodeNotFound
	case http.StatusTooManyRequests:
		return CodeRateLimited
	case http.StatusServiceUnavailable:
		return CodeUnavailable
	}
	return CodeInternal
}

// writeJSON encodes v as the response body with the given status.
// A search page, the answer served most, is encoded without reflection
// (see encode.go).
func writeJSON(w http.ResponseWriter, status int, v any) {
	bp := bodies.Get().(*[]byte)
	defer putBody(bp)
	b := (*bp)[:0]
	if r, ok := v.(registerdata.CompanySearchResponse); ok {
		b = appendSearchResponse(b, &r)
	} else {
		enc, err := json.Marshal(v)
		if err != nil {
			writeError(w, http.StatusInternalServerError, CodeInternal, "fake: encoding the response failed: "+err.Error())
			return
		}
		b = append(b, enc...)
	}
	b = append(b, '\n')
	*bp = b
	writeBody(w, status, b)
}

// writeError answers with the error body {"error": {"code", "message"}}.
func writeError(w http.ResponseWriter, status int, code, message string) {
	writeJSON(w, status, registerdata.ErrorBody{Error: registerdata.ErrorDetail{Code: code, Message: message}})
}

// writeErrorf is writeError with a formatted message.
func writeErrorf(w http.ResponseWriter, status int, code, format string, args ...any) {
	writeError(w, status, code, fmt.Sprintf(format, args...))
}

// setRetryAfter sets the Retry-After header to d rounded up to whole
// seconds, at least one.
func setRetryAfter(w http.ResponseWriter, d time.Duration) {
	secs := int64((d + time.Second - 1) / time.Second)
	if secs < 1 {
		secs = 1
	}
	w.Header().Set("Retry-After", strconv.FormatInt(secs, 10))
}
