package web

// This file stands in for the sign-in seam of the webauth branch until it
// is merged; it is deleted by that merge. Nothing here signs anyone in:
// every guarded route refuses.

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/registerdata/registerdata-go/portfolio"
)

// Role is what a person signed in may do.
type Role string

// The roles, from the least to the most.
const (
	// Viewer reads.
	Viewer Role = "viewer"
	// Reviewer decides.
	Reviewer Role = "reviewer"
	// Approver approves others' decisions.
	Approver Role = "approver"
	// Admin manages users.
	Admin Role = "admin"
)

var rank = map[Role]int{Viewer: 1, Reviewer: 2, Approver: 3, Admin: 4}

// Allows reports whether r may do what need may.
func (r Role) Allows(need Role) bool { return rank[r] > 0 && rank[r] >= rank[need] }

// Principal is the person signed in.
type Principal struct {
	ID, Name string
	Role     Role
}

// Auth is how people sign in.
type Auth interface{ auth() }

type localAccounts struct{}

func (localAccounts) auth() {}

// LocalAccounts signs people in with the portfolio's local accounts.
func LocalAccounts() Auth { return localAccounts{} }

type authenticator struct{ p *portfolio.Portfolio }

func newAuthenticator(p *portfolio.Portfolio, _ Auth, _ bool, _ *slog.Logger) (*authenticator, error) {
	return &authenticator{p: p}, nil
}

func (a *authenticator) routes(*http.ServeMux) {}

func (a *authenticator) require(_ Role, _ http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		http.Error(w, "sign-in is not built yet", http.StatusUnauthorized)
	})
}

func principalFrom(context.Context) (Principal, bool) { return Principal{}, false }

func (a *authenticator) health(ctx context.Context) error {
	_, err := a.p.ReviewCount(ctx)
	return err
}

type oidcAuth struct{}

func (oidcAuth) auth() {}

// OIDC signs people in through an OpenID Connect provider.
func OIDC(issuer, clientID, clientSecret, redirectURL string) Auth { return oidcAuth{} }
