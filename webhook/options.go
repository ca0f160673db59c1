package webhook

import (
	"fmt"
	"time"
)

// Defaults of a Verifier.
const (
	// DefaultTolerance is how far a message timestamp may lie in the past or
	// the future, as the service's documentation states.
	DefaultTolerance = 5 * time.Minute
	// DefaultMaxBodyBytes is the largest body Handler reads (1 MiB).
	DefaultMaxBodyBytes int64 = 1 << 20
)

// Option configures a Verifier; pass options to NewVerifier.
type Option func(*config) error

type config struct {
	tolerance time.Duration
	clock     func() time.Time
	maxBody   int64
	deduper   Deduper
}

// WithTolerance sets how far a message timestamp may lie from the
// verifier's clock, in the past or the future (default DefaultTolerance).
// It must be positive.
func WithTolerance(d time.Duration) Option {
	return func(c *config) error {
		if d <= 0 {
			return fmt.Errorf("%w: WithTolerance(%v): the tolerance must be positive", ErrInvalidOption, d)
		}
		c.tolerance = d
		return nil
	}
}

// WithClock sets the clock timestamps are checked against (default
// time.Now). Tests inject a fixed or stepping clock; the default Deduper
// measures expiry on the same clock.
func WithClock(now func() time.Time) Option {
	return func(c *config) error {
		if now == nil {
			return fmt.Errorf("%w: WithClock(nil): pass a function such as time.Now", ErrInvalidOption)
		}
		c.clock = now
		return nil
	}
}

// WithMaxBodyBytes sets the largest request body Handler reads (default
// DefaultMaxBodyBytes); a larger body is answered 413 without being read
// into memory. It must be positive.
func WithMaxBodyBytes(n int64) Option {
	return func(c *config) error {
		if n <= 0 {
			return fmt.Errorf("%w: WithMaxBodyBytes(%d): the limit must be positive", ErrInvalidOption, n)
		}
		c.maxBody = n
		return nil
	}
}

// WithDeduper sets the store Handler uses to recognise redeliveries by
// webhook id (default: a MemoryDeduper keeping ids for twice the tolerance).
// Use a shared store when several processes receive the same endpoint.
func WithDeduper(d Deduper) Option {
	return func(c *config) error {
		if d == nil {
			return fmt.Errorf("%w: WithDeduper(nil): pass a Deduper such as NewMemoryDeduper(...)", ErrInvalidOption)
		}
		c.deduper = d
		return nil
	}
}
