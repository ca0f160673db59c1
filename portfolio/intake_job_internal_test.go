package portfolio

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestTheIntakeNotifiesRiverAtMostOncePerInterval: the limiter of River's
// insert notifications lets the first delivery notify, none of those in
// the next insertNotifyEvery, and the first one after; and of many
// deliveries at once, one notifies.
func TestTheIntakeNotifiesRiverAtMostOncePerInterval(t *testing.T) {
	var l notifyLimiter
	t0 := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		at   time.Duration
		want bool
	}{
		{0, true},
		{time.Millisecond, false},
		{insertNotifyEvery - time.Nanosecond, false},
		{insertNotifyEvery, true},
		{insertNotifyEvery + 50*time.Millisecond, false},
		{3 * insertNotifyEvery, true},
	} {
		if got := l.due(t0.Add(c.at)); got != c.want {
			t.Errorf("a delivery %v after the first: notifies %v, want %v", c.at, got, c.want)
		}
	}

	var at notifyLimiter
	var notified atomic.Int64
	var wg sync.WaitGroup
	now := t0.Add(time.Hour)
	for range 64 {
		wg.Go(func() {
			if at.due(now) {
				notified.Add(1)
			}
		})
	}
	wg.Wait()
	if n := notified.Load(); n != 1 {
		t.Errorf("64 deliveries at once: %d notified, want 1", n)
	}
}
