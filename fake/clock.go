package fake

import (
	"sync"
	"time"
)

// Clock is the fake's time. Presigned document addresses expire, rate
// limits refill and monitors come due on it, so a test moves time forward
// with Advance instead of sleeping.
//
// A Clock made by NewClock stands still until advanced. The zero Clock,
// which the server uses when no WithClock option is given, follows wall
// time plus everything it has been advanced by. A Clock is safe for
// concurrent use.
type Clock struct {
	mu     sync.Mutex
	manual bool          // made by NewClock: stands still between advances
	now    time.Time     // the time of a manual clock
	offset time.Duration // what a wall clock has been advanced by
	hooks  []func(from, to time.Time)

	advancing sync.Mutex // serialises Advance, so hooks see one step at a time
}

// NewClock returns a clock that reads start until it is advanced.
func NewClock(start time.Time) *Clock {
	return &Clock{manual: true, now: start}
}

// Now returns the clock's current time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.nowLocked()
}

func (c *Clock) nowLocked() time.Time {
	if c.manual {
		return c.now
	}
	return time.Now().Add(c.offset)
}

// Advance moves the clock forward by d. A negative d is treated as zero:
// the fake's time never runs backwards.
//
// Before Advance returns, it calls the fake's own time-driven work (due
// monitor checks, monthly billing) synchronously, in the goroutine that
// called Advance, so a test observes their effects as soon as Advance
// returns. Concurrent calls are applied one after the other.
func (c *Clock) Advance(d time.Duration) {
	if d < 0 {
		d = 0
	}
	c.advancing.Lock()
	defer c.advancing.Unlock()

	c.mu.Lock()
	from := c.nowLocked()
	if c.manual {
		c.now = c.now.Add(d)
	} else {
		c.offset += d
	}
	to := from.Add(d)
	hooks := c.hooks
	c.mu.Unlock()

	for _, h := range hooks {
		h(from, to)
	}
}

// onAdvance registers fn to be called by every later Advance with the
// times before and after the step, in registration order, after the clock
// reads the new time. Calls are serialised: the next Advance waits until
// every hook of this one has returned, so fn sees contiguous steps and
// must not call Advance itself. A wall-following clock calls hooks only
// on Advance, not as wall time passes.
func (c *Clock) onAdvance(fn func(from, to time.Time)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.hooks = append(c.hooks[:len(c.hooks):len(c.hooks)], fn)
}
