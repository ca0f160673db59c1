package portfolio_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAFollowerOfConcurrentWritersMissesNoEntry has writers journal
// checks of their companies at once on PostgreSQL while a follower reads
// Events after the last Seq it saw, over and over, as a CRM sync would.
// Seq follows commit order (the journal lock), so an entry is never
// committed below a Seq the follower has already passed: it sees every
// entry, once. Without the lock a writer commits a higher Seq before
// another's lower one and the follower skips the lower one for good.
func TestAFollowerOfConcurrentWritersMissesNoEntry(t *testing.T) {
	ctx := context.Background()
	dsn := postgresDSN(t)
	_, c, clk := newFake(t)
	p := open(t, dsn, c, clk)
	const writers, checks = 8, 60
	var wg sync.WaitGroup
	var done atomic.Int32
	for w := range writers {
		wg.Go(func() {
			defer done.Add(1)
			id := fmt.Sprintf("DE-HRB-W%04d-%06d", w, w)
			for range checks {
				if _, err := p.Rejudge(ctx, id); !assert.NoError(t, err) {
					return
				}
			}
		})
	}
	var seen []int64
	var last int64
	follow := func() {
		for e, err := range p.Events(ctx, last) {
			require.NoError(t, err)
			seen = append(seen, e.Seq)
			last = e.Seq
		}
	}
	for done.Load() < writers {
		follow()
	}
	wg.Wait()
	follow()

	var all []int64
	for e, err := range p.Events(ctx, 0) {
		require.NoError(t, err)
		all = append(all, e.Seq)
	}
	require.Len(t, all, writers*checks, "every check is journalled")
	saw := map[int64]bool{}
	for _, s := range seen {
		saw[s] = true
	}
	var missed []int64
	for _, s := range all {
		if !saw[s] {
			missed = append(missed, s)
		}
	}
	assert.Empty(t, missed, "the follower missed no entry")
	assert.Equal(t, len(all), len(seen), "the follower saw each entry once")
}
