package registerdata

import (
	"errors"
	"fmt"
	"net/http"
)

// maxRedirects is how many redirects a call follows, as net/http does.
const maxRedirects = 10

// guardRedirects returns a copy of hc whose redirect policy keeps the API
// key at home: a redirect to another scheme, host or port is followed
// without the Authorization header, and one from https to http is refused
// outright. hc's own CheckRedirect, if any, runs after these checks.
func guardRedirects(hc *http.Client) *http.Client {
	copied := *hc
	next := hc.CheckRedirect
	copied.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if len(via) >= maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		first := via[0].URL
		if first.Scheme == "https" && req.URL.Scheme != "https" {
			return errors.New("refused a redirect from https to " + req.URL.Scheme + ": the API key would travel in clear")
		}
		if req.URL.Scheme != first.Scheme || req.URL.Host != first.Host {
			req.Header.Del("Authorization")
		}
		if next != nil {
			return next(req, via)
		}
		return nil
	}
	return &copied
}
