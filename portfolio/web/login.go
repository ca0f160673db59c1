package web

import (
	"bytes"
	"embed"
	"net/http"

	"github.com/gorilla/sessions"
)

//go:embed templates/login.html
var templates embed.FS

// loginPage is what the sign-in page shows.
type loginPage struct {
	Next     string
	Username string
	Error    string
	SSO      bool // the identity provider signs in: a button, no fields
}

// renderLogin writes the sign-in page with status.
func (a *authenticator) renderLogin(w http.ResponseWriter, status int, pg loginPage) {
	_, pg.SSO = a.auth.(*oidcAuth)
	var b bytes.Buffer
	if err := a.login.Execute(&b, pg); err != nil {
		a.logger.Error("web: rendering the sign-in page", "err", err)
		http.Error(w, "The sign-in page cannot be shown.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// showLogin is GET /login: the form (or, with OIDC, the button).
func (a *authenticator) showLogin(w http.ResponseWriter, r *http.Request) {
	a.renderLogin(w, http.StatusOK, loginPage{Next: safeNext(r.URL.Query().Get("next"))})
}

// postLogin is POST /login: a password sign-in, or the start of an OIDC
// one.
func (a *authenticator) postLogin(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		a.renderLogin(w, http.StatusBadRequest, loginPage{Error: "The sign-in form could not be read: send it again."})
		return
	}
	if o, ok := a.auth.(*oidcAuth); ok {
		o.begin(a, w, r, safeNext(r.PostFormValue("next")))
		return
	}
	a.passwordSignIn(w, r)
}

// logout is POST /logout: the session's row is deleted (the cookie alone
// opens nothing after it) and the cookie cleared.
func (a *authenticator) logout(w http.ResponseWriter, r *http.Request) {
	sess, err := a.store.Get(r, cookieName)
	if err == nil && sess.ID != "" {
		sess.Options = &sessions.Options{Path: "/", MaxAge: -1, HttpOnly: true, Secure: a.store.secure, SameSite: http.SameSiteLaxMode}
		if err := a.store.Save(r, w, sess); err != nil {
			a.logger.ErrorContext(r.Context(), "web: signing out", "err", err)
			http.Error(w, "The sign-out failed (the database does not answer): try again.", http.StatusServiceUnavailable)
			return
		}
	}
	http.Redirect(w, r, "/login", http.StatusSeeOther)
}
