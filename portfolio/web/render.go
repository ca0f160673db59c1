package web

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/visible"
)

// pageTemplate is one page's template, parsed with the layout.
type pageTemplate struct{ t *template.Template }

// pageNames are the pages under templates/, each with layout.html.
var pageNames = []string{"overview", "queue", "item", "confirm", "flags", "company", "journal", "approvals", "audit", "users", "subscribers", "dossier", "error"}

// funcs are the templates' helpers: text and line show register and
// customer text with hidden characters made visible (visible.Text,
// visible.Line); named puts a name beside an id.
var funcs = template.FuncMap{
	"text":   visible.Text,
	"line":   visible.Line,
	"named":  named,
	"detail": detailLines,
	"when":   func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") },
	"day":    func(t time.Time) string { return t.UTC().Format("2006-01-02") },
	"may":    func(who Principal, need string) bool { return who.Role.Allows(Role(need)) },
	"actor":  func(a portfolio.Actor) string { return visible.Line(a.String()) },
	"dict2": func(who Principal, f flagRow, i int, back string) flagView {
		return flagView{Who: who, F: f, I: i, Back: back}
	},
}

// flagView is one flag with who looks at it, for the "flag" template.
type flagView struct {
	Who  Principal
	F    flagRow
	I    int
	Back string
}

// named is "Name (id)", the id alone without a name, shown as text.
func named(name, id string) string {
	switch {
	case name == "" && id == "":
		return "—"
	case name == "":
		return visible.Line(id)
	case id == "":
		return visible.Line(name)
	}
	return visible.Line(name) + " (" + visible.Line(id) + ")"
}

func parsePages() (map[string]*pageTemplate, error) {
	out := map[string]*pageTemplate{}
	for _, n := range pageNames {
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(files, "templates/layout.html", "templates/parts.html", "templates/"+n+".html")
		if err != nil {
			return nil, fmt.Errorf("web: the template of the %s page: %w", n, err)
		}
		out[n] = &pageTemplate{t: t}
	}
	return out, nil
}

// view is what every page's template gets: who is signed in, the page's
// title and its data.
type view struct {
	Who   Principal
	Title string
	Nav   string
	Flash string
	Data  any
}

// flashes are the messages a redirect after a POST may show (?done=).
var flashes = map[string]string{
	"resolved":           "The decision was recorded.",
	"acknowledged":       "The flag was acknowledged.",
	"approved":           "The decision was approved.",
	"rejected":           "The decision was rejected.",
	"role":               "The role was changed.",
	"removed":            "The user was removed.",
	"subscriber-added":   "The subscriber was added: it gets the entries journalled from now on.",
	"subscriber-removed": "The subscriber was removed: nothing more is sent to it.",
	"replayed":           "The entries were queued again: the workers send them.",
}

// render writes the page name with data, status 200.
func (s *server) render(w http.ResponseWriter, r *http.Request, who Principal, name, title string, data any) {
	s.renderStatus(w, r, who, http.StatusOK, name, title, data)
}

func (s *server) renderStatus(w http.ResponseWriter, r *http.Request, who Principal, status int, name, title string, data any) {
	var b bytes.Buffer
	v := view{Who: who, Title: title, Nav: name, Flash: flashes[r.URL.Query().Get("done")], Data: data}
	if err := s.pages[name].t.Execute(&b, v); err != nil {
		s.log.Error("web: rendering a page", "page", name, "err", err)
		http.Error(w, "the page could not be shown; the server log says why", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b.Bytes())
}

// fail shows what went wrong: the portfolio's own words for a refusal
// (a missing note, one's own decision, a decision no longer pending), a
// plain sentence otherwise (the cause goes to the log, never the page).
func (s *server) fail(w http.ResponseWriter, r *http.Request, who Principal, what string, err error) {
	status, msg := http.StatusInternalServerError, what+" failed; the server log says why. Try again, or ask an administrator."
	switch {
	case errors.Is(err, portfolio.ErrSelfApproval):
		status, msg = http.StatusForbidden, "You proposed this decision: four eyes means a second person approves it."
	case errors.Is(err, portfolio.ErrNoteRequired):
		status, msg = http.StatusBadRequest, "A note is required: say why."
	case errors.Is(err, portfolio.ErrNotPending):
		status, msg = http.StatusConflict, "The decision is no longer pending: someone approved or rejected it."
	case errors.Is(err, portfolio.ErrStale):
		status, msg = http.StatusConflict, "What the decision rests on changed since it was proposed: reject it and decide again."
	case errors.Is(err, portfolio.ErrNotFound):
		status, msg = http.StatusNotFound, "The portfolio holds no such entry or flag."
	case errors.As(err, new(*badInput)):
		status, msg = http.StatusBadRequest, err.Error()
	case errors.Is(err, context.Canceled):
		return
	default:
		if s.decisionRefused(err) {
			status, msg = http.StatusBadRequest, err.Error()
		} else {
			s.log.Error("web: "+what, "err", err)
		}
	}
	s.renderStatus(w, r, who, status, "error", "Not done", msg)
}

// decisionRefused reports whether err is the portfolio refusing a
// decision for what it was given (an id that names no company, a note
// too long): its message is for the person.
func (s *server) decisionRefused(err error) bool {
	return errors.Is(err, portfolio.ErrInvalidRow) || errors.Is(err, portfolio.ErrNoActor)
}

// badInput is a form the workplace refuses, in words for the person.
type badInput struct{ msg string }

func (e *badInput) Error() string { return e.msg }

func refuse(format string, args ...any) error { return &badInput{msg: fmt.Sprintf(format, args...)} }

// done redirects after a POST to path with the flash message key.
func done(w http.ResponseWriter, r *http.Request, path, key string) {
	u := url.URL{Path: path}
	q := url.Values{}
	q.Set("done", key)
	u.RawQuery = q.Encode()
	http.Redirect(w, r, u.String(), http.StatusSeeOther)
}

// as is the request's context carrying who as the portfolio's actor.
func as(r *http.Request, who Principal) context.Context {
	return portfolio.WithActor(r.Context(), portfolio.Actor{ID: who.ID, Name: who.Name})
}
