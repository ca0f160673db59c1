package registerdata

import (
	"container/list"
	"context"
	"sync"
	"time"
)

// Defaults of NewMemoryCache for arguments of zero or less.
const (
	// DefaultCacheEntries is how many answers a memory cache holds.
	DefaultCacheEntries = 10_000
	// DefaultCacheTTL is how long a memory cache serves an answer.
	DefaultCacheTTL = 24 * time.Hour
)

// NewMemoryCache returns a Cache for one process: it holds at most
// maxEntries answers (DefaultCacheEntries when maxEntries <= 0), forgets
// the least recently used one when full, and serves an answer for ttl
// after it was stored (DefaultCacheTTL when ttl <= 0). It is safe for
// concurrent use. A company record takes tens of kilobytes, so 10,000
// entries hold a few hundred megabytes at most.
//
// To share answers between processes, use a shared store such as the
// redisstore module's Cache.
func NewMemoryCache(maxEntries int, ttl time.Duration) Cache {
	return newMemoryCache(maxEntries, ttl, time.Now)
}

func newMemoryCache(maxEntries int, ttl time.Duration, now func() time.Time) *memoryCache {
	if maxEntries <= 0 {
		maxEntries = DefaultCacheEntries
	}
	if ttl <= 0 {
		ttl = DefaultCacheTTL
	}
	return &memoryCache{max: maxEntries, ttl: ttl, now: now, entries: make(map[string]*list.Element), lru: list.New()}
}

// memoryCache is an LRU of byte slices with a time to live.
type memoryCache struct {
	max int
	ttl time.Duration
	now func() time.Time

	mu      sync.Mutex
	entries map[string]*list.Element // of *memoryEntry
	lru     *list.List               // most recently used first
}

type memoryEntry struct {
	key     string
	value   []byte
	expires time.Time
}

// Get implements Cache. The slice returned is shared with later Gets of
// the same key and must not be modified.
func (m *memoryCache) Get(_ context.Context, key string) ([]byte, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	el, ok := m.entries[key]
	if !ok {
		return nil, false, nil
	}
	e := el.Value.(*memoryEntry)
	if !m.now().Before(e.expires) {
		m.lru.Remove(el)
		delete(m.entries, key)
		return nil, false, nil
	}
	m.lru.MoveToFront(el)
	return e.value, true, nil
}

// Set implements Cache. It stores a copy of value, so the caller may
// reuse its slice.
func (m *memoryCache) Set(_ context.Context, key string, value []byte) error {
	stored := append([]byte(nil), value...)
	expires := m.now().Add(m.ttl)
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.entries[key]; ok {
		e := el.Value.(*memoryEntry)
		e.value, e.expires = stored, expires
		m.lru.MoveToFront(el)
		return nil
	}
	for m.lru.Len() >= m.max {
		oldest := m.lru.Back()
		m.lru.Remove(oldest)
		delete(m.entries, oldest.Value.(*memoryEntry).key)
	}
	m.entries[key] = m.lru.PushFront(&memoryEntry{key: key, value: stored, expires: expires})
	return nil
}

// Len returns the number of answers held, expired ones not yet dropped
// included.
func (m *memoryCache) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lru.Len()
}
