package registerdata

import (
	"net/http"
	"sync"
)

// defaultTransport is the transport of a Client made without
// WithHTTPClient: http.DefaultTransport's settings, but keeping up to
// MaxBatchConcurrency idle connections to a host instead of its 2, so the
// workers of the batch helpers (up to MaxBatchConcurrency requests in
// flight) reuse their connections instead of opening one per request and
// leaving the closed ones in TIME_WAIT. One transport serves all such
// clients, as http.DefaultTransport does. A program that replaced
// http.DefaultTransport with a transport of its own gets that one.
var defaultTransport = sync.OnceValue(func() http.RoundTripper {
	t, ok := http.DefaultTransport.(*http.Transport)
	if !ok {
		return http.DefaultTransport
	}
	t = t.Clone()
	t.MaxIdleConnsPerHost = MaxBatchConcurrency
	return t
})
