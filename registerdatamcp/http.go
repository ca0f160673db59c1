package registerdatamcp

import (
	"crypto/subtle"
	"net/http"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// NewHTTPHandler serves s over MCP's streamable HTTP transport. With a
// non-empty token every request must carry "Authorization: Bearer
// <token>" (compared in constant time), or it is answered 401 before the
// MCP layer sees it; an empty token serves without authentication, which
// only a loopback listener should do. Requests to a loopback listener
// that name another host are refused (DNS rebinding protection), and
// idle sessions end after 30 minutes.
func NewHTTPHandler(s *mcp.Server, token string) http.Handler {
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s },
		&mcp.StreamableHTTPOptions{SessionTimeout: 30 * time.Minute})
	if token == "" {
		return h
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got := []byte(strings.TrimSpace(r.Header.Get("Authorization")))
		if subtle.ConstantTimeCompare(got, want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="registerdata"`)
			http.Error(w, "missing or wrong bearer token", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}
