package fake

import (
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestManualClock(t *testing.T) {
	clk := NewClock(testStart)
	assert.Equal(t, testStart, clk.Now())
	assert.Equal(t, testStart, clk.Now(), "stands still")
	clk.Advance(90 * time.Minute)
	assert.Equal(t, testStart.Add(90*time.Minute), clk.Now())
	clk.Advance(-time.Hour)
	assert.Equal(t, testStart.Add(90*time.Minute), clk.Now(), "never runs backwards")
}

func TestWallClockFollowsWallTimeAndAdvances(t *testing.T) {
	var clk Clock
	before := time.Now()
	now := clk.Now()
	assert.False(t, now.Before(before))
	clk.Advance(48 * time.Hour)
	assert.False(t, clk.Now().Before(before.Add(48*time.Hour)))
}

func TestClockHooksSeeContiguousSteps(t *testing.T) {
	clk := NewClock(testStart)
	var mu sync.Mutex
	var steps [][2]time.Time
	var order []int
	clk.onAdvance(func(from, to time.Time) {
		mu.Lock()
		defer mu.Unlock()
		steps = append(steps, [2]time.Time{from, to})
		order = append(order, 1)
		assert.Equal(t, to, clk.Now(), "the hook sees the new time")
	})
	clk.onAdvance(func(from, to time.Time) {
		mu.Lock()
		defer mu.Unlock()
		order = append(order, 2)
	})

	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			clk.Advance(time.Minute)
		}()
	}
	wg.Wait()

	require.Len(t, steps, 20)
	for i, s := range steps {
		assert.Equal(t, time.Minute, s[1].Sub(s[0]))
		if i > 0 {
			assert.Equal(t, steps[i-1][1], s[0], "step %d starts where the previous ended", i)
		}
	}
	assert.Equal(t, testStart.Add(20*time.Minute), clk.Now())
	for i := 0; i < len(order); i += 2 {
		assert.Equal(t, []int{1, 2}, order[i:i+2], "hooks run in registration order")
	}
}

func TestServerWithoutClockUsesAdvanceableWallClock(t *testing.T) {
	srv := NewServer()
	defer srv.Close()
	before := time.Now()
	srv.Clock().Advance(time.Hour)
	assert.False(t, srv.Clock().Now().Before(before.Add(time.Hour)))
}
