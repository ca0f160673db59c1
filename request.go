package registerdata

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// request describes one API call.
type request struct {
	method string
	path   string     // escaped, starting with /v0/ or /v1/
	query  url.Values // may be nil
	body   any        // JSON-encoded when non-nil
	header http.Header
	cost   int64 // credits charged per successful attempt; held against the budget before sending
	cache  bool  // a lookup WithCache may serve (see Cache for the key)
	// shared serves and keeps a cacheable lookup when the client has no
	// cache of its own (MatchOptions.Suggestions); nil: none.
	shared Cache
}

// cacheOf is the cache that serves r: the client's (WithCache), else the
// one r brings; nil when r is not cacheable or there is none.
func (c *Client) cacheOf(r request) Cache {
	switch {
	case !r.cache:
		return nil
	case c.cache != nil:
		return c.cache
	}
	return r.shared
}

// route is the method and path template of r (see routeOf).
func (r request) route() string { return routeOf(r.method, r.path) }

// identified is implemented by every response type. After a 2xx answer is
// decoded, missingIdentity names the key that identifies the record (such
// as "id") when the answer lacks it, and returns "" otherwise: a 200 with
// null, {} or a record without its identifier is an error, never a zero
// value passed off as data.
type identified interface{ missingIdentity() string }

// envelope is implemented by response types that wrap a list (search
// pages, the monitor list): listKey names the list's key and whether the
// decoded list is nil. The key must be in the answer; a null list is
// accepted as an empty one.
type envelope interface {
	listKey() (key string, isNil bool)
}

// transportError explains a failure that produced no usable answer. A
// cancelled or expired context is returned as the context's error, so
// errors.Is(err, context.Canceled) works.
func (c *Client) transportError(ctx context.Context, r request, err error) error {
	if ctxErr := ctx.Err(); ctxErr != nil {
		return fmt.Errorf("registerdata: %s %s: %w", r.method, r.path, ctxErr)
	}
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		err = urlErr.Err // the URL is in our message already
	}
	return fmt.Errorf("%w: %s %s%s: no answer from the service: %w", ErrServer, r.method, c.baseURL.Host, r.path, err)
}

func newAPIError(r request, resp *http.Response) *APIError {
	body, _ := readLimited(resp.Body, -1, maxErrorBytes)
	e := &APIError{
		StatusCode: resp.StatusCode,
		RequestID:  resp.Header.Get("X-Request-Id"),
		Body:       body,
		Method:     r.method,
		Path:       r.path,
	}
	e.Code, e.Message = parseErrorBody(body)
	scrubAPIError(e, requestSecrets(r, resp.Request))
	if d, ok := retryAfter(resp, time.Now()); ok {
		e.RetryAfter = d
	}
	return e
}
