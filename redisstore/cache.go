package redisstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"

	registerdata "github.com/registerdata/registerdata-go"
)

// NewCache returns a registerdata.Cache in Redis for registerdata.WithCache:
// answers are stored with SET ... PX under prefix followed by the cache
// key (for example "myapp:registerdata:/v1/company/DE-HRB-F1103-267645"),
// expire after ttl (registerdata.DefaultCacheTTL when ttl <= 0) and are
// shared by every client using the same Redis and prefix. Redis decides
// what is forgotten when it runs out of memory (its maxmemory-policy).
// Redis errors are returned; the client then asks the service, as on a
// miss. The client is not closed by the Cache.
func NewCache(client *redis.Client, prefix string, ttl time.Duration) registerdata.Cache {
	if ttl <= 0 {
		ttl = registerdata.DefaultCacheTTL
	}
	return &cache{rdb: client, prefix: prefix, ttl: ttl}
}

type cache struct {
	rdb    *redis.Client
	prefix string
	ttl    time.Duration
}

// Get implements registerdata.Cache.
func (c *cache) Get(ctx context.Context, key string) ([]byte, bool, error) {
	if c.rdb == nil {
		return nil, false, errNilClient
	}
	b, err := c.rdb.Get(ctx, c.prefix+key).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("redisstore: reading %q from the cache: %w", key, err)
	}
	return b, true, nil
}

// Set implements registerdata.Cache.
func (c *cache) Set(ctx context.Context, key string, value []byte) error {
	if c.rdb == nil {
		return errNilClient
	}
	if err := c.rdb.Set(ctx, c.prefix+key, value, c.ttl).Err(); err != nil {
		return fmt.Errorf("redisstore: storing %q in the cache: %w", key, err)
	}
	return nil
}
