package registerdata

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
)

// Cache stores the answers of lookups so that asking again costs no
// credits and sends nothing (see WithCache). It holds the raw JSON body
// of each successful answer; every caller decodes its own copy, so no two
// callers ever share a mutable record.
//
// Keys are the service's address (scheme, host, port and base path, as
// given to WithBaseURL) followed by the request's path and query string,
// without realtime: for example
// "https://api.openregister.de/v1/company/DE-HRB-F1103-267645" and
// "https://api.openregister.de/v1/company/DE-HRB-F1103-267645?export=true"
// are two keys, so an Export answer and a plain one are cached separately,
// and clients of two services (production and a fake, say) sharing one
// cache never serve each other's answers. Keys contain no secret; a cache
// shared by clients of different API keys of one service serves each of
// them the same register data.
//
// Values are the client's own format (a short header, then the raw JSON
// body of the answer); a value the client did not write is ignored and
// overwritten, like an expired one.
//
// Implementations must be safe for concurrent use. NewMemoryCache is one
// for a single process; the redisstore module has one in Redis, shared by
// many. A Get or Set error is not fatal: the client logs it (WithLogger)
// and asks the service, as on a miss. Each Get and Set is bounded by the
// call's context and by a short time of its own (a second): a cache that
// is slower than that counts as a miss, and a call never waits for its
// cache past its own deadline.
type Cache interface {
	// Get returns the value stored under key and true, or false when
	// there is none (or it has expired). The client never modifies the
	// slice returned.
	Get(ctx context.Context, key string) (value []byte, ok bool, err error)
	// Set stores value under key, replacing any earlier value. The client
	// never modifies value after the call.
	Set(ctx context.Context, key string, value []byte) error
}

// WithCache makes the client keep the answers of company lookups (and of
// the other lookups whose documentation says so) in cache:
//
//   - a lookup found in the cache costs nothing, sends nothing and does
//     not wait for the rate limit; WithResponseInfo reports Cached true
//     and Attempts 0;
//   - a lookup with Realtime set bypasses the cache, pays as usual and
//     stores its fresh answer for the lookups without Realtime;
//   - concurrent lookups of the same key that miss share one request: one
//     of them pays and asks, the others wait for its answer (Cached true
//     for them), so a burst for one id costs the price of one lookup;
//   - only successful answers are stored; errors (404, 402, ...) are not;
//   - an answer that carries presigned addresses (Source.DocumentURL,
//     valid for 30 minutes after the lookup) is served only while they
//     still work, for PresignedCacheLife after it was stored; later
//     lookups ask the service again and refresh the entry, whatever the
//     cache's own time to live.
//
// See Cache for what the key is. A nil cache is refused.
func WithCache(cache Cache) Option {
	return func(c *config) error {
		if cache == nil {
			return errors.New("registerdata: WithCache(nil): pass a Cache such as NewMemoryCache(10_000, 24*time.Hour)")
		}
		c.cache = cache
		return nil
	}
}

// cached is the cache and single-flight stage: a cacheable lookup is
// answered from the cache, from a concurrent identical lookup, or by the
// next stage (and then stored). Every answer, whichever of these it came
// from, is decoded into out by decodeHeld (decode.go).
func (c *Client) cached(ctx context.Context, r request, out any, st *callState) error {
	cache := c.cacheOf(r)
	if cache == nil || out == nil {
		return c.ask(ctx, r, out, st, nil, "")
	}
	key, realtime := cacheKey(c.baseURL.String(), r)
	if realtime {
		return c.ask(ctx, r, out, st, cache, key)
	}
	if body, ok := c.cacheGet(ctx, cache, key); ok {
		if err := decodeHeld(r, st, body, out); err == nil {
			st.cached = true
			return nil
		}
		// A damaged entry: ask the service and overwrite it.
	}
	return c.shared(ctx, r, out, st, cache, key)
}

// cacheOf is the cache that serves r: the client's (WithCache), else the
// one r brings; nil when r is not cacheable or there is none.
func (c *Client) cacheOf(r request) Cache {
	switch {
	case !r.cache:
		return nil
	case c.cache != nil:
		return c.cache
	}
	return r.shared
}

// testHookFlightWait, when set by a test, is called each time a lookup
// has joined the flight of its key (as its leader or a waiter).
var testHookFlightWait func()

// flightResult is what the lookup leading a flight tells its waiters.
type flightResult struct {
	body       []byte // the successful answer's body
	err        error  // the leader's error
	st         *callState
	leaderGone bool // the leader's own context ended: its err is not an answer
}

// errFlightAbandoned is the result of a flight whose leader left before
// its lookup began: its waiters ask again.
var errFlightAbandoned = errors.New("registerdata: the lookup was abandoned")

// shared makes concurrent identical lookups share one request through
// singleflight: the first caller of a key leads and asks the service
// (through ask, on its own context and call state); the others
// wait for its outcome, each able to leave on its own context. When the
// leader's context ends before an answer, the waiters ask again.
//
// singleflight.DoChan runs the leader's function on a goroutine of its
// own, so the leader too waits on a channel; it never leaves while its
// function runs (the function writes into its out and st), which is
// quick because that function runs on the leader's context.
func (c *Client) shared(ctx context.Context, r request, out any, st *callState, cache Cache, key string) error {
	for {
		var state atomic.Int32 // 0: not started, 1: our function runs, 2: we left first
		ch := c.flights.DoChan(key, func() (any, error) {
			if !state.CompareAndSwap(0, 1) {
				return flightResult{leaderGone: true}, errFlightAbandoned
			}
			err := c.ask(ctx, r, out, st, cache, key)
			res := flightResult{err: err, st: st, leaderGone: err != nil && ctx.Err() != nil}
			if err == nil {
				res.body = st.body
			}
			return res, err
		})
		if testHookFlightWait != nil {
			testHookFlightWait()
		}
		var res flightResult
		select {
		case v := <-ch:
			res = v.Val.(flightResult)
		case <-ctx.Done():
			if state.CompareAndSwap(0, 2) {
				return c.transportError(ctx, r, ctx.Err())
			}
			res = (<-ch).Val.(flightResult) // our own function runs: wait for it
		}
		if state.Load() == 1 {
			return res.err // we led: st and out are filled
		}
		if res.leaderGone {
			if err := ctx.Err(); err != nil {
				return c.transportError(ctx, r, err)
			}
			continue // the leader's context ended: ask on our own
		}
		st.cached, st.status, st.header = true, res.st.status, res.st.header
		if res.err != nil {
			return res.err
		}
		return decodeHeld(r, st, res.body, out)
	}
}

// ask has the next stage ask the service and decode its answer into out.
// With a cache, a body that decoded well is stored in it under key, and
// kept in st.body for the waiters of a flight, if its status is one the
// route's table (routeAnswers) marks as the result: an answer Do decoded
// from another 2xx (a 202, a 203) is never kept.
func (c *Client) ask(ctx context.Context, r request, out any, st *callState, cache Cache, key string) error {
	body, err := c.decoded(ctx, r, out, st)
	if err != nil || cache == nil || answerOf(st.route, st.status).kind != answerData {
		return err
	}
	st.body = body
	c.cacheSet(ctx, cache, key, body)
	return nil
}

// cacheKey is the key of r in the cache of a client of the service at
// base, and whether r asks for a realtime answer (which bypasses the
// cache).
func cacheKey(base string, r request) (key string, realtime bool) {
	q := r.query
	if q.Has("realtime") {
		realtime = strings.EqualFold(q.Get("realtime"), "true")
		q = cloneValues(q)
		q.Del("realtime")
	}
	key = base + r.path
	if enc := q.Encode(); enc != "" {
		key += "?" + enc
	}
	if r.body != nil {
		// A cacheable request with a body (the searches MatchCompany
		// makes) is keyed by its body too.
		if b, err := json.Marshal(r.body); err == nil {
			key += "#" + string(b)
		}
	}
	return key, realtime
}

func cloneValues(q map[string][]string) map[string][]string {
	out := make(map[string][]string, len(q))
	for k, v := range q {
		out[k] = v
	}
	return out
}
