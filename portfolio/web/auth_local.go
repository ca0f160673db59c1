package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
)

// localAccounts signs people in with the portfolio's local accounts
// (portfolio.AddUser; "registerdata portfolio users add").
type localAccounts struct{}

// LocalAccounts signs people in with a user name and password kept in
// the portfolio's database (argon2id), set by an admin with
// "registerdata portfolio users add" and "users password".
func LocalAccounts() Auth { return localAccounts{} }

func (localAccounts) start(context.Context, *authenticator) error { return nil }

// passwordSignIn handles POST /login with the fields username and
// password: a wrong one answers 401, a locked account or address 429
// with Retry-After; neither says which of name and password was wrong.
func (a *authenticator) passwordSignIn(w http.ResponseWriter, r *http.Request) {
	name, password := r.PostFormValue("username"), r.PostFormValue("password")
	next := safeNext(r.PostFormValue("next"))
	addr := remoteAddr(r)
	ctx := r.Context()
	u, err := a.p.CheckPassword(ctx, name, password, addr)
	var locked *portfolio.LockedError
	switch {
	case errors.As(err, &locked):
		secs := int((locked.RetryAfter + time.Second - 1) / time.Second)
		a.logger.WarnContext(ctx, "web: sign-in refused: locked after wrong passwords", "user", name, "addr", addr, "retry_after_s", secs)
		w.Header().Set("Retry-After", strconv.Itoa(secs))
		a.renderLogin(w, http.StatusTooManyRequests, loginPage{Next: next, Username: name,
			Error: "Too many wrong passwords for this account or from this address: try again in " + (time.Duration(secs) * time.Second).String() + "."})
		return
	case errors.Is(err, portfolio.ErrBadCredentials):
		a.logger.InfoContext(ctx, "web: sign-in refused: wrong user name or password", "user", name, "addr", addr)
		a.renderLogin(w, http.StatusUnauthorized, loginPage{Next: next, Username: name, Error: "Wrong user name or password."})
		return
	case err != nil:
		a.logger.ErrorContext(ctx, "web: checking a password", "user", name, "err", err)
		a.renderLogin(w, http.StatusServiceUnavailable, loginPage{Next: next, Username: name, Error: "The sign-in cannot be checked now (the database does not answer): try again shortly."})
		return
	}
	a.finishSignIn(w, r, portfolio.SignIn{User: u, Method: "password", Addr: addr}, next)
}

// finishSignIn begins the signed-in session and sends the browser to next.
func (a *authenticator) finishSignIn(w http.ResponseWriter, r *http.Request, in portfolio.SignIn, next string) {
	ctx := r.Context()
	u, err := a.store.signIn(ctx, w, r, in)
	if err != nil {
		a.logger.ErrorContext(ctx, "web: starting a session", "user", in.User.ID, "err", err)
		a.renderLogin(w, http.StatusServiceUnavailable, loginPage{Next: next, Error: "The session cannot be started now: try again shortly."})
		return
	}
	a.logger.InfoContext(ctx, "web: signed in", "user", u.ID, "name", u.Name, "role", u.Role, "method", in.Method, "addr", in.Addr)
	http.Redirect(w, r, next, http.StatusSeeOther)
}
