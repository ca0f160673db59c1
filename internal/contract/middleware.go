package contract

import (
	"bytes"
	"net/http"
	"testing"
)

// Middleware returns a handler that serves each request with next and
// reports, with t.Errorf, every request under /v1/ and every answer next
// gives to it that breaks the contract, as Transport does on the client
// side. Wrap the fake's handler with it so that whatever a test sends,
// the answers are checked. Paths outside /v1/ pass unchecked.
//
// The answer is written through to the real ResponseWriter as next writes
// it; a copy of up to 16 MiB is kept for the check.
func Middleware(t testing.TB, next http.Handler, opts ...Option) http.Handler {
	t.Helper()
	c := newChecker(t, opts)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !inScope(r) {
			next.ServeHTTP(w, r)
			return
		}
		body, replay, whole := buffer(r.Body)
		r.Body = replay
		ex := c.request(r, body, whole)

		cw := &captureWriter{ResponseWriter: w}
		next.ServeHTTP(cw, r)
		if cw.status == 0 { // nothing written: net/http answers 200
			cw.WriteHeader(http.StatusOK)
		}
		c.response(ex, r, cw.status, cw.header, cw.body.Bytes(), cw.body.Len() <= maxBody)
	})
}

// captureWriter writes through to the real ResponseWriter and keeps the
// status, the headers as sent and a bounded copy of the body.
type captureWriter struct {
	http.ResponseWriter
	status int
	header http.Header
	body   bytes.Buffer
}

// WriteHeader keeps the first status and a copy of the headers as sent,
// then passes the call on.
func (w *captureWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
		w.header = w.ResponseWriter.Header().Clone()
	}
	w.ResponseWriter.WriteHeader(status)
}

// Write sends b through, first writing a 200 header when none was
// written, and keeps a copy of the body up to maxBody + 1 bytes.
func (w *captureWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if room := maxBody + 1 - w.body.Len(); room > 0 {
		w.body.Write(b[:min(len(b), room)])
	}
	return w.ResponseWriter.Write(b)
}

// Flush passes a flush on when the real writer supports it.
func (w *captureWriter) Flush() {
	if f, ok := w.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Unwrap lets http.ResponseController reach the real writer.
func (w *captureWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
