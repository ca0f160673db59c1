package webhook

import (
	"context"
	"testing"
	"time"
)

// TestMemoryDeduperDefaultTTL: a ttl of 0 or less remembers a succeeded
// id for 2*DefaultTolerance, as NewMemoryDeduper documents, so every
// redelivery whose timestamp still verifies is answered as a duplicate.
func TestMemoryDeduperDefaultTTL(t *testing.T) {
	ctx := context.Background()
	t0 := time.Date(2026, 1, 15, 12, 0, 0, 0, time.UTC)
	for _, ttl := range []time.Duration{0, -time.Second} {
		d := NewMemoryDeduper(ttl, 0)
		if r, err := d.Claim(ctx, "msg_1", t0); err != nil || r != ClaimAcquired {
			t.Fatalf("ttl %v: first claim %v, %v", ttl, r, err)
		}
		if err := d.Release(ctx, "msg_1", true, t0); err != nil {
			t.Fatal(err)
		}
		last := t0.Add(2*DefaultTolerance - time.Second)
		if r, err := d.Claim(ctx, "msg_1", last); err != nil || r != ClaimDone {
			t.Errorf("ttl %v: a redelivery %v later claimed %v, %v: want ClaimDone", ttl, last.Sub(t0), r, err)
		}
		after := t0.Add(2*DefaultTolerance + time.Second)
		if r, err := d.Claim(ctx, "msg_1", after); err != nil || r != ClaimAcquired {
			t.Errorf("ttl %v: a delivery %v later claimed %v, %v: want ClaimAcquired (forgotten)", ttl, after.Sub(t0), r, err)
		}
	}
}
