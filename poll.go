package registerdata

import (
	"context"
	"fmt"
	"time"
)

// The waits between polls: of WaitTransparencyExtract, and of
// GetOwnershipHistory while the service answers "still processing".

// pollConfig is how WaitTransparencyExtract waits between polls.
type pollConfig struct {
	initial, max time.Duration                        // 0: DefaultPollInterval, DefaultMaxPollInterval
	after        func(time.Duration) <-chan time.Time // nil: time.After
}

// Polling defaults of WaitTransparencyExtract: the service recommends
// polling every 5 to 10 seconds.
const (
	DefaultPollInterval    = 5 * time.Second
	DefaultMaxPollInterval = 10 * time.Second
)

// WithPollInterval sets how long WaitTransparencyExtract waits after the
// first poll (initial) and at most (max); each wait doubles the previous
// one. Both must be positive and initial at most max. Other calls ignore it.
func WithPollInterval(initial, max time.Duration) CallOption {
	return func(c *callConfig) {
		if initial <= 0 || max < initial {
			c.fail(fmt.Errorf("%w: WithPollInterval(%v, %v): want 0 < initial <= max", ErrInvalidRequest, initial, max))
			return
		}
		c.poll.initial, c.poll.max = initial, max
	}
}

// WithPollTimer makes WaitTransparencyExtract wait for after(d) instead of
// time.After(d) between polls, and GetOwnershipHistory between its
// requests while the service answers 202 (d is then the answer's
// Retry-After, or DefaultProcessingWait): tests pass a function driven by
// a fake clock, so that waiting takes no real time. Other calls ignore it.
func WithPollTimer(after func(d time.Duration) <-chan time.Time) CallOption {
	return func(c *callConfig) {
		if after == nil {
			c.fail(fmt.Errorf("%w: WithPollTimer(nil): pass a function such as time.After", ErrInvalidRequest))
			return
		}
		c.poll.after = after
	}
}

// WaitTransparencyExtract polls the extract id until it is completed or
// failed and returns it (a failed extract too, with a nil error: check
// Status). It waits DefaultPollInterval after the first poll, doubling up
// to DefaultMaxPollInterval (see WithPollInterval, WithPollTimer), and
// returns ctx.Err() as soon as ctx ends. Polls cost nothing.
func (c *Client) WaitTransparencyExtract(ctx context.Context, id string, opts ...CallOption) (*TransparencyExtract, error) {
	cfg := newCallConfig(opts)
	if cfg.err != nil {
		return nil, cfg.err
	}
	wait, most, after := cfg.poll.initial, cfg.poll.max, cfg.poll.after
	if wait == 0 {
		wait, most = DefaultPollInterval, DefaultMaxPollInterval
	}
	if after == nil {
		after = time.After
	}
	for {
		ex, err := c.GetTransparencyExtract(ctx, id, opts...)
		if err != nil {
			return nil, err
		}
		if ex.Status.IsFinal() {
			return ex, nil
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-after(wait):
		}
		wait = min(2*wait, most)
	}
}
