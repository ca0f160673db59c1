package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
)

// maxBody bounds the response body the recorder keeps; the client refuses
// larger bodies anyway.
const maxBody = 64 << 20

// recorder is the client's transport: it keeps the body of the last
// successful (2xx) response, so that --json prints exactly what the
// service sent, not a re-encoding of the decoded record.
type recorder struct {
	next http.RoundTripper
	mu   sync.Mutex
	body []byte
	// all keeps every successful body, in order, once collect was called
	// (for commands made of several calls, such as company tree).
	all       [][]byte
	collectOn bool
	// byPath keeps the last successful body of each request path, once
	// keepByPath was called (for lookups running concurrently).
	byPath map[string][]byte
}

// RoundTrip sends req and, for a 2xx answer, reads and keeps the body and
// hands the client an identical copy.
func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := r.next.RoundTrip(req)
	if err != nil || resp.StatusCode/100 != 2 {
		return resp, err
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	resp.Body.Close()
	if err != nil {
		return nil, fmt.Errorf("reading the response body: %w", err)
	}
	if len(body) > maxBody {
		return nil, fmt.Errorf("the response body is larger than %d bytes", maxBody)
	}
	r.mu.Lock()
	r.body = body
	if r.collectOn {
		r.all = append(r.all, body)
	}
	if r.byPath != nil {
		r.byPath[req.URL.EscapedPath()] = body
	}
	r.mu.Unlock()
	resp.Body = io.NopCloser(bytes.NewReader(body))
	return resp, nil
}

// last returns the body of the last successful response, nil if none.
func (r *recorder) last() []byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.body
}

// collect makes the recorder keep every successful body from now on.
func (r *recorder) collect() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.collectOn = true
}

// collected returns the bodies kept since collect, in order.
func (r *recorder) collected() [][]byte {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.all
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
