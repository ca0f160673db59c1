package webhook

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func claim(t *testing.T, d Deduper, id string, now time.Time) ClaimResult {
	t.Helper()
	res, err := d.Claim(context.Background(), id, now)
	require.NoError(t, err)
	return res
}

func TestMemoryDeduperLifecycle(t *testing.T) {
	ctx := context.Background()
	d := NewMemoryDeduper(time.Minute, 10)

	assert.Equal(t, ClaimAcquired, claim(t, d, "a", testNow))
	assert.Equal(t, ClaimBusy, claim(t, d, "a", testNow), "a second claim while the first runs")
	require.NoError(t, d.Release(ctx, "a", false, testNow))
	assert.Equal(t, ClaimAcquired, claim(t, d, "a", testNow), "a failed id is forgotten")
	require.NoError(t, d.Release(ctx, "a", true, testNow))
	assert.Equal(t, ClaimDone, claim(t, d, "a", testNow.Add(59*time.Second)))
	assert.Equal(t, ClaimAcquired, claim(t, d, "a", testNow.Add(time.Minute)), "expired after the ttl")
	assert.Equal(t, 1, d.Len())
}

func TestMemoryDeduperReleaseUnknownIsHarmless(t *testing.T) {
	d := NewMemoryDeduper(0, 0)
	require.NoError(t, d.Release(context.Background(), "never-claimed", true, testNow))
	assert.Equal(t, 0, d.Len())
	assert.Equal(t, ClaimAcquired, claim(t, d, "never-claimed", testNow))
}

func TestMemoryDeduperExpiresOldEntries(t *testing.T) {
	ctx := context.Background()
	d := NewMemoryDeduper(time.Minute, 100)
	for i := range 50 {
		id := fmt.Sprint(i)
		claim(t, d, id, testNow)
		require.NoError(t, d.Release(ctx, id, true, testNow.Add(time.Duration(i)*time.Second)))
	}
	require.Equal(t, 50, d.Len())
	claim(t, d, "new", testNow.Add(time.Minute+10*time.Second))
	assert.Equal(t, 50-11+1, d.Len(), "ids done at 0s..10s expired, the new one is in progress")
	assert.Equal(t, ClaimDone, claim(t, d, "11", testNow.Add(time.Minute+10*time.Second)))
}

func TestMemoryDeduperIsBounded(t *testing.T) {
	ctx := context.Background()
	d := NewMemoryDeduper(time.Hour, 3)
	for _, id := range []string{"a", "b", "c"} {
		claim(t, d, id, testNow)
		require.NoError(t, d.Release(ctx, id, true, testNow))
	}
	assert.Equal(t, ClaimAcquired, claim(t, d, "d", testNow))
	assert.Equal(t, 3, d.Len())
	assert.Equal(t, ClaimAcquired, claim(t, d, "a", testNow), "the oldest done id was evicted")
	assert.Equal(t, ClaimDone, claim(t, d, "c", testNow), "newer done ids are kept")

	assert.Equal(t, ClaimAcquired, claim(t, d, "e", testNow), "evicts c, the last done id")
	_, err := d.Claim(ctx, "f", testNow)
	require.ErrorIs(t, err, ErrDeduperFull, "a, d and e are all in progress")
	assert.Equal(t, 3, d.Len())
	require.NoError(t, d.Release(ctx, "e", false, testNow))
	assert.Equal(t, ClaimAcquired, claim(t, d, "f", testNow), "room again once a claim ends")
}

// refusingDeduper fails the test when Handler consults it.
type refusingDeduper struct{ t *testing.T }

func (d refusingDeduper) Claim(context.Context, string, time.Time) (ClaimResult, error) {
	d.t.Error("Claim called WithoutDeduper")
	return ClaimAcquired, nil
}

func (d refusingDeduper) Release(context.Context, string, bool, time.Time) error {
	d.t.Error("Release called WithoutDeduper")
	return nil
}

func TestWithoutDeduperCallsBackForEveryDelivery(t *testing.T) {
	started, finish := make(chan struct{}), make(chan struct{})
	var calls atomic.Int32
	fn := func(context.Context, *Event) error {
		if calls.Add(1) == 1 {
			close(started)
			<-finish
		}
		return nil
	}
	var seen []Outcome
	var mu sync.Mutex
	h := Handler(newTestVerifier(t, newTestClock(), WithDeduper(refusingDeduper{t})), fn, WithoutDeduper(),
		WithObserver(func(_ *http.Request, o Outcome) { mu.Lock(); seen = append(seen, o); mu.Unlock() }))

	first := make(chan int)
	go func() { first <- serve(h, delivery("msg_1", testNow, testBody)).Code }()
	<-started
	assert.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", testNow, testBody)).Code, "a concurrent duplicate reaches the callback: no 409")
	close(finish)
	assert.Equal(t, http.StatusNoContent, <-first)
	assert.Equal(t, http.StatusNoContent, serve(h, delivery("msg_1", testNow, testBody)).Code, "a replay reaches the callback")
	assert.Equal(t, int32(3), calls.Load())
	mu.Lock()
	defer mu.Unlock()
	for _, o := range seen {
		assert.False(t, o.Duplicate, "nothing is remembered, so nothing is a duplicate")
	}
}
