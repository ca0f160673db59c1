package registerdata

import (
	"net/http"
	"net/url"
	"strings"
)

// request describes one API call.
type request struct {
	method string
	endpoint
	query  url.Values // may be nil
	body   any        // JSON-encoded when non-nil
	header http.Header
	// variant is the price variant of the call (realtime=true, a daily
	// monitor, a sandbox extract); "" for the route's own price.
	variant PriceVariant
	// cost is what each billed answer of the call costs: the client's
	// price of the route and variant, filled in by send, or what Do's
	// WithCost gives (costGiven).
	cost      int64
	costGiven bool
	cache     bool // a lookup WithCache may serve (see Cache for the key)
	// shared serves and keeps a cacheable lookup when the client has no
	// cache of its own (MatchOptions.Suggestions); nil: none.
	shared Cache
	// anyAnswer takes every 2xx answer as the result (Do's contract);
	// otherwise only those routeAnswers marks as data are.
	anyAnswer bool
}

// endpoint is where a request goes: its path, and the path template of
// the service's operation it calls, as api/openapi.yaml writes it.
type endpoint struct {
	path string // escaped, starting with /v0/ or /v1/
	// template is "" for a path built by the caller of Do, whose route
	// is recovered from the path (routeOf).
	template string
	// invalid says why no path could be built (an id missing or empty);
	// the call is refused with ErrInvalidRequest before anything is sent.
	invalid string
}

// pathOf is the endpoint of the operation whose path template is
// template, written at the call ("/v1/company/{company_id}"), with its
// placeholders filled in order by ids, each escaped as one path segment.
// The call's route is the template, never an id.
//
// The callers check each id before (checkCompanyID, checkPathID, ...),
// refusing with ErrInvalidRequest what cannot be a path segment; pathOf
// checks what they cannot get wrong without a bug of this package (as
// many ids as placeholders, none of them empty) and, rather than panic,
// returns an endpoint the pipeline refuses with ErrInvalidRequest.
func pathOf(template string, ids ...string) endpoint {
	if len(ids) == 0 && !strings.Contains(template, "{") {
		return endpoint{path: template, template: template}
	}
	var b strings.Builder
	n := len(template)
	for _, id := range ids {
		n += 3 * len(id) // at most, escaped
	}
	b.Grow(n)
	rest := template
	for _, id := range ids {
		open := strings.IndexByte(rest, '{')
		end := strings.IndexByte(rest, '}')
		if open < 0 || end < open || id == "" {
			return badPath(template)
		}
		b.WriteString(rest[:open])
		b.WriteString(url.PathEscape(id))
		rest = rest[end+1:]
	}
	if strings.Contains(rest, "{") {
		return badPath(template)
	}
	b.WriteString(rest)
	return endpoint{path: b.String(), template: template}
}

// badPath is the endpoint of a template whose ids do not fill it.
func badPath(template string) endpoint {
	return endpoint{template: template, invalid: "the path " + template + " needs one non-empty id for each placeholder"}
}

// route is the method and path template of r: the template written at
// the call, or for a path sent with Do the one recovered from it (see
// routeOf).
func (r request) route() string {
	if r.template != "" {
		return routeMethod(r.method) + " " + r.template
	}
	return routeOf(r.method, r.path)
}
