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
		key, rt := cacheKey("https://api.test/base", request{path: "/v1/company/X", query: tc.query})
		require.Equal(t, "https://api.test/base"+tc.key, key)
		require.Equal(t, tc.realtime, rt)
	}
}
