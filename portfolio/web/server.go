package web

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
)

//go:embed templates/*.html static/*.css
var files embed.FS

// Options configure the workplace (New).
type Options struct {
	// Auth is how people sign in: LocalAccounts() or OIDC(...). Required.
	Auth Auth
	// SecureCookies marks the session cookie Secure: set it when the
	// workplace is served over TLS, directly or by a proxy in front.
	SecureCookies bool
	// BehindProxy trusts the X-Forwarded-For, X-Forwarded-Host and
	// X-Forwarded-Proto headers of the proxy in front: the client's
	// address (for the sign-in lockout) and the host (for the
	// cross-origin check) come from them. Without it those headers are
	// dropped before any handler sees them, so nobody can forge them.
	BehindProxy bool
	// Logger receives what the server logs; nil logs nothing.
	Logger *slog.Logger
	// Prices are the prices shown before a paid lookup; nil is
	// registerdata.DefaultPrices(). Give the ones the portfolio's client
	// uses.
	Prices *registerdata.Prices
	// Now is the clock of the pages' periods; nil is time.Now.
	Now func() time.Time
	// Dossier, when set, lets reviewers open a company's KYC dossier
	// from its page: the workplace shows the most it costs
	// (DossierCredits), asks, builds it within that limit and records
	// the credits spent in the audit chain. Nil: no dossier button.
	Dossier DossierFunc
	// DossierCredits is the most one dossier spends; 0 is
	// DefaultDossierCredits.
	DossierCredits int64
}

// gate is the sign-in seam the pages stand behind (*authenticator).
type gate interface {
	routes(mux *http.ServeMux)
	require(need Role, h http.Handler) http.Handler
	health(ctx context.Context) error
}

// server holds what every page needs.
type server struct {
	p         *portfolio.Portfolio
	o         Options
	g         gate
	principal func(context.Context) (Principal, bool)
	prices    *registerdata.Prices
	log       *slog.Logger
	now       func() time.Time
	pages     map[string]*pageTemplate
}

// New returns the workplace's handler for p: the sign-in routes of
// o.Auth, every page behind them, GET /healthz and the stylesheet under
// /static/. It fails when p or o.Auth is missing or the sign-in cannot
// be set up.
func New(p *portfolio.Portfolio, o Options) (http.Handler, error) {
	if p == nil {
		return nil, errors.New("web: New: no portfolio: pass the one portfolio.Open returned")
	}
	if o.Auth == nil {
		return nil, errors.New("web: New: Options.Auth is missing: pass web.LocalAccounts() or web.OIDC(...)")
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	a, err := newAuthenticator(p, o.Auth, o.SecureCookies, log)
	if err != nil {
		return nil, fmt.Errorf("web: New: setting up sign-in: %w", err)
	}
	return newServer(p, o, a, principalFrom)
}

// newServer builds the handler on g; principal reads the Principal g's
// require put in a request's context.
func newServer(p *portfolio.Portfolio, o Options, g gate, principal func(context.Context) (Principal, bool)) (http.Handler, error) {
	s := &server{p: p, o: o, g: g, principal: principal, prices: o.Prices, log: o.Logger, now: o.Now}
	if s.prices == nil {
		s.prices = registerdata.DefaultPrices()
	}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	var err error
	if s.pages, err = parsePages(); err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	g.routes(mux)
	static, err := fs.Sub(files, "static")
	if err != nil {
		return nil, fmt.Errorf("web: the embedded stylesheet: %w", err)
	}
	mux.Handle("GET /static/", http.StripPrefix("/static/", http.FileServerFS(static)))
	mux.HandleFunc("GET /healthz", s.healthz)
	for _, rt := range s.routes() {
		mux.Handle(rt.pattern, g.require(rt.need, s.page(rt.h)))
	}
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "refused: this form was sent from another site; open the workplace itself and send it again", http.StatusForbidden)
	}))
	return s.proxied(secured(cop.Handler(mux))), nil
}

// route is one page or action: its pattern (method and path), the role
// it needs and its handler.
type route struct {
	pattern string
	need    Role
	h       pageFunc
}

// pageFunc is a page or an action of the person signed in.
type pageFunc func(w http.ResponseWriter, r *http.Request, who Principal)

// routes are every page and action behind the sign-in, with the role
// each needs: the one table the mux and the role tests read.
func (s *server) routes() []route {
	return []route{
		{"GET /{$}", Viewer, s.overview},
		{"GET /queue", Viewer, s.queue},
		{"GET /queue/item", Viewer, s.queueItem},
		{"POST /queue/resolve", Reviewer, s.resolve},
		{"GET /flags", Viewer, s.flags},
		{"POST /flags/acknowledge", Reviewer, s.acknowledge},
		{"GET /company", Viewer, s.company},
		{"POST /company/dossier", Reviewer, s.dossier},
		{"GET /journal", Viewer, s.journal},
		{"GET /approvals", Viewer, s.approvals},
		{"POST /approvals/approve", Approver, s.approve},
		{"POST /approvals/reject", Approver, s.reject},
		{"GET /audit", Viewer, s.audit},
		{"GET /audit.csv", Viewer, s.auditCSV},
		{"GET /users", Admin, s.users},
		{"POST /users/role", Admin, s.setRole},
		{"POST /users/remove", Admin, s.removeUser},
		{"GET /subscribers", Admin, s.subscribers},
		{"POST /subscribers/add", Admin, s.addSubscriber},
		{"POST /subscribers/remove", Admin, s.removeSubscriber},
		{"POST /subscribers/replay", Admin, s.replaySubscriber},
	}
}

// page adapts h to the mux: the Principal comes from the session.
func (s *server) page(h pageFunc) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		who, ok := s.principal(r.Context())
		if !ok {
			http.Error(w, "not signed in: sign in at /login", http.StatusUnauthorized)
			return
		}
		h(w, r, who)
	})
}

// healthz answers 200 while the database answers, else 503.
func (s *server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	defer cancel()
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	if err := s.g.health(ctx); err != nil {
		s.log.Warn("web: health: the database does not answer", "err", err)
		w.WriteHeader(http.StatusServiceUnavailable)
		fmt.Fprintln(w, "the database does not answer")
		return
	}
	fmt.Fprintln(w, "ok")
}

// csp is the Content-Security-Policy of every answer: no script at all,
// styles only from the workplace's own stylesheet, forms only to itself.
const csp = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

// secured sets the security headers of every answer.
func secured(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hd := w.Header()
		hd.Set("Content-Security-Policy", csp)
		hd.Set("X-Content-Type-Options", "nosniff")
		hd.Set("X-Frame-Options", "DENY")
		hd.Set("Referrer-Policy", "same-origin")
		hd.Set("Cache-Control", "no-store")
		h.ServeHTTP(w, r)
	})
}

// forwarded are the proxy headers BehindProxy trusts and drops otherwise.
var forwarded = []string{"X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "Forwarded", "X-Real-Ip"}

// proxied applies the BehindProxy semantics: with it, the client's
// address and the host come from the proxy's headers; without, those
// headers are dropped.
func (s *server) proxied(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !s.o.BehindProxy {
			for _, k := range forwarded {
				r.Header.Del(k)
			}
			h.ServeHTTP(w, r)
			return
		}
		r2 := r.Clone(r.Context())
		if xff := r.Header.Get("X-Forwarded-For"); xff != "" {
			// The proxy appends the address it saw: the last one is its word.
			parts := strings.Split(xff, ",")
			if ip := net.ParseIP(strings.TrimSpace(parts[len(parts)-1])); ip != nil {
				r2.RemoteAddr = net.JoinHostPort(ip.String(), "0")
			}
		}
		if host := r.Header.Get("X-Forwarded-Host"); host != "" {
			r2.Host = host
		}
		h.ServeHTTP(w, r2)
	})
}
