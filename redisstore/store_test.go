package redisstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/redisstore"
)

func TestStoreKeepsSnapshotsWithoutExpiry(t *testing.T) {
	rdb, prefix := newRedis(t)
	ctx := context.Background()
	s := redisstore.NewStore(rdb, prefix)

	_, ok, err := s.Get(ctx, "changes/company/X")
	require.NoError(t, err)
	require.False(t, ok)
	require.NoError(t, s.Set(ctx, "changes/company/X", []byte(`{"company":{"id":"X"}}`)))
	v, ok, err := s.Get(ctx, "changes/company/X")
	require.NoError(t, err)
	require.True(t, ok)
	require.JSONEq(t, `{"company":{"id":"X"}}`, string(v))

	ttl, err := rdb.PTTL(ctx, prefix+"changes/company/X").Result()
	require.NoError(t, err)
	require.Equal(t, time.Duration(-1), ttl, "no expiry")

	ctx2, cancel := context.WithCancel(ctx)
	cancel()
	_, _, err = s.Get(ctx2, "changes/company/X")
	require.ErrorIs(t, err, context.Canceled)
}

// TestPollersShareSnapshotsThroughRedis: a poller that restarts (a new
// process, a new client) finds its baselines in Redis and reports the
// change made while it was away.
func TestPollersShareSnapshotsThroughRedis(t *testing.T) {
	rdb, prefix := newRedis(t)
	srv := fake.NewServer()
	t.Cleanup(srv.Close)
	id := srv.CompanyIDs()[0]
	poll := func() []changes.Set {
		c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
		require.NoError(t, err)
		var sets []changes.Set
		for set, err := range changes.Poll(context.Background(), c, redisstore.NewStore(newClient(t, rdb.Options().Addr), prefix), []string{id},
			changes.PollOptions{Every: time.Hour, Rounds: 1}) {
			require.NoError(t, err)
			sets = append(sets, set)
		}
		return sets
	}
	require.Empty(t, poll(), "the first run stores the baseline")
	require.NoError(t, srv.UpdateCompany(id, func(c *registerdata.Company) { c.Status = enums.CompanyStatusLiquidation }))
	sets := poll()
	require.Len(t, sets, 1)
	require.Len(t, sets[0].Changes, 1)
	require.Equal(t, "status", sets[0].Changes[0].Field)
}
