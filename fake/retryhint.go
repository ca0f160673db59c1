package fake

import "net/http"

// shouldRetryHeader is the response header by which the service tells
// clients whether to retry a request; the official client libraries
// honour it before their own rules (which retry 408, 409, 429 and 5xx).
const shouldRetryHeader = "X-Should-Retry"

// mustNotRetry reports whether an answer with status must not be retried:
// every client error except 408 (timeout) and 429 (rate limit), which
// the same request may pass later. A 409 in particular is final: a
// retried create would only conflict again.
func mustNotRetry(status int) bool {
	return status >= 400 && status < 500 && status != http.StatusRequestTimeout && status != http.StatusTooManyRequests
}

// withRetryHint sends "x-should-retry: false" with every answer that must
// not be retried (see mustNotRetry), whichever route or fault wrote it.
func withRetryHint(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(&retryHintWriter{ResponseWriter: w}, r)
	})
}

// retryHintWriter adds the header when the status is written.
type retryHintWriter struct {
	http.ResponseWriter
	wrote bool
}

func (w *retryHintWriter) WriteHeader(status int) {
	if !w.wrote && status >= 200 {
		w.wrote = true
		if mustNotRetry(status) {
			w.Header().Set(shouldRetryHeader, "false")
		}
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *retryHintWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

// Unwrap gives http.ResponseController the underlying writer (to hijack
// a connection for a dropped-connection fault, or to flush).
func (w *retryHintWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
