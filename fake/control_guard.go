package fake

import (
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// The control routes under /_fake/ need no API key, so a web page a
// developer opens while the fake runs must not reach them: a page of
// another site can send a "simple" cross-site POST (text/plain, no
// preflight), and through DNS rebinding a foreign host name can resolve to
// 127.0.0.1. guardControl refuses both:
//
//   - the Host header must name a loopback host (localhost, *.localhost,
//     127.0.0.0/8, ::1) or a host given to WithControlHosts (403);
//   - an Origin header, when sent, must be of a loopback host or an
//     allowed one too (403);
//   - a POST, PUT or PATCH with a body must send it as JSON (Content-Type
//     application/json or application/*+json, 415): a browser sends such
//     a request across sites only after a CORS preflight, which the fake
//     never grants.
//
// The request inspector's bins take any request (they record what a
// webhook sender sends), so they are exempt from the content type rule,
// not from the host rule.

// WithControlHosts lets the control routes under /_fake/ answer requests
// addressed to the given host names (without port) besides loopback
// ones, such as the service name of a container ("registerfake"). "*"
// allows every host and turns off the protection against DNS rebinding:
// use it only where no browser can reach the fake.
func WithControlHosts(hosts ...string) Option {
	return func(c *config) {
		for _, h := range hosts {
			c.controlHosts = append(c.controlHosts, strings.ToLower(strings.TrimSpace(h)))
		}
	}
}

// guardControl wraps the control route pattern's handler h with the
// checks above.
func (s *Server) guardControl(pattern string, h http.Handler) http.Handler {
	anyBody := strings.HasSuffix(pattern, "/_fake/inspector/{bin}")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.controlHost(r.Host) {
			writeErrorf(w, http.StatusForbidden, CodeForbidden,
				"the /_fake/ controls answer only requests to a loopback host (localhost, 127.0.0.1, [::1]), not to %q: "+
					"address the fake by a loopback address, or allow the host with WithControlHosts (registerfake -control-host)", r.Host)
			return
		}
		if origin := r.Header.Get("Origin"); origin != "" && !s.controlOrigin(origin) {
			writeErrorf(w, http.StatusForbidden, CodeForbidden,
				"the /_fake/ controls refuse requests from web pages of other sites (Origin %q)", origin)
			return
		}
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch:
			// An empty body carries nothing to refuse here: the route
			// answers 400 for it.
			if !anyBody && r.ContentLength != 0 && !isJSONType(r.Header.Get("Content-Type")) {
				writeErrorf(w, http.StatusUnsupportedMediaType, CodeInvalidRequest,
					"the /_fake/ controls take JSON: send the body with Content-Type: application/json (got %q)", r.Header.Get("Content-Type"))
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}

// controlHost reports whether the Host header hostport may reach the
// controls.
func (s *Server) controlHost(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return true
	}
	for _, allowed := range s.cfg.controlHosts {
		if allowed == "*" || (allowed == host && host != "") {
			return true
		}
	}
	return false
}

// controlOrigin reports whether a page of origin may use the controls.
func (s *Server) controlOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" {
		return false // "null" (a sandboxed page or a file) and garbage
	}
	return s.controlHost(u.Host)
}

// isJSONType reports whether a Content-Type value is JSON.
func isJSONType(v string) bool {
	mt, _, err := mime.ParseMediaType(v)
	if err != nil {
		return false
	}
	return mt == "application/json" || (strings.HasPrefix(mt, "application/") && strings.HasSuffix(mt, "+json"))
}
