package changes

import (
	"context"
	"sync"
)

// Store keeps the last snapshot of each watched entity, so that the next
// event or poll round has something to compare with. Its method set is
// that of registerdata.Cache, so a cache implementation that never
// expires its entries serves as a Store; the redisstore module has one
// without expiry (redisstore.NewStore).
//
// Keys look like "changes/company/DE-HRB-F1103-267645"; values are JSON,
// a few to a few hundred KB per entity. Implementations must be safe for
// concurrent use and must not expire entries: a lost snapshot makes the
// next event a new baseline, and the changes in between are never
// reported.
type Store interface {
	// Get returns the value stored under key and true, or false when
	// there is none.
	Get(ctx context.Context, key string) (value []byte, ok bool, err error)
	// Set stores value under key, replacing any earlier value.
	Set(ctx context.Context, key string, value []byte) error
}

// MemoryStore is a Store in the memory of one process, without expiry or
// size limit: one entry per watched entity. The zero value is not
// usable; call NewMemoryStore.
type MemoryStore struct {
	mu sync.RWMutex
	m  map[string][]byte
}

// NewMemoryStore returns an empty *MemoryStore as a Store. Its snapshots
// are lost when the process ends; a fleet of receivers, or one that
// restarts, wants a shared store such as redisstore.NewStore.
func NewMemoryStore() Store { return &MemoryStore{m: make(map[string][]byte)} }

// Get implements Store. The returned slice must not be modified.
func (s *MemoryStore) Get(_ context.Context, key string) ([]byte, bool, error) {
	s.mu.RLock()
	defer s.mu.RUnlock()
	v, ok := s.m[key]
	return v, ok, nil
}

// Set implements Store; it keeps a copy of value.
func (s *MemoryStore) Set(_ context.Context, key string, value []byte) error {
	v := append([]byte(nil), value...)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[key] = v
	return nil
}

// Len returns the number of snapshots stored.
func (s *MemoryStore) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.m)
}
