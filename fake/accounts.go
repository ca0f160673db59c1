package fake

import (
	"net/http"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/registerdata/registerdata-go"
)

// account is the state the fake keeps per API key.
type account struct {
	credits    int64
	monitoring bool // the plan includes monitoring access
	// transparency is the Transparenzregister access (SetTransparencyAccess); "": enabled
	transparency TransparencyAccess
	limiter      *rate.Limiter // nil: no rate limit
	usage        usage         // credit usage of the current period (credits_api.go)
}

// accounts holds every account by API key. One mutex guards them all, so
// a check and its debit are one atomic step.
type accounts struct {
	mu    sync.Mutex
	byKey map[string]*account
	limit rate.Limit // per-key request rate; rate.Inf: unlimited
	burst int
	clock *Clock
}

func newAccounts(clock *Clock, limit rate.Limit, burst int) *accounts {
	return &accounts{byKey: map[string]*account{}, limit: limit, burst: burst, clock: clock}
}

// ensure returns the account of key, creating it with monitoring access
// and no credits. The caller holds a.mu.
func (a *accounts) ensure(key string) *account {
	acc, ok := a.byKey[key]
	if !ok {
		acc = &account{monitoring: true}
		acc.usage.created = a.clock.Now()
		if a.limit != rate.Inf {
			acc.limiter = rate.NewLimiter(a.limit, a.burst) // starts full
		}
		a.byKey[key] = acc
	}
	return acc
}

// exists reports whether key is a known API key.
func (a *accounts) exists(key string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	_, ok := a.byKey[key]
	return ok
}

// balance returns the credits of key, and whether the key exists.
func (a *accounts) balance(key string) (int64, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	acc, ok := a.byKey[key]
	if !ok {
		return 0, false
	}
	return acc.credits, true
}

// setBalance sets the credits of key, creating the account if needed.
func (a *accounts) setBalance(key string, n int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.ensure(key).credits = n
}

// debit takes cost credits from key if its balance covers them, as one
// step. It returns the balance before the debit and whether it happened.
func (a *accounts) debit(key string, cost int64) (before int64, ok bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	acc, exists := a.byKey[key]
	if !exists {
		return 0, false
	}
	before = acc.credits
	return before, acc.bill(cost, a.clock.Now())
}

// monitoringPlan reports whether key's plan includes monitoring access;
// false for an unknown key.
func (a *accounts) monitoringPlan(key string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	acc, ok := a.byKey[key]
	return ok && acc.monitoring
}

// setMonitoringPlan sets key's monitoring access and reports whether it
// changed. An unknown key gets an account without credits.
func (a *accounts) setMonitoringPlan(key string, on bool) (changed bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	acc := a.ensure(key)
	changed = acc.monitoring != on
	acc.monitoring = on
	return changed
}

// allow takes one request from key's rate limit at the fake clock's
// current time. When the limit is exhausted it returns false and how long
// until the next request would be allowed.
func (a *accounts) allow(key string) (ok bool, retryAfter time.Duration) {
	a.mu.Lock()
	defer a.mu.Unlock()
	acc, exists := a.byKey[key]
	now := a.clock.Now()
	if exists {
		acc.usage.touch(now) // a free plan's period begins at the first request
	}
	if !exists || acc.limiter == nil {
		return true, 0
	}
	if acc.limiter.AllowN(now, 1) {
		return true, 0
	}
	missing := 1 - acc.limiter.TokensAt(now)
	return false, time.Duration(missing / float64(a.limit) * float64(time.Second))
}

// charge debits cost credits from key for a request that succeeded. When
// the balance is below the cost it answers 402, debits nothing and
// returns false; the handler then writes nothing more. Every billable
// endpoint of the fake charges through here, after it knows the request
// succeeds and before it writes the answer.
func (s *Server) charge(w http.ResponseWriter, key string, cost int64) bool {
	before, ok := s.accounts.debit(key, cost)
	if !ok {
		writeErrorf(w, http.StatusPaymentRequired, CodeInsufficientCredits,
			"insufficient credits: this request costs %d credits, the balance is %d; top up with SetCredits or PUT /_fake/credits", cost, before)
		return false
	}
	return true
}

// Credits returns the credit balance of the API key key, or 0 for a key
// the fake does not know.
func (s *Server) Credits(key string) int64 {
	n, _ := s.accounts.balance(key)
	return n
}

// SetCredits sets the credit balance of the API key key. A key the fake
// does not know yet becomes a valid key with that balance, so a test can
// add keys.
func (s *Server) SetCredits(key string, n int64) {
	s.accounts.setBalance(key, n)
}

// price is what the fake bills for one answer of route (as CallInfo.Route
// writes it), by its price table (WithPrices; registerdata.DefaultPrices
// unless given).
func (s *Server) price(route string) int64 { return s.prices.Of(route, false) }

// priceOf is the price of route's variant v ("" for the route's own).
func (s *Server) priceOf(route string, v registerdata.PriceVariant) int64 {
	return s.prices.OfVariant(route, v)
}

// realtimeVariant is the price variant of a lookup with realtime=on.
func realtimeVariant(on bool) registerdata.PriceVariant {
	if on {
		return registerdata.VariantRealtime
	}
	return ""
}
