package main

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
)

// maxRecord bounds the body the recorder keeps: the SDK's own cap on a
// response body (32 MiB), which refuses anything larger. A body that
// grows past it is not kept.
const maxRecord = 32 << 20

// recorder is the client's transport under --json: it keeps a copy of
// the body of each successful (2xx) response as the SDK reads it, so that
// --json prints exactly what the service sent, not a re-encoding of the
// decoded record.
//
// Recording changes nothing the SDK sees: the response, its errors and
// the timing of its reads are passed through as they are (a body that
// breaks off is a read error for the SDK, as it would be without --json,
// so retries and billing stay the SDK's); nothing is read ahead of the
// SDK, and a copy is kept only of a body read completely and no larger
// than the SDK's cap. Without --json (off) it only passes requests on.
type recorder struct {
	next http.RoundTripper
	off  bool

	mu   sync.Mutex
	body []byte
	seq  int // bodies kept so far
	// sink, once collect was called, receives every body as it completes
	// (for commands made of several calls, such as company tree).
	sink func([]byte)
	// byPath keeps the last successful body of each request path, once
	// keepByPath was called (for lookups running concurrently).
	byPath map[string][]byte
}

// RoundTrip sends req and, for a 2xx answer, hands the client a body
// that copies what it reads.
func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.next.RoundTrip(req)
	if err != nil || r.off || resp.StatusCode/100 != 2 || resp.Body == nil {
		return resp, err
	}
	resp.Body = &teeBody{rc: resp.Body, rec: r, path: req.URL.EscapedPath(), size: resp.ContentLength}
	return resp, nil
}

// teeBody copies what its reader reads, and hands the copy to the
// recorder when the body was read to its end.
type teeBody struct {
	rc   io.ReadCloser
	rec  *recorder
	path string
	size int64 // Content-Length, -1 when unknown

	buf    []byte
	failed bool // a read failed or the body outgrew maxRecord: keep nothing
	done   bool
}

func (t *teeBody) Read(p []byte) (int, error) {
	n, err := t.rc.Read(p)
	if n > 0 && !t.failed && !t.done {
		if len(t.buf)+n > maxRecord {
			t.failed, t.buf = true, nil
		} else {
			t.buf = append(t.buf, p[:n]...)
		}
	}
	switch {
	case errors.Is(err, io.EOF):
		t.finish()
	case err != nil:
		t.failed, t.buf = true, nil
	}
	return n, err
}

// Close keeps the body when the reader stopped exactly at its announced
// length without reading the EOF.
func (t *teeBody) Close() error {
	if t.size >= 0 && int64(len(t.buf)) == t.size {
		t.finish()
	}
	t.buf = nil
	return t.rc.Close()
}

func (t *teeBody) finish() {
	if t.failed || t.done {
		return
	}
	t.done = true
	body := t.buf
	if body == nil {
		body = []byte{}
	}
	t.rec.keep(t.path, body)
}

// keep records one complete body.
func (r *recorder) keep(path string, body []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.body = body
	r.seq++
	if r.sink != nil {
		r.sink(body)
	}
	if r.byPath != nil {
		r.byPath[path] = body
	}
}

// last returns the body of the last successful response, nil if none.
func (r *recorder) last() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.body
}

// lastSeq returns the body of the last successful response and how many
// were kept so far, so that a caller can tell a new one from the last.
func (r *recorder) lastSeq() ([]byte, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.body, r.seq
}

// collect makes the recorder hand every complete body to sink from now
// on, one at a time, so that nothing accumulates.
func (r *recorder) collect(sink func([]byte)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sink = sink
}

// keepByPath makes the recorder keep the last successful body of each
// request path from now on.
func (r *recorder) keepByPath() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.byPath = map[string][]byte{}
}

// bodyOf returns the body kept for the escaped path, which a base URL
// with a path of its own ("https://proxy/registerdata") prefixes; forget
// drops it when no longer needed.
func (r *recorder) bodyOf(path string) []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	if b, ok := r.byPath[path]; ok {
		return b
	}
	for p, b := range r.byPath {
		if strings.HasSuffix(p, path) {
			return b
		}
	}
	return nil
}

// forget drops the body kept for the escaped path (see bodyOf).
func (r *recorder) forget(path string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for p := range r.byPath {
		if strings.HasSuffix(p, path) {
			delete(r.byPath, p)
		}
	}
}
