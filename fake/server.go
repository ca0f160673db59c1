package fake

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// Server is a running fake of the Register Data Service: an in-memory
// register served over HTTP on a loopback address, for tests and local
// development. It serves the /v1/ endpoints as the specification
// describes them (authentication, credits, rate limits, errors) and test
// controls under /_fake/ (see the package documentation).
//
// Start one with NewServer and stop it with Close. Its methods are safe
// for concurrent use.
type Server struct {
	// URL is the base address of the server, "http://127.0.0.1:port",
	// without a trailing slash: pass it to the client as its base URL.
	URL string
	// APIKey is a valid API key seeded with credits (see WithCredits).
	APIKey string

	cfg        config
	clock      *Clock
	prices     *registerdata.Prices // what each answer bills (WithPrices)
	accounts   *accounts
	store      *store
	faults     faults
	signingKey []byte
	random     *randomness
	sleeper    func(context.Context, time.Duration) bool // nil: sleepCtx; set by tests before serving
	mux        *http.ServeMux
	http       *http.Server
	listener   net.Listener
	ext        extStore
	requests   atomic.Uint64
	controls   []string // patterns given to handleControl, checked against controlRouteList

	closeMu   sync.Mutex
	closers   []func()
	closeOnce sync.Once
}

// NewServer starts a fake on a free loopback port and returns it; stop it
// with Close. Like httptest.NewServer it panics only if no loopback port
// can be opened, or if the bundled data is broken (which the package's
// tests rule out). Use Listen to choose the address and get errors instead.
func NewServer(opts ...Option) *Server {
	s, err := Listen("127.0.0.1:0", opts...)
	if err != nil {
		panic(err)
	}
	return s
}

// Listen starts a fake listening on addr ("127.0.0.1:8080"; port 0 picks a
// free one). It fails if the address cannot be opened.
func Listen(addr string, opts ...Option) (*Server, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		o(&cfg)
	}
	s, err := newServer(cfg)
	if err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("fake: listen on %s: %w", addr, err)
	}
	s.listener = l
	s.URL = "http://" + l.Addr().String()
	s.http = &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = s.http.Serve(l) }()
	return s, nil
}

// newServer builds the server's state, loads the register and installs
// the extensions; it does not listen.
func newServer(cfg config) (*Server, error) {
	if cfg.clock == nil {
		cfg.clock = &Clock{} // follows wall time
	}
	if cfg.prices == nil {
		cfg.prices = registerdata.DefaultPrices()
	}
	if err := cfg.prices.Err(); err != nil {
		return nil, fmt.Errorf("fake: WithPrices: %w", err)
	}
	s := &Server{
		prices:     cfg.prices,
		APIKey:     cfg.apiKey,
		cfg:        cfg,
		clock:      cfg.clock,
		accounts:   newAccounts(cfg.clock, cfg.rateLimit, cfg.rateBurst),
		signingKey: make([]byte, 32),
		random:     newRandomness(cfg.seed, cfg.seeded),
		mux:        http.NewServeMux(),
	}
	s.random.bytes(s.signingKey)
	s.accounts.setBalance(cfg.apiKey, cfg.credits)

	var snap *snapshot
	var initial []registerdata.Company
	var sets []*dataset
	var err error
	if cfg.snapshot != nil {
		if snap, err = readSnapshot(cfg.snapshot); err != nil {
			return nil, err
		}
		if initial, err = snap.companies(); err != nil {
			return nil, err
		}
		cfg.generated = snap.Register.Generated
		s.cfg.generated = cfg.generated
		s.cfg.noCurated = true // the curated owners and proceedings are in the snapshot
		s.clock.restore(snap.Clock)
		d := s.data()
		d.financials, d.proceedings = orEmpty(snap.Register.Financials), orEmpty(snap.Register.Proceedings)
	} else if initial, sets, err = initialCompanies(cfg); err != nil {
		return nil, err
	}
	s.store = newStore(len(initial))
	if err := s.store.load(initial); err != nil {
		return nil, err
	}
	s.store.loadGenerated(cfg.generated)
	if snap != nil {
		if err := s.store.loadChanged(snap.Register.Changed); err != nil {
			return nil, err
		}
	}
	if snap == nil {
		if err := s.loadDataExtras(sets); err != nil {
			return nil, err
		}
	}

	s.routes()
	for _, install := range extensions {
		install(s)
	}
	if err := s.applyOwnersAndPersons(sets); err != nil {
		s.shutdown(func() {}) // the extensions' clean-up: a refused start leaves nothing running
		return nil, err
	}
	if snap != nil {
		if err := s.restoreSnapshot(snap); err != nil {
			s.shutdown(func() {})
			return nil, err
		}
	}
	for _, fn := range cfg.setup {
		fn(s)
	}
	if err := s.startScenario(); err != nil {
		s.shutdown(func() {})
		return nil, err
	}
	s.mux.HandleFunc("/", notFound)
	return s, nil
}

// routes registers the lookup endpoint, the documents and the controls.
func (s *Server) routes() {
	s.handleAPI("GET /v1/company/{id}", s.handleGetCompany)
	s.mux.HandleFunc("GET "+documentsPath+"{id}/{doc}", s.serveDocument)
	s.controlRoutes()
	s.healthRoute()
}

// Handler returns the fake's whole HTTP handler, to mount it elsewhere.
// Document addresses in responses still point at srv.URL.
func (s *Server) Handler() http.Handler {
	return s.withRequestID(withRetryHint(s.withFaults(s.mux)))
}

// Clock returns the server's clock, to advance it.
func (s *Server) Clock() *Clock { return s.clock }

// Close stops the server at once, closing open connections, and runs the
// extensions' clean-up. Calling it again does nothing.
func (s *Server) Close() {
	s.shutdown(func() { _ = s.http.Close() })
}

// Shutdown stops the server gracefully: it stops accepting connections
// and waits for open requests to finish or ctx to end, then cleans up as
// Close does.
func (s *Server) Shutdown(ctx context.Context) error {
	var err error
	s.shutdown(func() { err = s.http.Shutdown(ctx) })
	return err
}

func (s *Server) shutdown(stop func()) {
	s.closeOnce.Do(func() {
		stop()
		s.closeMu.Lock()
		closers := s.closers
		s.closeMu.Unlock()
		for i := len(closers) - 1; i >= 0; i-- {
			closers[i]()
		}
	})
}

// withRequestID gives every response an X-Request-Id header.
func (s *Server) withRequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Request-Id", fmt.Sprintf("fake-%08d", s.requests.Add(1)))
		next.ServeHTTP(w, r)
	})
}

type apiKeyContextKey struct{}

// apiKey returns the authenticated API key of a request that passed
// withAuth.
func apiKey(r *http.Request) string {
	k, _ := r.Context().Value(apiKeyContextKey{}).(string)
	return k
}

// withAuth answers 401 unless the request carries "Authorization: Bearer
// <key>" with a key the fake knows.
func (s *Server) withAuth(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key, err := bearer(r.Header.Get("Authorization"))
		if err == nil && !s.accounts.exists(key) {
			err = errors.New("the API key is not valid: use the key the fake printed or srv.APIKey")
		}
		if err != nil {
			w.Header().Set("WWW-Authenticate", `Bearer realm="registerdata"`)
			writeError(w, http.StatusUnauthorized, CodeUnauthorized, err.Error())
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), apiKeyContextKey{}, key)))
	})
}

// bearer extracts the key of an "Authorization: Bearer <key>" value.
func bearer(h string) (string, error) {
	if h == "" {
		return "", errors.New("authentication required: send the header Authorization: Bearer <API key>")
	}
	scheme, key, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(key) == "" {
		return "", errors.New("the Authorization header is not of the form Bearer <API key>")
	}
	return strings.TrimSpace(key), nil
}

// withRateLimit answers 429 with Retry-After when the key has used up its
// rate limit on the server's clock.
func (s *Server) withRateLimit(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if ok, wait := s.accounts.allow(apiKey(r)); !ok {
			setRetryAfter(w, wait)
			writeErrorf(w, http.StatusTooManyRequests, CodeRateLimited,
				"rate limit exceeded: retry after %v (the limit refills on the server's clock)", wait.Round(time.Millisecond))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// notFound answers every request no route matches.
func notFound(w http.ResponseWriter, r *http.Request) {
	writeErrorf(w, http.StatusNotFound, CodeNotFound, "no endpoint %s %s: see the specification for the service's endpoints", r.Method, r.URL.Path)
}

// observe registers fn to see every change of the register; see
// UpdateCompany for the ordering guarantee. For extensions.
func (s *Server) observe(fn func(before, after registerdata.Company)) { s.store.observe(fn) }
