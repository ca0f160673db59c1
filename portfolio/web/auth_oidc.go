package web

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/registerdata/registerdata-go/portfolio"
	"golang.org/x/oauth2"
)

// oidcAuth signs people in through an OpenID Connect provider:
// authorization code with PKCE, state and nonce checked.
type oidcAuth struct {
	issuer, clientID, clientSecret, redirectURL string
	roles                                       map[string]Role

	verifier *oidc.IDTokenVerifier
	config   oauth2.Config
}

// OIDCOption tunes OIDC.
type OIDCOption func(*oidcAuth)

// WithRoles gives the role of a person's first sign-in by their subject
// or e-mail address (default: viewer); after it, the role stored wins and
// an admin changes it ("registerdata portfolio users role").
func WithRoles(roles map[string]Role) OIDCOption {
	return func(o *oidcAuth) {
		for k, v := range roles {
			o.roles[k] = v
		}
	}
}

// OIDC signs people in through the OpenID Connect provider at issuer as
// the client clientID (with clientSecret, which is never logged or shown),
// the provider sending them back to redirectURL (the workplace's
// /auth/callback). People signing in for the first time are added as
// viewers unless WithRoles says otherwise.
func OIDC(issuer, clientID, clientSecret, redirectURL string, opts ...OIDCOption) Auth {
	o := &oidcAuth{issuer: issuer, clientID: clientID, clientSecret: clientSecret, redirectURL: redirectURL, roles: map[string]Role{}}
	for _, opt := range opts {
		opt(o)
	}
	return o
}

// start discovers the provider.
func (o *oidcAuth) start(ctx context.Context, _ *authenticator) error {
	for k, r := range o.roles {
		if r.rank() == 0 {
			return fmt.Errorf("web: the OIDC role of %q is %q, none of viewer, reviewer, approver, admin", k, r)
		}
	}
	if o.issuer == "" || o.clientID == "" || o.redirectURL == "" {
		return fmt.Errorf("web: OIDC needs the issuer, the client id and the redirect URL (the workplace's /auth/callback)")
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	p, err := oidc.NewProvider(ctx, o.issuer)
	if err != nil {
		return fmt.Errorf("web: discovering the OIDC provider %s: %w; check the issuer URL", o.issuer, err)
	}
	o.verifier = p.Verifier(&oidc.Config{ClientID: o.clientID})
	o.config = oauth2.Config{ClientID: o.clientID, ClientSecret: o.clientSecret, Endpoint: p.Endpoint(),
		RedirectURL: o.redirectURL, Scopes: []string{oidc.ScopeOpenID, "profile", "email"}}
	return nil
}

// The session values of an OIDC sign-in under way.
const (
	keyState    = "oidc_state"
	keyNonce    = "oidc_nonce"
	keyVerifier = "oidc_verifier"
	keyNext     = "oidc_next"
)

func randomToken() (string, error) {
	b := make([]byte, 24)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// begin sends the browser to the provider, keeping state, nonce and the
// PKCE verifier in a session that is not signed in.
func (o *oidcAuth) begin(a *authenticator, w http.ResponseWriter, r *http.Request, next string) {
	sess, err := a.store.Get(r, cookieName)
	if err != nil {
		a.renderLogin(w, http.StatusServiceUnavailable, loginPage{Next: next, Error: "The session cannot be read now: try again shortly."})
		return
	}
	state, err1 := randomToken()
	nonce, err2 := randomToken()
	if err1 != nil || err2 != nil {
		a.renderLogin(w, http.StatusInternalServerError, loginPage{Next: next, Error: "No random numbers: try again."})
		return
	}
	verifier := oauth2.GenerateVerifier()
	sess.Values[keyState], sess.Values[keyNonce], sess.Values[keyVerifier], sess.Values[keyNext] = state, nonce, verifier, next
	if err := a.store.Save(r, w, sess); err != nil {
		a.logger.ErrorContext(r.Context(), "web: keeping the OIDC sign-in's state", "err", err)
		a.renderLogin(w, http.StatusServiceUnavailable, loginPage{Next: next, Error: "The session cannot be kept now: try again shortly."})
		return
	}
	http.Redirect(w, r, o.config.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(verifier)), http.StatusSeeOther)
}

// callback is GET /auth/callback: the provider's answer, its state and
// the ID token's nonce checked against the session's.
func (a *authenticator) callback(w http.ResponseWriter, r *http.Request) {
	o, ok := a.auth.(*oidcAuth)
	if !ok {
		http.NotFound(w, r)
		return
	}
	ctx := r.Context()
	refuse := func(why string, args ...any) {
		a.logger.WarnContext(ctx, "web: OIDC sign-in refused: "+why, args...)
		a.renderLogin(w, http.StatusBadRequest, loginPage{Error: "The sign-in through the identity provider failed (" + why + "): sign in again."})
	}
	sess, err := a.store.Get(r, cookieName)
	if err != nil {
		refuse("the session cannot be read")
		return
	}
	state, _ := sess.Values[keyState].(string)
	nonce, _ := sess.Values[keyNonce].(string)
	verifier, _ := sess.Values[keyVerifier].(string)
	next, _ := sess.Values[keyNext].(string)
	q := r.URL.Query()
	if e := q.Get("error"); e != "" {
		refuse("the provider answered an error", "error", o.scrub(errors.New(e)), "description", o.scrub(errors.New(q.Get("error_description"))))
		return
	}
	got := q.Get("state")
	if state == "" || subtle.ConstantTimeCompare([]byte(got), []byte(state)) != 1 {
		refuse("its state does not match this browser's sign-in", "addr", remoteAddr(r))
		return
	}
	// The state is used once.
	delete(sess.Values, keyState)
	_ = a.store.Save(r, w, sess)
	tok, err := o.config.Exchange(ctx, q.Get("code"), oauth2.VerifierOption(verifier))
	if err != nil {
		refuse("the code was not exchanged", "err", o.scrub(err))
		return
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		refuse("the provider sent no ID token")
		return
	}
	idt, err := o.verifier.Verify(ctx, raw)
	if err != nil {
		refuse("the ID token does not verify", "err", o.scrub(err))
		return
	}
	if subtle.ConstantTimeCompare([]byte(idt.Nonce), []byte(nonce)) != 1 {
		refuse("the ID token's nonce does not match")
		return
	}
	var claims struct {
		Name     string `json:"name"`
		Email    string `json:"email"`
		Username string `json:"preferred_username"`
	}
	_ = idt.Claims(&claims)
	name := firstOf(claims.Name, claims.Email, claims.Username, idt.Subject)
	role := Viewer
	if r, ok := o.roles[idt.Subject]; ok {
		role = r
	} else if r, ok := o.roles[claims.Email]; ok && claims.Email != "" {
		role = r
	}
	a.finishSignIn(w, r, portfolio.SignIn{User: portfolio.User{ID: idt.Subject, Name: name, Role: string(role)}, Method: "oidc", Addr: remoteAddr(r)}, safeNext(next))
}

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// scrub is err's text with the client secret cut out: a provider may
// echo it in an error ("Invalid client secret: ..."), and no log line
// shows it.
func (o *oidcAuth) scrub(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	if o.clientSecret != "" {
		msg = strings.ReplaceAll(msg, o.clientSecret, "[client secret]")
	}
	return msg
}

// ParseRoles reads the role mapping of a command-line flag for
// WithRoles: comma-separated SUBJECT_OR_EMAIL=ROLE pairs, such as
// "anna@bank.example=approver,2c1f0e=admin".
func ParseRoles(s string) (map[string]Role, error) {
	out := map[string]Role{}
	for _, pair := range strings.Split(s, ",") {
		pair = strings.TrimSpace(pair)
		if pair == "" {
			continue
		}
		who, role, ok := strings.Cut(pair, "=")
		who, r := strings.TrimSpace(who), Role(strings.TrimSpace(role))
		if !ok || who == "" {
			return nil, fmt.Errorf("web: the role mapping %q is not SUBJECT_OR_EMAIL=ROLE", pair)
		}
		if r.rank() == 0 {
			return nil, fmt.Errorf("web: the role mapping %q: %q is none of viewer, reviewer, approver, admin", pair, role)
		}
		out[who] = r
	}
	return out, nil
}
