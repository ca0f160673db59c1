package registerdata

import (
	"bytes"
	"context"
	"strconv"
	"time"
)

// PresignedCacheLife is how long after it was stored a cached answer that
// carries presigned addresses (Source.DocumentURL, ReportSource.HTMLURL)
// is served: the service's addresses work for 30 minutes after the
// lookup, and five of them are left for the caller to use the address.
// After that the lookup asks the service again (and pays), and the fresh
// answer replaces the entry.
const PresignedCacheLife = 25 * time.Minute

// cacheOpTimeout bounds each Get and Set of the cache (besides the call's
// context): a cache slower than this counts as a miss.
const cacheOpTimeout = time.Second

// cacheMagic starts every value the client stores: "rd1 " and the Unix
// time (seconds) after which the entry must not be served, or 0.
const cacheMagic = "rd1 "

// presignedAddress finds a non-empty presigned address in an answer.
var presignedAddress = lazyRegexp(`"(?:document_url|html_url)"\s*:\s*"[^"]`)

// encodeCacheEntry is the value stored for body at time now.
func encodeCacheEntry(body []byte, now time.Time) []byte {
	var notAfter int64
	if bytes.Contains(body, []byte(`_url"`)) && presignedAddress().Match(body) {
		notAfter = now.Add(PresignedCacheLife).Unix()
	}
	out := make([]byte, 0, len(cacheMagic)+24+len(body))
	out = append(out, cacheMagic...)
	out = strconv.AppendInt(out, notAfter, 10)
	out = append(out, '\n')
	return append(out, body...)
}

// decodeCacheEntry returns the body of a stored value, and false when the
// value is not the client's or must no longer be served at now.
func decodeCacheEntry(value []byte, now time.Time) ([]byte, bool) {
	rest, ok := bytes.CutPrefix(value, []byte(cacheMagic))
	if !ok {
		return nil, false
	}
	nl := bytes.IndexByte(rest, '\n')
	if nl < 0 {
		return nil, false
	}
	notAfter, err := strconv.ParseInt(string(rest[:nl]), 10, 64)
	if err != nil || (notAfter != 0 && now.Unix() >= notAfter) {
		return nil, false
	}
	return rest[nl+1:], true
}

// cacheGet reads key from cache, bounded by ctx and cacheOpTimeout.
// Errors, timeouts and entries the client cannot serve are misses.
func (c *Client) cacheGet(ctx context.Context, cache Cache, key string) ([]byte, bool) {
	type got struct {
		value []byte
		ok    bool
		err   error
	}
	var g got
	if _, local := cache.(*memoryCache); local {
		g.value, g.ok, g.err = cache.Get(ctx, key) // in memory: never slow
	} else {
		ctx, cancel := context.WithTimeout(ctx, c.cacheTimeout)
		defer cancel()
		ch := make(chan got, 1)
		go func() {
			var g got
			g.value, g.ok, g.err = cache.Get(ctx, key)
			ch <- g
		}()
		select {
		case g = <-ch:
		case <-ctx.Done():
			g.err = ctx.Err()
		}
	}
	if g.err != nil {
		c.logger.WarnContext(ctx, "registerdata: reading the cache failed; asking the service", "key", key, "error", g.err)
		return nil, false
	}
	if !g.ok {
		return nil, false
	}
	return decodeCacheEntry(g.value, c.now())
}

// cacheSet stores body under key in cache, bounded by ctx and cacheOpTimeout; a
// failure is logged and otherwise ignored.
func (c *Client) cacheSet(ctx context.Context, cache Cache, key string, body []byte) {
	value := encodeCacheEntry(body, c.now())
	var err error
	if _, local := cache.(*memoryCache); local {
		err = cache.Set(ctx, key, value)
	} else {
		ctx, cancel := context.WithTimeout(ctx, c.cacheTimeout)
		defer cancel()
		ch := make(chan error, 1)
		go func() { ch <- cache.Set(ctx, key, value) }()
		select {
		case err = <-ch:
		case <-ctx.Done():
			err = ctx.Err()
		}
	}
	if err != nil {
		c.logger.WarnContext(ctx, "registerdata: storing an answer in the cache failed", "key", key, "error", err)
	}
}
