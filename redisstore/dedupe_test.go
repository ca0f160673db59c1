package redisstore_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/redisstore"
	"github.com/registerdata/registerdata-go/webhook"
)

func claim(t *testing.T, d webhook.Deduper, id string) webhook.ClaimResult {
	t.Helper()
	res, err := d.Claim(context.Background(), id, time.Now())
	require.NoError(t, err)
	return res
}

func release(t *testing.T, d webhook.Deduper, id string, ok bool) {
	t.Helper()
	require.NoError(t, d.Release(context.Background(), id, ok, time.Now()))
}

func TestDeduperLifecycle(t *testing.T) {
	rdb, prefix := newRedis(t)
	d := redisstore.NewDeduper(rdb, prefix, time.Hour)

	require.Equal(t, webhook.ClaimAcquired, claim(t, d, "msg_1"))
	require.Equal(t, webhook.ClaimBusy, claim(t, d, "msg_1"))
	release(t, d, "msg_1", true)
	require.Equal(t, webhook.ClaimDone, claim(t, d, "msg_1"))
	ttl, err := rdb.PTTL(context.Background(), prefix+"msg_1").Result()
	require.NoError(t, err)
	require.Greater(t, ttl, 59*time.Minute, "done ids are remembered for the ttl")
	require.LessOrEqual(t, ttl, time.Hour)

	require.Equal(t, webhook.ClaimAcquired, claim(t, d, "msg_2"))
	release(t, d, "msg_2", false)
	require.Equal(t, webhook.ClaimAcquired, claim(t, d, "msg_2"), "a failed delivery is forgotten")

	require.NoError(t, d.Release(context.Background(), "never-claimed", false, time.Now()))
}

func TestDeduperClaimsExpire(t *testing.T) {
	rdb, prefix := newRedis(t)
	ctx := context.Background()
	long := redisstore.NewDeduper(rdb, prefix, time.Hour)
	require.Equal(t, webhook.ClaimAcquired, claim(t, long, "msg_long"))
	ttl, err := rdb.PTTL(ctx, prefix+"msg_long").Result()
	require.NoError(t, err)
	require.Positive(t, ttl, "a claim has an expiry")
	require.LessOrEqual(t, ttl, redisstore.MaxClaim, "claims are held at most MaxClaim")
}

func TestCrashedReceiversClaimExpires(t *testing.T) {
	rdb, prefix := newRedis(t)
	other := newClient(t, rdb.Options().Addr)
	ctx := context.Background()
	const ttl = 300 * time.Millisecond
	crashed := redisstore.NewDeduper(rdb, prefix, ttl)
	survivor := redisstore.NewDeduper(other, prefix, ttl)

	require.Equal(t, webhook.ClaimAcquired, claim(t, crashed, "msg_1"))
	// The receiver dies here: it never releases the claim.
	require.Equal(t, webhook.ClaimBusy, claim(t, survivor, "msg_1"))

	// Wait for Redis's own expiry: ask Redis how long the claim has left
	// and wait that long, a bounded number of times.
	gone := false
	for range 50 {
		n, err := other.Exists(ctx, prefix+"msg_1").Result()
		require.NoError(t, err)
		if n == 0 {
			gone = true
			break
		}
		left, err := other.PTTL(ctx, prefix+"msg_1").Result()
		require.NoError(t, err)
		require.LessOrEqual(t, left, ttl, "the claim lasts at most the ttl")
		time.Sleep(max(left, 0) + time.Millisecond)
	}
	require.True(t, gone, "the claim did not expire")
	require.Equal(t, webhook.ClaimAcquired, claim(t, survivor, "msg_1"), "the redelivery is processed elsewhere")
	release(t, survivor, "msg_1", true)
	require.Equal(t, webhook.ClaimDone, claim(t, crashed, "msg_1"))
}

func TestReleaseFailedDoesNotDropAnotherReceiversClaim(t *testing.T) {
	rdb, prefix := newRedis(t)
	a := redisstore.NewDeduper(rdb, prefix, time.Hour)
	b := redisstore.NewDeduper(newClient(t, rdb.Options().Addr), prefix, time.Hour)
	require.Equal(t, webhook.ClaimAcquired, claim(t, a, "msg_1"))
	release(t, b, "msg_1", false) // b's claim expired long ago, say
	require.Equal(t, webhook.ClaimBusy, claim(t, b, "msg_1"), "a still holds it")
}

func TestConcurrentClaimsFromManyClients(t *testing.T) {
	rdb, prefix := newRedis(t)
	const n = 40
	var wg sync.WaitGroup
	results := make([]webhook.ClaimResult, n)
	errs := make([]error, n)
	for i := range n {
		d := redisstore.NewDeduper(newClient(t, rdb.Options().Addr), prefix, time.Hour)
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = d.Claim(context.Background(), "msg_1", time.Now())
		}()
	}
	wg.Wait()
	acquired := 0
	for i := range n {
		require.NoError(t, errs[i])
		if results[i] == webhook.ClaimAcquired {
			acquired++
		} else {
			require.Equal(t, webhook.ClaimBusy, results[i])
		}
	}
	require.Equal(t, 1, acquired)
}

func TestDeduperReportsRedisErrors(t *testing.T) {
	rdb, prefix := newRedis(t)
	d := redisstore.NewDeduper(rdb, prefix, time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := d.Claim(ctx, "msg_1", time.Now())
	require.ErrorIs(t, err, context.Canceled)
	require.ErrorContains(t, err, "msg_1")
	_, err = redisstore.NewDeduper(nil, prefix, time.Hour).Claim(context.Background(), "msg_1", time.Now())
	require.Error(t, err)
}
