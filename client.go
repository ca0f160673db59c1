package registerdata

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"golang.org/x/sync/singleflight"
	"golang.org/x/time/rate"
)

// DefaultBaseURL is the address of the production service.
const DefaultBaseURL = "https://api.openregister.de"

// Version is the version of this SDK, sent in the User-Agent header and
// printed by registerdata --version. Every module of the repository is
// released at this version (see RELEASING.md); .ci/run reads it from here.
const Version = "0.2.0"

// Environment variables NewClient reads when no option overrides them.
const (
	EnvAPIKey  = "REGISTERDATA_API_KEY"
	EnvBaseURL = "REGISTERDATA_BASE_URL"
)

// Client calls the service. It is safe for concurrent use; create one and
// share it.
type Client struct {
	baseURL    *url.URL
	apiKey     func() string // the key, inside a closure so no printing of a Client shows it (secret.go)
	userAgent  string
	http       *transportStages // the stages under the retry stage
	maxRetries int
	budget     budget
	logger     *slog.Logger
	cache      Cache    // nil without WithCache
	observer   Observer // nil without WithObserver
	prices     *Prices  // what each call costs (prices.go)
	readings   readings // the client's count at each reading of GetCredits (reconcile.go)

	flights      singleflight.Group // concurrent identical cacheable lookups
	cacheTimeout time.Duration      // bounds each cache Get and Set
	now          func() time.Time   // the clock of cache entries
}

// Option configures a Client.
type Option func(*config) error

type config struct {
	apiKey        string
	baseURL       string
	httpClient    *http.Client
	maxRetries    int
	waitMin       time.Duration
	waitMax       time.Duration
	maxRetryAfter time.Duration
	limit         rate.Limit
	burst         int
	budget        int64
	logger        *slog.Logger
	allowInsecure bool
	userAgent     string
	cache         Cache
	observer      Observer
	prices        *Prices // nil: DefaultPrices
}

// WithAPIKey sets the API key sent as a Bearer credential. The default is
// $REGISTERDATA_API_KEY.
func WithAPIKey(key string) Option {
	return func(c *config) error {
		if strings.TrimSpace(key) == "" {
			return errors.New("registerdata: WithAPIKey: the key is empty")
		}
		c.apiKey = key
		return nil
	}
}

// WithBaseURL sets the service address. The default is
// $REGISTERDATA_BASE_URL, else DefaultBaseURL. Plain http is refused
// unless the host is a loopback address (such as the fake) or
// WithInsecureHTTP is given, because the API key would travel in clear.
func WithBaseURL(u string) Option {
	return func(c *config) error {
		c.baseURL = u
		return nil
	}
}

// WithInsecureHTTP allows a plain http base URL to a non-loopback host,
// for example a fake on another machine of a test network.
func WithInsecureHTTP() Option {
	return func(c *config) error {
		c.allowInsecure = true
		return nil
	}
}

// WithHTTPClient sets the HTTP client whose transport, timeout and cookie
// jar the Client uses. The default is a client with a 60-second timeout
// and http.DefaultTransport's settings, except that it keeps up to
// MaxBatchConcurrency idle connections to the service instead of 2, so
// concurrent calls reuse their connections. A client given here with no
// Transport uses http.DefaultTransport, as net/http does.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *config) error {
		if hc == nil {
			return errors.New("registerdata: WithHTTPClient: the client is nil")
		}
		c.httpClient = hc
		return nil
	}
}

// WithMaxRetries sets how often a failed request is retried: on 429, 500,
// 502, 503, 504 and transport errors, never on other statuses (the
// service's X-Should-Retry header, when present, decides instead; a 2xx
// answer is never retried, whatever it says). The default is 2; 0
// disables retries. Each retry is a write the service may bill: it is
// held in the credit budget before it is sent.
func WithMaxRetries(n int) Option {
	return func(c *config) error {
		if n < 0 || n > maxRetriesCeiling {
			return fmt.Errorf("registerdata: WithMaxRetries(%d): want 0 to %d", n, maxRetriesCeiling)
		}
		c.maxRetries = n
		return nil
	}
}

// WithRetryWait sets the bounds of the exponential back-off between
// retries (defaults 500ms and 10s). A Retry-After header of the service
// takes precedence, up to maxRetryAfter (default 2 minutes): an answer
// asking to wait longer is returned at once as an error instead of
// retried (an *APIError matching ErrRateLimited, with RetryAfter set).
// No wait outlasts the call's context: a wait that would end after its
// deadline is not started, and one under way ends with the context.
func WithRetryWait(min, max, maxRetryAfter time.Duration) Option {
	return func(c *config) error {
		if min <= 0 || max < min || maxRetryAfter < 0 {
			return fmt.Errorf("registerdata: WithRetryWait(%v, %v, %v): want 0 < min <= max and maxRetryAfter >= 0", min, max, maxRetryAfter)
		}
		c.waitMin, c.waitMax, c.maxRetryAfter = min, max, maxRetryAfter
		return nil
	}
}

// WithRateLimit keeps the client under r requests per second with bursts
// of up to burst, waiting (context permitting) before each attempt,
// retries and redirects included. r may be any integer or floating-point
// number, a rate.Limit included: WithRateLimit(5, 1),
// WithRateLimit(perSecond, 1) with an int variable, WithRateLimit(0.5, 1)
// for one request every two seconds. The default is no client-side
// limit.
func WithRateLimit[R ~int | ~int64 | ~float64](r R, burst int) Option {
	return func(c *config) error {
		limit := rate.Limit(r)
		if !(limit > 0) || burst < 1 {
			return fmt.Errorf("registerdata: WithRateLimit(%v, %d): want a positive rate and burst", r, burst)
		}
		c.limit, c.burst = limit, burst
		return nil
	}
}

// WithCreditBudget caps the credits this client may spend. A call whose
// cost (from the service's price list) would exceed what is left fails
// with ErrBudgetExceeded before anything is sent. Calls in flight hold
// their cost until they finish, so concurrent calls cannot overshoot.
// To cap it at what the account has left instead of a fixed number, call
// SetBudgetFromCredits after creating the client.
func WithCreditBudget(n int64) Option {
	return func(c *config) error {
		if n < 0 {
			return fmt.Errorf("registerdata: WithCreditBudget(%d): want 0 or more", n)
		}
		c.budget = n
		return nil
	}
}

// WithLogger sets the logger of the client: a debug record per finished
// call ("registerdata: call", with route, path, status, request_id,
// credits, attempts and cached), debug records of each attempt's request
// and response, and a warning per retry. The route is the path template
// ("GET /v1/company/{company_id}"). Records are written with the call's
// context (the one an Observer's CallStart returned), so a context-aware
// handler can add the trace and span ids. A failed call's error is in its
// record; the API key is never logged. The default discards.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) error {
		if l == nil {
			return errors.New("registerdata: WithLogger: the logger is nil")
		}
		c.logger = l
		return nil
	}
}

// WithUserAgent prepends product to the User-Agent header, so the service
// operator can tell your application's traffic apart.
func WithUserAgent(product string) Option {
	return func(c *config) error {
		c.userAgent = product
		return nil
	}
}

// NewClient returns a client configured by opts, the environment and the
// defaults, in that order of precedence. It fails when there is no API key
// or the base URL is unusable.
func NewClient(opts ...Option) (*Client, error) {
	cfg := config{
		apiKey:        os.Getenv(EnvAPIKey),
		baseURL:       os.Getenv(EnvBaseURL),
		maxRetries:    2,
		waitMin:       500 * time.Millisecond,
		waitMax:       10 * time.Second,
		maxRetryAfter: 2 * time.Minute,
		budget:        -1,
	}
	for _, o := range opts {
		if o == nil {
			continue
		}
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	if cfg.apiKey == "" {
		return nil, errors.New("registerdata: no API key: pass WithAPIKey or set " + EnvAPIKey)
	}
	if cfg.baseURL == "" {
		cfg.baseURL = DefaultBaseURL
	}
	base, err := parseBaseURL(cfg.baseURL, cfg.allowInsecure)
	if err != nil {
		return nil, err
	}
	logger := cfg.logger
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if cfg.prices == nil {
		cfg.prices = DefaultPrices()
	}
	return &Client{
		prices:     cfg.prices,
		baseURL:    base,
		apiKey:     secret(cfg.apiKey),
		userAgent:  strings.TrimSpace(cfg.userAgent + " registerdata-go/" + Version),
		http:       newTransportStages(&cfg, logger),
		maxRetries: cfg.maxRetries,
		budget:     budget{limit: cfg.budget},
		logger:     logger,
		cache:      cfg.cache,
		observer:   cfg.observer,

		cacheTimeout: cacheOpTimeout,
		now:          time.Now,
	}, nil
}

// parseBaseURL checks that u is an absolute http(s) URL without query or
// fragment, and that plain http goes to a loopback host unless allowed.
func parseBaseURL(raw string, allowInsecure bool) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("registerdata: base URL %q: %w", raw, err)
	}
	if u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return nil, fmt.Errorf("registerdata: base URL %q: want https://host[:port][/path] without credentials, query or fragment", raw)
	}
	if u.Scheme == "http" && !allowInsecure && !isLoopback(u.Hostname()) {
		return nil, fmt.Errorf("registerdata: base URL %q: plain http to a non-loopback host would send the API key in clear; use https, or WithInsecureHTTP for a test network", raw)
	}
	u.Path = strings.TrimRight(u.Path, "/")
	u.RawPath = ""
	return u, nil
}

func isLoopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// CreditsSpent returns the credits this client has been charged so far,
// by the service's price list: the sum over successful billable calls.
// GetCredits reports the account's side: its Used grows by the same
// amount for this client's calls, plus what other clients of the key and
// monthly monitor charges add (see CreditUsage).
func (c *Client) CreditsSpent() int64 { return c.budget.spentCredits() }

// CreditsRemaining returns what is left of the WithCreditBudget budget, and
// false when the client has no budget.
func (c *Client) CreditsRemaining() (int64, bool) { return c.budget.remaining() }
