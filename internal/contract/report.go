package contract

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"testing"
)

// maxBody bounds the bytes buffered for checking one body. A larger body
// (a deliberately oversized request, say) is passed on whole but not
// checked; a test log line says so.
const maxBody = 16 << 20

// Option changes what Transport and Middleware report.
type Option func(*config)

type config struct {
	allowInvalidRequests bool
	requestsOnly         bool
}

// AllowInvalidRequests stops reporting requests that break the contract,
// for tests that send malformed requests to the fake on purpose. Answers
// are still checked (when the route is known), and a request without a
// bearer credential must still be answered 401.
func AllowInvalidRequests() Option {
	return func(c *config) { c.allowInvalidRequests = true }
}

// RequestsOnly checks requests and leaves answers alone, for tests whose
// answers are test doubles written by hand (some of them off-contract on
// purpose, to exercise the client's error handling).
func RequestsOnly() Option {
	return func(c *config) { c.requestsOnly = true }
}

// checker is what Transport and Middleware share: the loaded description,
// the test to report to and the options.
type checker struct {
	t   testing.TB
	s   *spec
	cfg config
}

func newChecker(t testing.TB, opts []Option) *checker {
	t.Helper()
	s, err := loadSpec()
	if err != nil {
		t.Fatalf("%v", err)
	}
	c := &checker{t: t, s: s}
	for _, o := range opts {
		o(&c.cfg)
	}
	return c
}

// inScope reports whether the contract covers the path.
func inScope(r *http.Request) bool { return strings.HasPrefix(r.URL.Path, "/v1/") }

// request checks r with body and reports violations. The result is nil
// when the answer cannot be checked.
func (c *checker) request(r *http.Request, body []byte, whole bool) *exchange {
	if !whole {
		c.t.Logf("contract: %s %s: request body over %d bytes or unreadable, not checked", r.Method, r.URL.RequestURI(), maxBody)
		return nil
	}
	ex, err := c.s.checkRequest(r, body)
	if err != nil && !c.cfg.allowInvalidRequests {
		c.t.Errorf("contract: %s %s: the request breaks the contract:\n%v", r.Method, r.URL.RequestURI(), err)
	}
	return ex
}

// response checks the answer to r and reports violations.
func (c *checker) response(ex *exchange, r *http.Request, status int, header http.Header, body []byte, whole bool) {
	switch {
	case ex == nil || c.cfg.requestsOnly:
		return
	case !whole:
		c.t.Logf("contract: %s %s: %d response body over %d bytes or unreadable, not checked", r.Method, r.URL.RequestURI(), status, maxBody)
		return
	}
	if err := c.s.checkResponse(ex, status, header, body); err != nil {
		c.t.Errorf("contract: %s %s: the %d answer breaks the contract:\n%v", r.Method, r.URL.RequestURI(), status, err)
	}
}

// buffer reads up to maxBody bytes of rc. It returns what it read, a body
// that replays the whole stream (including a read error, if one
// happened), and whether data is the complete body.
func buffer(rc io.ReadCloser) (data []byte, replay io.ReadCloser, whole bool) {
	if rc == nil || rc == http.NoBody {
		return nil, http.NoBody, true
	}
	data, err := io.ReadAll(io.LimitReader(rc, maxBody+1))
	switch {
	case err == nil && len(data) <= maxBody:
		rc.Close()
		return data, io.NopCloser(bytes.NewReader(data)), true
	case err == nil:
		return nil, readCloser{io.MultiReader(bytes.NewReader(data), rc), rc}, false
	default:
		return nil, readCloser{io.MultiReader(bytes.NewReader(data), errReader{err}), rc}, false
	}
}

type readCloser struct {
	io.Reader
	io.Closer
}

// errReader replays a read error after the bytes read before it.
type errReader struct{ err error }

// Read returns no bytes and the replayed error.
func (e errReader) Read([]byte) (int, error) { return 0, e.err }
