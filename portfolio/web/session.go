package web

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/gorilla/securecookie"
	"github.com/gorilla/sessions"
	"github.com/registerdata/registerdata-go/portfolio"
)

// cookieName is the session cookie's name.
const cookieName = "registerdata_session"

// userKey is the key of the session's *portfolio.User in its Values (not
// stored: read from the database with the session).
type userKey struct{}

// dbStore is a gorilla/sessions Store on the portfolio's tables: the
// cookie holds only the session's id, signed with keys kept in the
// database (so a restart keeps the sessions); the values, the user and
// the timeouts live in the database (portfolio.Session).
type dbStore struct {
	p      *portfolio.Portfolio
	codecs []securecookie.Codec
	secure bool
}

var _ sessions.Store = (*dbStore)(nil)

func newDBStore(p *portfolio.Portfolio, keys [][]byte, secure bool) *dbStore {
	s := &dbStore{p: p, secure: secure}
	for _, k := range keys {
		c := securecookie.New(k, nil)
		c.MaxAge(int(portfolio.AbsoluteTimeout / time.Second))
		s.codecs = append(s.codecs, c)
	}
	return s
}

// options are the cookie's: HttpOnly, SameSite=Lax, Secure over TLS, for
// the browser's session (the server enforces the timeouts).
func (s *dbStore) options() *sessions.Options {
	return &sessions.Options{Path: "/", HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode}
}

// Get is the request's session (one per request and name).
func (s *dbStore) Get(r *http.Request, name string) (*sessions.Session, error) {
	return sessions.GetRegistry(r).Get(s, name)
}

// New is the session the request's cookie names, or a new one when it
// names none that lives.
func (s *dbStore) New(r *http.Request, name string) (*sessions.Session, error) {
	sess := sessions.NewSession(s, name)
	sess.Options = s.options()
	sess.IsNew = true
	c, err := r.Cookie(name)
	if err != nil {
		return sess, nil
	}
	var id string
	if err := securecookie.DecodeMulti(name, c.Value, &id, s.codecs...); err != nil {
		return sess, nil // a forged, stale or foreign cookie: a new session
	}
	row, err := s.p.Session(r.Context(), id)
	if errors.Is(err, portfolio.ErrNoSession) {
		return sess, nil
	}
	if err != nil {
		return sess, err
	}
	sess.ID, sess.IsNew = id, false
	for k, v := range row.Data {
		sess.Values[k] = v
	}
	if row.User != nil {
		sess.Values[userKey{}] = row.User
	}
	return sess, nil
}

// Save keeps the session's string values (a new session gets its row), or
// deletes its row when its MaxAge is negative, and sets the cookie.
func (s *dbStore) Save(r *http.Request, w http.ResponseWriter, sess *sessions.Session) error {
	ctx := r.Context()
	if sess.Options != nil && sess.Options.MaxAge < 0 {
		if sess.ID != "" {
			if err := s.p.EndSession(ctx, sess.ID); err != nil {
				return err
			}
		}
		http.SetCookie(w, sessions.NewCookie(sess.Name(), "", sess.Options))
		return nil
	}
	data := map[string]string{}
	for k, v := range sess.Values {
		ks, ok1 := k.(string)
		vs, ok2 := v.(string)
		if ok1 && ok2 {
			data[ks] = vs
		}
	}
	if sess.ID == "" {
		row, err := s.p.NewSession(ctx, data)
		if err != nil {
			return err
		}
		sess.ID = row.ID
	} else if err := s.p.SaveSession(ctx, sess.ID, data); err != nil {
		return err
	}
	return s.setCookie(w, sess)
}

// setCookie sets the cookie naming sess.
func (s *dbStore) setCookie(w http.ResponseWriter, sess *sessions.Session) error {
	v, err := securecookie.EncodeMulti(sess.Name(), sess.ID, s.codecs...)
	if err != nil {
		return err
	}
	opts := sess.Options
	if opts == nil {
		opts = s.options()
	}
	http.SetCookie(w, sessions.NewCookie(sess.Name(), v, opts))
	return nil
}

// user is the signed-in user of r's session, or nil.
func (s *dbStore) user(r *http.Request) (*portfolio.User, error) {
	sess, err := s.Get(r, cookieName)
	if err != nil {
		return nil, err
	}
	u, _ := sess.Values[userKey{}].(*portfolio.User)
	return u, nil
}

// signIn begins a signed-in session for in, replacing r's session (its
// id is never reused: no fixation), and sets the cookie.
func (s *dbStore) signIn(ctx context.Context, w http.ResponseWriter, r *http.Request, in portfolio.SignIn) (*portfolio.User, error) {
	sess, err := s.Get(r, cookieName)
	if err != nil {
		return nil, err
	}
	in.Replaces = sess.ID
	row, err := s.p.StartSession(ctx, in)
	if err != nil {
		return nil, err
	}
	sess.ID, sess.IsNew = row.ID, false
	sess.Values = map[any]any{userKey{}: row.User}
	sess.Options = s.options()
	return row.User, s.setCookie(w, sess)
}
