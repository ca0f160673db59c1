package fake

import (
	"io"
	"io/fs"
	"time"

	"golang.org/x/time/rate"

	"github.com/registerdata/registerdata-go"
)

// DefaultAPIKey is the API key NewServer seeds unless WithAPIKey is given.
const DefaultAPIKey = "fake-api-key"

// DefaultCredits is the seeded key's balance unless WithCredits is given:
// enough for 100,000 company lookups, so only tests about credits need to
// think about them.
const DefaultCredits int64 = 1_000_000

// Option configures a Server; pass options to NewServer or Listen.
type Option func(*config)

// config is what the options set.
type config struct {
	apiKey        string
	credits       int64
	clock         *Clock
	webhookURL    string
	webhookSecret string
	generated     int
	rateLimit     rate.Limit // rate.Inf: no limit
	rateBurst     int
	controlHosts  []string  // host names besides loopback ones the controls answer; "*" any
	deliveryLog   int       // most delivery records kept; 0: the default
	seed          int64     // WithSeed
	data          []fs.FS   // WithData, in order
	noCurated     bool      // WithoutCurated
	snapshot      io.Reader // WithSnapshot
	seeded        bool
	setup         []func(*Server)      // run after the extensions are installed, before serving
	prices        *registerdata.Prices // WithPrices; nil: registerdata.DefaultPrices
	scenario      string               // WithScenario; "": none
	exactNames    bool                 // WithExactNames
}

func defaultConfig() config {
	return config{apiKey: DefaultAPIKey, credits: DefaultCredits, rateLimit: rate.Inf}
}

// WithAPIKey sets the seeded API key (srv.APIKey). An empty key keeps
// DefaultAPIKey.
func WithAPIKey(key string) Option {
	return func(c *config) {
		if key != "" {
			c.apiKey = key
		}
	}
}

// WithCredits sets the seeded key's credit balance (default
// DefaultCredits). Zero is allowed: every billable call then answers 402.
func WithCredits(n int64) Option {
	return func(c *config) { c.credits = n }
}

// WithClock makes the server run on clk: presigned addresses expire, rate
// limits refill and monitors come due as clk is advanced. Without it the
// server uses a clock that follows wall time and can still be advanced
// (srv.Clock().Advance).
func WithClock(clk *Clock) Option {
	return func(c *config) {
		if clk != nil {
			c.clock = clk
		}
	}
}

// WithWebhookEndpoint sets where monitor notifications are delivered and
// the secret they are signed with. It stands for the setting the real
// service has in its web dashboard (the API cannot set it). Without it,
// creating a monitor fails as it does on an account with no endpoint.
func WithWebhookEndpoint(url, secret string) Option {
	return func(c *config) { c.webhookURL, c.webhookSecret = url, secret }
}

// WithGenerated adds n deterministic synthetic companies to the curated
// ones, for tests at scale. The same n always gives the same companies;
// their ids never collide with curated ones. n <= 0 adds none.
//
// Generated companies are not held in memory: each is drawn again from
// its seed whenever it is read, the same every time, until a change
// (UpdateCompany, PATCH /_fake/companies/{id}) stores it like a curated
// one. What a register of n companies holds is mostly its search index,
// about 1.1 KB per company. The index is built at start-up; from 500,000
// companies on, the build runs under a soft memory limit of 1.8 KB per
// company beyond what the process uses (runtime/debug.SetMemoryLimit,
// lowered only, and the process's own limit again once built), so a
// million companies start within 2 GiB.
func WithGenerated(n int) Option {
	return func(c *config) { c.generated = max(n, 0) }
}

// WithRateLimit limits every API key to requests requests per per, with
// bursts of up to requests, measured on the server's clock. A request over
// the limit gets 429 with Retry-After. The default is no limit;
// non-positive values also mean no limit.
func WithRateLimit(requests int, per time.Duration) Option {
	return func(c *config) {
		if requests <= 0 || per <= 0 {
			c.rateLimit, c.rateBurst = rate.Inf, 0
			return
		}
		c.rateLimit = rate.Limit(float64(requests) / per.Seconds())
		c.rateBurst = requests
	}
}

// withSetup returns an Option that runs fn on the new server after the
// extensions are installed and before it serves: the way a feature file
// adds an option of its own without a field in config.
func withSetup(fn func(*Server)) Option {
	return func(c *config) { c.setup = append(c.setup, fn) }
}

// WithPrices makes the fake bill by p instead of
// registerdata.DefaultPrices, so that a test can show what a changed
// price does: a client built WithPrices(p) and this fake then agree, and
// a client left on another table drifts (Client.ReconcileCredits finds
// it). The fake keeps a copy of p; a p whose Set was refused
// (Prices.Err) makes Listen fail with that error (NewServer panics).
func WithPrices(p *registerdata.Prices) Option {
	return func(c *config) { c.prices = p.Clone() }
}

// WithExactNames makes the autocomplete (GET /v1/autocomplete/company)
// match names as the company search does: a query word matches a name
// word it starts, lower-cased, as written, and nothing else. Without it
// the autocomplete also finds a name however German spells it ("Mueller"
// finds "Müller", "Nord Bau" finds "NordBau"); with it "Mueller" finds
// only "Mueller" and "Nord Bau" only names holding both words. The real
// service does not document how far its autocomplete goes: a client
// tested against this option does not rely on the service's spelling
// variants. The company search (POST /v1/search/company) matches exactly
// in either case.
func WithExactNames() Option {
	return func(c *config) { c.exactNames = true }
}
