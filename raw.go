package registerdata

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/textproto"
	"net/url"
	"reflect"
	"strings"
)

// Do calls any endpoint of the service, including those this SDK does not
// model yet, and decodes a 2xx answer into out:
//
//	var raw json.RawMessage
//	err := c.Do(ctx, "GET", "/v1/company/DE-HRB-F1103-267645/owners", nil, &raw)
//
// path is the escaped path under the base URL, starting with "/" (a query
// string may follow "?"). body, when non-nil, is sent as JSON: a
// json.RawMessage or []byte as it is (it must be valid JSON), anything
// else through encoding/json. out may be a *json.RawMessage, a pointer
// to any struct or value encoding/json decodes into, or nil to discard
// the answer.
//
// Everything that applies to the modelled methods applies to Do: the API
// key, retries, the rate limit, redirects (a request with a body never
// follows one off the service's origin), error mapping (*APIError with
// the sentinels), redaction, the Observer, and the credit budget, which
// holds and counts, per successful attempt, the client's price of the
// route (Client.Prices; UnpublishedPrice for a route the table does not
// hold) or what WithCost says. GET requests of the routes WithCache serves
// (company lookups, owners, beneficial owners) with a non-nil out use
// the cache as GetCompany does. Use WithHeader for headers of your own.
//
// A method that is not an HTTP token, a path that is not a plain
// relative path (a scheme or host, "." or ".." segments, "//", a
// fragment, spaces), a body that is not valid JSON, or an out that is not
// a pointer fails with ErrInvalidRequest before anything is sent.
func (c *Client) Do(ctx context.Context, method, path string, body, out any, opts ...CallOption) error {
	cfg := newCallConfig(opts)
	r, err := rawRequest(method, path, body)
	if err != nil {
		return err
	}
	if out != nil {
		if v := reflect.ValueOf(out); v.Kind() != reflect.Pointer || v.IsNil() {
			return fmt.Errorf("%w: Do: out is a %T: want nil or a non-nil pointer, such as &raw for a json.RawMessage", ErrInvalidRequest, out)
		}
	}
	if cfg.cost >= 0 {
		r.cost, r.costGiven = cfg.cost, true
	}
	r.cache = r.method == http.MethodGet && cachedRoutes[routeOf(r.method, r.path)]
	r.anyAnswer = true
	_, err = c.send(ctx, r, out, &cfg)
	return err
}

// cachedRoutes are the routes whose answers WithCache keeps.
var cachedRoutes = map[string]bool{
	"GET /v1/company/{company_id}":        true,
	"GET /v1/company/{company_id}/owners": true,
	"GET /v1/company/{company_id}/ubo":    true,
}

// rawRequest checks and builds the request of a Do call.
func rawRequest(method, path string, body any) (request, error) {
	bad := func(format string, args ...any) (request, error) {
		return request{}, fmt.Errorf("%w: Do: "+format, append([]any{ErrInvalidRequest}, args...)...)
	}
	if method == "" || strings.IndexFunc(method, func(r rune) bool { return r < 'A' || r > 'Z' }) >= 0 {
		return bad("method %q: want an upper-case HTTP method such as GET or POST", method)
	}
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") || strings.ContainsAny(path, " #\\") ||
		strings.IndexFunc(path, func(r rune) bool { return r < 0x21 || r == 0x7f }) >= 0 {
		return bad("path %q: want an escaped path under the base URL, such as /v1/company/DE-HRB-F1103-267645/owners", path)
	}
	u, err := url.Parse(path)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil {
		return bad("path %q: want a path under the base URL, not an address", path)
	}
	for _, seg := range strings.Split(u.EscapedPath(), "/")[1:] {
		if seg == "" || seg == "." || seg == ".." {
			return bad("path %q: empty, \".\" and \"..\" segments are refused", path)
		}
	}
	r := request{method: method, endpoint: endpoint{path: u.EscapedPath()}}
	if u.RawQuery != "" {
		q, err := url.ParseQuery(u.RawQuery)
		if err != nil {
			return bad("path %q: the query string: %v", path, err)
		}
		r.query = q
	}
	switch b := body.(type) {
	case nil:
	case json.RawMessage:
		if !json.Valid(b) {
			return bad("the body is not valid JSON")
		}
		r.body = b
	case []byte:
		if !json.Valid(b) {
			return bad("the body is not valid JSON")
		}
		r.body = json.RawMessage(b)
	default:
		r.body = body
	}
	return r, nil
}

// WithCost sets what a Do call holds in the credit budget and counts as
// spent per successful attempt, for an endpoint whose price is known
// (credits >= 0; 0 for a free one). Without it, Do counts the client's
// price of the route (see WithPrices). The modelled methods bill by the
// client's price table and ignore it.
func WithCost(credits int64) CallOption {
	return func(c *callConfig) {
		if credits < 0 {
			c.fail(fmt.Errorf("%w: WithCost(%d): want 0 or more credits", ErrInvalidRequest, credits))
			return
		}
		c.cost = credits
	}
}

// reservedHeaders are set by the client itself and refused by WithHeader.
var reservedHeaders = map[string]string{
	"Authorization":     "the API key is sent by the client; use WithAPIKey",
	"Host":              "the host is the base URL's",
	"Content-Length":    "the client sets it",
	"Content-Type":      "the client sends JSON",
	"Transfer-Encoding": "the client sets it",
	"Connection":        "the transport sets it",
	"Accept":            "the client accepts JSON",
	"User-Agent":        "use WithUserAgent",
}

// WithHeader adds the header key: value to the requests of one call, of
// any method (several WithHeader options add several values). The
// headers the client sets itself (Authorization, Content-Type, Accept,
// User-Agent, ...) are refused, as are keys and values that HTTP does not
// allow, with an error wrapping ErrInvalidRequest. A request with such a
// header never follows a redirect off the service's origin, since the
// header may hold a credential.
func WithHeader(key, value string) CallOption {
	return func(c *callConfig) {
		canon := textproto.CanonicalMIMEHeaderKey(key)
		if why, ok := reservedHeaders[canon]; ok {
			c.fail(fmt.Errorf("%w: WithHeader(%q): %s", ErrInvalidRequest, key, why))
			return
		}
		if !validHeaderKey(key) || strings.ContainsAny(value, "\r\n\x00") {
			c.fail(fmt.Errorf("%w: WithHeader(%q, ...): not a valid header key or value (letters, digits and !#$%%&'*+-.^_`|~ in keys; no line breaks in values)", ErrInvalidRequest, key))
			return
		}
		if c.header == nil {
			c.header = http.Header{}
		}
		c.header.Add(canon, value)
	}
}

// validHeaderKey reports whether key is an HTTP token.
func validHeaderKey(key string) bool {
	if key == "" {
		return false
	}
	for i := 0; i < len(key); i++ {
		b := key[i]
		switch {
		case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', '0' <= b && b <= '9':
		case strings.IndexByte("!#$%&'*+-.^_`|~", b) >= 0:
		default:
			return false
		}
	}
	return true
}

// mergeHeaders returns base with the values of extra added, without
// changing either.
func mergeHeaders(base, extra http.Header) http.Header {
	out := base.Clone()
	if out == nil {
		out = make(http.Header, len(extra))
	}
	for k, vs := range extra {
		out[k] = append(out[k], vs...)
	}
	return out
}
