package registerdata

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
)

// Cache stores the answers of lookups so that asking again costs no
// credits and sends nothing (see WithCache). It holds the raw JSON body
// of each successful answer; every caller decodes its own copy, so no two
// callers ever share a mutable record.
//
// Keys are the request's path and query string, without realtime: for
// example "/v1/company/DE-HRB-F1103-267645" and
// "/v1/company/DE-HRB-F1103-267645?export=true" are two keys, so an
// Export answer and a plain one are cached separately. Keys contain no
// secret; a cache shared by clients of different API keys serves each of
// them the same register data.
//
// Implementations must be safe for concurrent use. NewMemoryCache is one
// for a single process; the redisstore module has one in Redis, shared by
// many. A Get or Set error is not fatal: the client logs it (WithLogger)
// and asks the service, as on a miss.
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
//   - only successful answers are stored; errors (404, 402, ...) are not.
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

// cacheKey is the key of r in the cache, and whether r asks for a
// realtime answer (which bypasses the cache).
func cacheKey(r request) (key string, realtime bool) {
	q := r.query
	if q.Has("realtime") {
		realtime = strings.EqualFold(q.Get("realtime"), "true")
		q = cloneValues(q)
		q.Del("realtime")
	}
	key = r.path
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

// sendCached is send for a cacheable request on a client with a cache:
// the answer comes from the cache, from a concurrent identical call, or
// from the service (and is then stored).
func (c *Client) sendCached(ctx context.Context, r request, out any, cfg *callConfig, st *callState) error {
	key, realtime := cacheKey(r)
	if !realtime {
		if body, ok := c.cacheGet(ctx, key); ok {
			if err := decodeResponse(r, http.StatusOK, "", body, out); err == nil {
				cfg.fillShared(0, nil)
				return nil
			}
			// A damaged entry: ask the service and overwrite it.
		}
		f, leader := c.flights.join(key)
		if !leader {
			if testHookFlightWait != nil {
				testHookFlightWait()
			}
			if err := f.wait(ctx); err != nil {
				cfg.fill(st, nil)
				return c.transportError(ctx, r, err)
			}
			if !f.leaderGaveUp {
				cfg.fillShared(f.status, f.header)
				if f.err != nil {
					return f.err
				}
				return decodeResponse(r, f.status, f.header.Get("X-Request-Id"), f.body, out)
			}
			// The leader's own context ended: ask on our own.
		} else {
			defer c.flights.finish(key, f)
			resp, body, err := c.fetchAndStore(ctx, r, out, st, key)
			cfg.fill(st, resp)
			f.err, f.body, f.leaderGaveUp = err, body, err != nil && ctx.Err() != nil
			if resp != nil {
				f.status, f.header = resp.StatusCode, resp.Header
			}
			return err
		}
	}
	resp, _, err := c.fetchAndStore(ctx, r, out, st, key)
	cfg.fill(st, resp)
	return err
}

// fetchAndStore asks the service, decodes the answer into out and, when
// that worked, stores the body in the cache.
func (c *Client) fetchAndStore(ctx context.Context, r request, out any, st *callState, key string) (*http.Response, []byte, error) {
	resp, body, err := c.exchange(ctx, r, st)
	if err != nil {
		return resp, nil, err
	}
	if err := decodeResponse(r, resp.StatusCode, resp.Header.Get("X-Request-Id"), body, out); err != nil {
		return resp, nil, err
	}
	if err := c.cache.Set(context.WithoutCancel(ctx), key, body); err != nil {
		c.logger.Warn("registerdata: storing an answer in the cache failed", "key", key, "error", err)
	}
	return resp, body, nil
}

func (c *Client) cacheGet(ctx context.Context, key string) ([]byte, bool) {
	body, ok, err := c.cache.Get(ctx, key)
	if err != nil {
		c.logger.Warn("registerdata: reading the cache failed; asking the service", "key", key, "error", err)
		return nil, false
	}
	return body, ok
}

// fillShared writes the ResponseInfo of an answer that cost this call
// nothing: from the cache (status 0, no header) or from a concurrent
// identical call's request (its status and header).
func (cfg *callConfig) fillShared(status int, header http.Header) {
	if cfg.info == nil {
		return
	}
	*cfg.info = ResponseInfo{StatusCode: status, Header: header, RequestID: header.Get("X-Request-Id"), Cached: true}
}
