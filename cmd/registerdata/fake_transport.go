package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/registerdata/registerdata-go/fake"
)

// inProcess is the client's transport with --fake: a request addressed to
// the fake (its scheme and host) is served by calling the fake's handler
// in the calling goroutine, without a socket, a connection or a second
// goroutine; any other request goes to next. What the handler writes is
// the response, as a server would send it: the status, the headers with a
// Date and a sniffed Content-Type when the handler set none, the body. A
// fault that drops the connection is an error, as a client on the network
// sees it.
type inProcess struct {
	host    string // the fake's host:port
	handler http.Handler
	next    http.RoundTripper
}

// newInProcess returns the transport serving srv's requests in process.
func newInProcess(srv *fake.Server, next http.RoundTripper) (*inProcess, error) {
	u, err := url.Parse(srv.URL)
	if err != nil || u.Scheme != "http" || u.Host == "" {
		return nil, fmt.Errorf("the fake's address %q is not an http URL", srv.URL)
	}
	return &inProcess{host: u.Host, handler: srv.Handler(), next: next}, nil
}

// errDropped is what a request gets when the fake dropped its connection.
var errDropped = errors.New("the fake closed the connection without an answer")

// RoundTrip serves req in process when it is addressed to the fake.
func (t *inProcess) RoundTrip(req *http.Request) (resp *http.Response, err error) {
	if req.URL.Scheme != "http" || req.URL.Host != t.host {
		return t.next.RoundTrip(req)
	}
	sreq := serverRequest(req)
	defer func() { _ = sreq.Body.Close() }() // a transport closes the body it was given
	w := &memResponse{header: http.Header{}}
	defer func() {
		if p := recover(); p != nil {
			resp = nil
			if p == http.ErrAbortHandler {
				err = errDropped
			} else {
				err = fmt.Errorf("the fake failed to answer %s %s: %v", req.Method, req.URL.Path, p)
			}
		}
	}()
	t.handler.ServeHTTP(w, sreq)
	return w.response(req), nil
}

// serverRequest is req as a server hands it to its handler: the path and
// query only in its URL, the host, the request URI, HTTP/1.1, a body that
// is never nil and a length of -1 when unknown.
func serverRequest(req *http.Request) *http.Request {
	s := req.Clone(req.Context())
	s.URL = &url.URL{Path: req.URL.Path, RawPath: req.URL.RawPath, RawQuery: req.URL.RawQuery}
	s.Host = req.Host
	if s.Host == "" {
		s.Host = req.URL.Host
	}
	s.RequestURI = req.URL.RequestURI()
	s.RemoteAddr = "127.0.0.1:0"
	s.Proto, s.ProtoMajor, s.ProtoMinor = "HTTP/1.1", 1, 1
	if s.Body == nil || s.Body == http.NoBody {
		s.Body, s.ContentLength = http.NoBody, 0
	} else if s.ContentLength == 0 {
		s.ContentLength = -1 // a client's 0 with a body means unknown
	}
	return s
}

// memResponse is the http.ResponseWriter of an in-process request.
type memResponse struct {
	header  http.Header
	sent    http.Header // the header as it was when the status was written
	status  int
	body    bytes.Buffer
	written bool
}

func (m *memResponse) Header() http.Header { return m.header }

func (m *memResponse) WriteHeader(status int) {
	if m.written || status < 100 || status > 999 {
		return // a server ignores a second status, and refuses a bad one
	}
	m.written, m.status = true, status
	m.sent = m.header.Clone()
}

func (m *memResponse) Write(p []byte) (int, error) {
	if !m.written {
		if m.header.Get("Content-Type") == "" && len(p) > 0 {
			m.header.Set("Content-Type", http.DetectContentType(p))
		}
		m.WriteHeader(http.StatusOK)
	}
	return m.body.Write(p)
}

// response is what the client receives for req.
func (m *memResponse) response(req *http.Request) *http.Response {
	if !m.written {
		m.WriteHeader(http.StatusOK)
	}
	h := m.sent
	if h.Get("Date") == "" {
		h.Set("Date", time.Now().UTC().Format(http.TimeFormat))
	}
	body := m.body.Bytes()
	length := int64(len(body))
	if req.Method == http.MethodHead {
		body = nil // a server says the length of what it does not send
	}
	return &http.Response{
		Status:        fmt.Sprintf("%d %s", m.status, http.StatusText(m.status)),
		StatusCode:    m.status,
		Proto:         "HTTP/1.1",
		ProtoMajor:    1,
		ProtoMinor:    1,
		Header:        h,
		Body:          io.NopCloser(bytes.NewReader(body)),
		ContentLength: length,
		Request:       req,
	}
}
