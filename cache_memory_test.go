package registerdata

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestMemoryCacheForgetsTheLeastRecentlyUsed(t *testing.T) {
	ctx := context.Background()
	m := newMemoryCache(2, time.Hour, time.Now)
	require.NoError(t, m.Set(ctx, "a", []byte("1")))
	require.NoError(t, m.Set(ctx, "b", []byte("2")))
	_, ok, _ := m.Get(ctx, "a") // a is now the most recently used
	require.True(t, ok)
	require.NoError(t, m.Set(ctx, "c", []byte("3")))

	require.Equal(t, 2, m.Len())
	_, ok, _ = m.Get(ctx, "b")
	require.False(t, ok, "b was the least recently used")
	for key, want := range map[string]string{"a": "1", "c": "3"} {
		v, ok, err := m.Get(ctx, key)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, want, string(v))
	}
}

func TestMemoryCacheStoresACopy(t *testing.T) {
	ctx := context.Background()
	m := newMemoryCache(0, 0, time.Now)
	require.Equal(t, DefaultCacheEntries, m.max)
	require.Equal(t, DefaultCacheTTL, m.ttl)
	buf := []byte("abc")
	require.NoError(t, m.Set(ctx, "k", buf))
	buf[0] = 'x'
	v, _, _ := m.Get(ctx, "k")
	require.Equal(t, "abc", string(v))
}

func TestMemoryCacheReplacesAndExpires(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	m := newMemoryCache(10, time.Minute, func() time.Time { return now })
	require.NoError(t, m.Set(ctx, "k", []byte("old")))
	now = now.Add(30 * time.Second)
	require.NoError(t, m.Set(ctx, "k", []byte("new"))) // a new time to live
	now = now.Add(45 * time.Second)
	v, ok, _ := m.Get(ctx, "k")
	require.True(t, ok)
	require.Equal(t, "new", string(v))
	now = now.Add(15 * time.Second)
	_, ok, _ = m.Get(ctx, "k")
	require.False(t, ok)
	require.Zero(t, m.Len(), "an expired entry is dropped when seen")
}

func TestCacheKeyLeavesRealtimeOut(t *testing.T) {
	for _, tc := range []struct {
		query    map[string][]string
		key      string
		realtime bool
	}{
		{nil, "/v1/company/X", false},
		{map[string][]string{"realtime": {"true"}}, "/v1/company/X", true},
		{map[string][]string{"export": {"true"}, "realtime": {"true"}}, "/v1/company/X?export=true", true},
		{map[string][]string{"export": {"true"}}, "/v1/company/X?export=true", false},
	} {
		key, rt := cacheKey("https://api.test/base", request{endpoint: endpoint{path: "/v1/company/X"}, query: tc.query})
		require.Equal(t, "https://api.test/base"+tc.key, key)
		require.Equal(t, tc.realtime, rt)
	}
}

// TestMemoryCacheBoundedInBytes fills a cache bounded to 100 bytes of keys
// and values: it forgets the least recently used entries to stay within
// the bound, keeps no value larger than the bound, and counts a replaced
// or expired entry out.
func TestMemoryCacheBoundedInBytes(t *testing.T) {
	ctx := context.Background()
	now := time.Now()
	m := newMemoryCache(100, time.Hour, func() time.Time { return now })
	m.maxBytes = 100
	val := func(n int) []byte { return make([]byte, n) }
	require.NoError(t, m.Set(ctx, "a", val(39))) // 40 bytes
	require.NoError(t, m.Set(ctx, "b", val(39)))
	_, ok, _ := m.Get(ctx, "a")
	require.True(t, ok)
	require.NoError(t, m.Set(ctx, "c", val(39))) // 120 > 100: b goes
	_, ok, _ = m.Get(ctx, "b")
	require.False(t, ok, "the least recently used entry is forgotten")
	require.Equal(t, 2, m.Len())
	require.Equal(t, 80, m.bytes)

	require.NoError(t, m.Set(ctx, "a", val(9))) // replaced: 10 + 40
	require.Equal(t, 50, m.bytes)
	require.NoError(t, m.Set(ctx, "huge", val(97)))
	_, ok, _ = m.Get(ctx, "huge")
	require.False(t, ok, "a value beyond the bound is not kept")
	require.Equal(t, 50, m.bytes, "and forgets nothing else")

	now = now.Add(2 * time.Hour)
	_, ok, _ = m.Get(ctx, "c")
	require.False(t, ok)
	require.Equal(t, 10, m.bytes, "an expired entry is counted out")

	// At the bound exactly: two entries filling it are both kept, and a
	// value as large as the bound is kept alone.
	require.NoError(t, m.Set(ctx, "d", val(89))) // 10 + 90
	require.Equal(t, 2, m.Len())
	require.Equal(t, 100, m.bytes)
	require.NoError(t, m.Set(ctx, "e", val(99)))
	_, ok, _ = m.Get(ctx, "e")
	require.True(t, ok, "a value that fits the bound exactly is kept")
	require.Equal(t, 1, m.Len())
	require.Equal(t, 100, m.bytes)
}

func TestWithSuggestionsKeepsOptionsAndBoundsItsCache(t *testing.T) {
	own := NewMemoryCache(1, 0)
	o := &MatchOptions{MinScore: 0.9, Suggestions: own}
	require.Same(t, o, o.WithSuggestions(), "options with Suggestions are kept as they are")

	o = &MatchOptions{MinScore: 0.9, MaxCredits: -1, MaxCandidates: 3}
	w := o.WithSuggestions()
	require.Nil(t, o.Suggestions, "the options given are not changed")
	require.Equal(t, MatchOptions{MinScore: 0.9, MaxCredits: -1, MaxCandidates: 3}, MatchOptions{MinScore: w.MinScore, MaxCredits: w.MaxCredits, MaxCandidates: w.MaxCandidates})
	mc, ok := w.Suggestions.(*memoryCache)
	require.True(t, ok)
	require.Equal(t, MaxMatchSuggestionBytes, mc.maxBytes)
	require.Equal(t, DefaultMatchSuggestions, mc.max)
	require.Equal(t, MatchSuggestionsLife, mc.ttl)
	require.NotNil(t, (*MatchOptions)(nil).WithSuggestions().Suggestions)
}
