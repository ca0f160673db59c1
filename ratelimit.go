package registerdata

import (
	"net/http"

	"golang.org/x/time/rate"
)

// limitedTransport is the rate-limit stage: it waits on a token bucket
// before every write (attempts, retries and redirects alike). Each call
// has its own (see transportStages.forCall); the bucket is the client's.
type limitedTransport struct {
	next    http.RoundTripper
	limiter *rate.Limiter
}

// RoundTrip waits for a token, then sends req with the next stage. When
// the request's context ends first, it closes the body and returns the
// context's error without sending.
func (t *limitedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := t.limiter.Wait(req.Context()); err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	return t.next.RoundTrip(req)
}

// CloseIdleConnections closes the idle connections of the next stage.
func (t *limitedTransport) CloseIdleConnections() { closeIdle(t.next) }
