package registerdata

import (
	"net/http"
	"net/url"
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

// route is the method and path template of r (see routeOf).
func (r request) route() string { return routeOf(r.method, r.path) }
