package contract

import (
	"net/http"
	"testing"
)

// Transport returns a RoundTripper that sends each request through next
// (http.DefaultTransport when nil) and reports, with t.Errorf, every
// request under /v1/ and every answer to it that breaks the contract in
// api/openapi.yaml: an unknown path or method, a wrong parameter, a
// request body with a missing or stray field, an undocumented status, an
// answer body with a missing required field, a wrong type, a null where
// none is allowed or an unknown enum value. Error answers are checked too.
//
// Bodies are buffered and handed on intact, so the caller reads the same
// bytes it would have read without the check. Paths outside /v1/ pass
// unchecked. Use it as the transport of the client under test:
//
//	hc := &http.Client{Transport: contract.Transport(t, nil)}
//	c, err := registerdata.NewClient(registerdata.WithHTTPClient(hc), ...)
func Transport(t testing.TB, next http.RoundTripper, opts ...Option) http.RoundTripper {
	t.Helper()
	if next == nil {
		next = http.DefaultTransport
	}
	return &transport{c: newChecker(t, opts), next: next}
}

type transport struct {
	c    *checker
	next http.RoundTripper
}

// RoundTrip implements http.RoundTripper.
func (tr *transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !inScope(req) {
		return tr.next.RoundTrip(req)
	}
	body, replay, whole := buffer(req.Body)
	out := req
	if req.Body != nil && req.Body != http.NoBody {
		// A RoundTripper must not modify the request it was given.
		out = req.Clone(req.Context())
		out.Body = replay
	}
	ex := tr.c.request(req, body, whole)

	resp, err := tr.next.RoundTrip(out)
	if err != nil {
		return resp, err
	}
	respBody, respReplay, respWhole := buffer(resp.Body)
	resp.Body = respReplay
	tr.c.response(ex, req, resp.StatusCode, resp.Header, respBody, respWhole)
	return resp, nil
}
