package redisstore_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/redisstore"
)

func TestCacheStoresUnderThePrefixWithTTL(t *testing.T) {
	rdb, prefix := newRedis(t)
	ctx := context.Background()
	c := redisstore.NewCache(rdb, prefix, time.Hour)

	_, ok, err := c.Get(ctx, "/v1/company/X")
	require.NoError(t, err)
	require.False(t, ok)

	require.NoError(t, c.Set(ctx, "/v1/company/X", []byte(`{"id":"X"}`)))
	v, ok, err := c.Get(ctx, "/v1/company/X")
	require.NoError(t, err)
	require.True(t, ok)
	require.JSONEq(t, `{"id":"X"}`, string(v))

	ttl, err := rdb.PTTL(ctx, prefix+"/v1/company/X").Result()
	require.NoError(t, err)
	require.Greater(t, ttl, 59*time.Minute)
	require.LessOrEqual(t, ttl, time.Hour)

	ctx2, cancel := context.WithCancel(ctx)
	cancel()
	_, _, err = c.Get(ctx2, "/v1/company/X")
	require.ErrorIs(t, err, context.Canceled)
}

// TestWorkersShareLookupsThroughRedis: two clients, as on two machines,
// share one Redis cache; what one paid for, the other gets for nothing.
func TestWorkersShareLookupsThroughRedis(t *testing.T) {
	rdb, prefix := newRedis(t)
	srv := fake.NewServer()
	t.Cleanup(srv.Close)
	newWorker := func() *registerdata.Client {
		c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
			registerdata.WithHTTPClient(&http.Client{}),
			registerdata.WithCache(redisstore.NewCache(newClient(t, rdb.Options().Addr), prefix, time.Hour)))
		require.NoError(t, err)
		return c
	}
	a, b := newWorker(), newWorker()
	id := srv.CompanyIDs()[0]
	ctx := context.Background()

	coA, err := a.GetCompany(ctx, id, nil)
	require.NoError(t, err)
	var info registerdata.ResponseInfo
	coB, err := b.GetCompany(ctx, id, nil, registerdata.WithResponseInfo(&info))
	require.NoError(t, err)

	require.Equal(t, coA, coB)
	require.True(t, info.Cached)
	require.EqualValues(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false), a.CreditsSpent())
	require.Zero(t, b.CreditsSpent())
}
