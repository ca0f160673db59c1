package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
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
