package redisstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"

	"github.com/registerdata/registerdata-go/changes"
)

// NewStore returns a changes.Store in Redis, for changes.NewWatcher and
// changes.Poll on several machines or across restarts: each snapshot is
// stored with SET, without expiry, under prefix followed by the store key
// (for example "myapp:changes/company/DE-HRB-F1103-267645"). A snapshot
// that expired would turn the next event into a new baseline and lose
// the changes in between, so none is given a time to live; give the keys
// room (a few to a few hundred KB per watched entity) and a
// maxmemory-policy that does not evict them (noeviction, or a volatile-*
// policy, which leaves keys without expiry alone). The client is not
// closed by the Store.
func NewStore(client *redis.Client, prefix string) changes.Store {
	return &store{rdb: client, prefix: prefix}
}

type store struct {
	rdb    *redis.Client
	prefix string
}

// Get implements changes.Store.
func (s *store) Get(ctx context.Context, key string) ([]byte, bool, error) {
	if s.rdb == nil {
		return nil, false, errNilClient
	}
	b, err := s.rdb.Get(ctx, s.prefix+key).Bytes()
	switch {
	case errors.Is(err, redis.Nil):
		return nil, false, nil
	case err != nil:
		return nil, false, fmt.Errorf("redisstore: reading the snapshot %q: %w", key, err)
	}
	return b, true, nil
}

// Set implements changes.Store.
func (s *store) Set(ctx context.Context, key string, value []byte) error {
	if s.rdb == nil {
		return errNilClient
	}
	if err := s.rdb.Set(ctx, s.prefix+key, value, 0).Err(); err != nil {
		return fmt.Errorf("redisstore: storing the snapshot %q: %w", key, err)
	}
	return nil
}
