// Package web is the reviewers' web workplace of a portfolio: sign-in
// (local accounts or OpenID Connect), roles, and the pages behind them.
package web

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/registerdata/registerdata-go/portfolio"
)

// Role is what a signed-in person may do in the workplace.
type Role string

// The roles, from least to most: each allows what the ones before it do.
const (
	// Viewer reads.
	Viewer Role = "viewer"
	// Reviewer decides (resolves, removes, acknowledges).
	Reviewer Role = "reviewer"
	// Approver approves and rejects others' decisions.
	Approver Role = "approver"
	// Admin manages users and subscribers.
	Admin Role = "admin"
)

// rank is r's place among the roles; 0 for no role.
func (r Role) rank() int {
	switch r {
	case Viewer:
		return 1
	case Reviewer:
		return 2
	case Approver:
		return 3
	case Admin:
		return 4
	}
	return 0
}

// Allows reports whether r may do what need may: admin > approver >
// reviewer > viewer. An unknown role allows nothing.
func (r Role) Allows(need Role) bool {
	return r.rank() > 0 && need.rank() > 0 && r.rank() >= need.rank()
}

// Principal is the signed-in person of a request.
type Principal struct {
	// ID is the user name (local accounts) or the identity provider's
	// subject (OIDC).
	ID string
	// Name is how people read it.
	Name string
	// Role is what they may do.
	Role Role
}

// Auth is how people sign in: LocalAccounts or OIDC.
type Auth interface {
	// start prepares the way of signing in for a.
	start(ctx context.Context, a *authenticator) error
}

// authenticator signs people in and out and guards the routes.
type authenticator struct {
	p      *portfolio.Portfolio
	auth   Auth
	store  *dbStore
	logger *slog.Logger
	login  *template.Template
}

// newAuthenticator is the sign-in of the workplace of p: a's way of
// signing in, the session cookie Secure when secureCookies (served over
// TLS), sign-ins and refusals logged to logger (nil: none), never a
// password or a secret.
func newAuthenticator(p *portfolio.Portfolio, a Auth, secureCookies bool, logger *slog.Logger) (*authenticator, error) {
	if p == nil || a == nil {
		return nil, errors.New("web: the workplace needs a portfolio and a way of signing in (web.LocalAccounts() or web.OIDC(...))")
	}
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	ctx := context.Background()
	keys, err := p.SessionKeys(ctx)
	if err != nil {
		return nil, fmt.Errorf("web: reading the session keys: %w", err)
	}
	tmpl, err := template.ParseFS(templates, "templates/login.html")
	if err != nil {
		return nil, fmt.Errorf("web: the sign-in page: %w", err)
	}
	au := &authenticator{p: p, auth: a, store: newDBStore(p, keys, secureCookies), logger: logger, login: tmpl}
	if err := a.start(ctx, au); err != nil {
		return nil, err
	}
	return au, nil
}

// routes adds the sign-in's routes to mux: GET and POST /login, POST
// /logout, GET /auth/callback (OIDC).
func (a *authenticator) routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /login", a.showLogin)
	mux.HandleFunc("POST /login", a.postLogin)
	mux.HandleFunc("POST /logout", a.logout)
	mux.HandleFunc("GET /auth/callback", a.callback)
}

type principalKey struct{}

// principalFrom is the signed-in person of ctx (set by require).
func principalFrom(ctx context.Context) (Principal, bool) {
	p, ok := ctx.Value(principalKey{}).(Principal)
	return p, ok
}

// require lets through to h only a signed-in person whose role allows
// need: without a session a GET or HEAD is sent to /login?next= (other
// methods get 401), a lower role gets 403. h's request carries the
// Principal (principalFrom) and the portfolio's actor (portfolio.ActorFrom).
func (a *authenticator) require(need Role, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := a.store.user(r)
		if err != nil {
			a.logger.ErrorContext(r.Context(), "web: reading the session", "err", err)
			http.Error(w, "The sessions cannot be read: the database does not answer. Try again shortly.", http.StatusServiceUnavailable)
			return
		}
		if u == nil {
			if r.Method == http.MethodGet || r.Method == http.MethodHead {
				http.Redirect(w, r, "/login?next="+url.QueryEscape(r.URL.RequestURI()), http.StatusSeeOther)
				return
			}
			http.Error(w, "Sign in first: this request needs a session (GET /login).", http.StatusUnauthorized)
			return
		}
		pr := Principal{ID: u.ID, Name: u.Name, Role: Role(u.Role)}
		if !pr.Role.Allows(need) {
			a.logger.InfoContext(r.Context(), "web: refused", "user", pr.ID, "role", string(pr.Role), "needs", string(need), "method", r.Method, "path", r.URL.Path)
			http.Error(w, fmt.Sprintf("Your role (%s) may not do this: it needs %s.", pr.Role, need), http.StatusForbidden)
			return
		}
		ctx := context.WithValue(r.Context(), principalKey{}, pr)
		ctx = portfolio.WithActor(ctx, portfolio.Actor{ID: pr.ID, Name: pr.Name})
		h.ServeHTTP(w, r.WithContext(ctx))
	})
}

// health is nil while the database answers (portfolio's Ping).
func (a *authenticator) health(ctx context.Context) error {
	return a.p.Ping(ctx)
}

// remoteAddr is the host of r's remote address, as the lockout counts it.
func remoteAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// safeNext is next when it is a path of this site, else "/".
func safeNext(next string) string {
	if !strings.HasPrefix(next, "/") || strings.HasPrefix(next, "//") || strings.HasPrefix(next, "/\\") || strings.ContainsAny(next, "\r\n") {
		return "/"
	}
	if u, err := url.Parse(next); err != nil || u.Host != "" || u.Scheme != "" {
		return "/"
	}
	return next
}
