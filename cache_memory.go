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
	max      int
	maxBytes int // bound of the keys and values held; 0: none
	ttl      time.Duration
	now      func() time.Time

	mu      sync.Mutex
	entries map[string]*list.Element // of *memoryEntry
	lru     *list.List               // most recently used first
	bytes   int                      // of the keys and values held
}

type memoryEntry struct {
	key     string
	value   []byte
	expires time.Time
}

func (e *memoryEntry) size() int { return len(e.key) + len(e.value) }

// remove drops el; m.mu is held.
func (m *memoryCache) remove(el *list.Element) {
	e := m.lru.Remove(el).(*memoryEntry)
	delete(m.entries, e.key)
	m.bytes -= e.size()
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
		m.remove(el)
		return nil, false, nil
	}
	m.lru.MoveToFront(el)
	return e.value, true, nil
}

// Set implements Cache. It stores a copy of value, so the caller may
// reuse its slice. A cache bounded in bytes keeps no value larger than
// its bound.
func (m *memoryCache) Set(_ context.Context, key string, value []byte) error {
	e := &memoryEntry{key: key, expires: m.now().Add(m.ttl)}
	m.mu.Lock()
	defer m.mu.Unlock()
	if el, ok := m.entries[key]; ok {
		m.remove(el)
	}
	if m.maxBytes > 0 && len(key)+len(value) > m.maxBytes {
		return nil
	}
	e.value = append([]byte(nil), value...)
	for m.lru.Len() >= m.max || m.maxBytes > 0 && m.bytes+e.size() > m.maxBytes {
		m.remove(m.lru.Back())
	}
	m.entries[key] = m.lru.PushFront(e)
	m.bytes += e.size()
	return nil
}

// Len returns the number of answers held, expired ones not yet dropped
// included.
func (m *memoryCache) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lru.Len()
}
