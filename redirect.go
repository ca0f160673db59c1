package registerdata

import (
	"errors"
	"fmt"
	"net/http"
)

// maxRedirects is how many redirects a call follows, as net/http does.
const maxRedirects = 10

// errRedirectRefused marks a redirect the client would not follow; such a
// call is not retried.
var errRedirectRefused = errors.New("redirect refused")

// guardRedirects returns the redirect policy of one call, st's, which
// keeps secrets at home:
//
//   - a redirect from https to http is refused outright;
//   - a request that carries a body (a search, a monitor, the
//     Transparenzregister password) or per-call headers (WithHeader,
//     which may hold a credential) never follows a redirect to another
//     scheme, host or port: 307 and 308 would send the body again there;
//   - any other request follows it without the Authorization header.
//
// next, the configured client's own CheckRedirect (nil: none), runs
// after these checks.
func guardRedirects(next func(*http.Request, []*http.Request) error, st *callState) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if len(via) >= maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		first := via[0]
		if first.URL.Scheme == "https" && req.URL.Scheme != "https" {
			return fmt.Errorf("%w from https to %s: the API key would travel in clear", errRedirectRefused, req.URL.Scheme)
		}
		if req.URL.Scheme != first.URL.Scheme || req.URL.Host != first.URL.Host {
			if hasBody(first) || st.sensitive {
				return fmt.Errorf("%w to %s://%s: the request carries a body or per-call headers, which never leave the service's origin",
					errRedirectRefused, req.URL.Scheme, req.URL.Host)
			}
			req.Header.Del("Authorization")
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
}

// hasBody reports whether r was sent with a body.
func hasBody(r *http.Request) bool {
	return r.ContentLength != 0 || (r.Body != nil && r.Body != http.NoBody)
}
