package registerdata

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"weak"
)

// CreditReconciliation compares what the service billed the account over
// a stretch of work with what the client counted for it
// (Client.ReconcileCredits).
type CreditReconciliation struct {
	// Billed is the growth of the account's used credits (GET /v1/credits,
	// CreditUsage.Used) from the usage the reconciliation starts from to
	// now. It includes what every other user of the same API key spent
	// meanwhile, and the monthly charges of monitors that fell in it.
	// When the credit period ended in between, it is the new period's
	// usage only, and PeriodChanged is set.
	Billed int64
	// Counted is what this client counted as spent (CreditsSpent) over
	// the same stretch, by its price table (WithPrices).
	Counted int64
	// Difference is Billed minus Counted: positive when the service
	// billed more than the client counted (a price in the client's table
	// below the service's, or another user of the key), negative when it
	// billed less (a price above the service's, or calls the service did
	// not bill).
	Difference int64
	// PeriodChanged reports that the account's credit period reset
	// between the two readings, so Billed covers the new period only and
	// the difference says little.
	PeriodChanged bool
	// Before and After are the two readings of the account.
	Before, After *CreditUsage
}

// String says the reconciliation in one sentence, as the CLI prints it:
// "the service billed 250 credits, this run counted 100 (150 more than
// counted)".
func (r *CreditReconciliation) String() string {
	if r == nil {
		return "no reconciliation"
	}
	s := fmt.Sprintf("the service billed %d credits, this run counted %d", r.Billed, r.Counted)
	switch {
	case r.PeriodChanged:
		s += " (the credit period reset in between: the service's figure covers the new period only)"
	case r.Difference > 0:
		s += fmt.Sprintf(" (%d more than counted: a price in the client's table is below the service's, or another user of the API key spent them)", r.Difference)
	case r.Difference < 0:
		s += fmt.Sprintf(" (%d fewer than counted: a price in the client's table is above the service's, or the service did not bill some calls)", -r.Difference)
	}
	return s
}

// Drifted reports whether the service billed other than the client
// counted.
func (r *CreditReconciliation) Drifted() bool { return r != nil && r.Difference != 0 }

// ReconcileCredits reads the account's usage again (GetCredits) and
// compares its growth since before, a reading this client's GetCredits
// made, with what this client counted as spent since then:
//
//	before, err := c.GetCredits(ctx)
//	// ... the run's calls ...
//	r, err := c.ReconcileCredits(ctx, before)
//	if r.Drifted() { log.Print(r) }
//
// A difference means the client's price table and the service's bill
// disagree: the service changed a price (change it with WithPrices), or
// something else spent credits on the account. The service's figure is
// the account's, not this client's: every other user of the same API key
// (another process, a colleague, the dashboard) and the monthly charges
// of monitors make it larger, so reconcile over a stretch where this
// client is the key's only user. Calls in flight when either reading is
// taken may fall on either side of it.
//
// before must be the pointer this client's GetCredits (or
// SetBudgetFromCredits) returned, which remembers the client's count at
// that reading; another (a copy, a decoded value, another client's) is
// refused with ErrInvalidRequest.
func (c *Client) ReconcileCredits(ctx context.Context, before *CreditUsage, opts ...CallOption) (*CreditReconciliation, error) {
	at, ok := c.readings.counted(before)
	if !ok {
		return nil, fmt.Errorf("%w: ReconcileCredits: before must be a reading this client's GetCredits made (the pointer it returned), at the start of the work to reconcile", ErrInvalidRequest)
	}
	counted := c.CreditsSpent() - at
	after, err := c.GetCredits(ctx, opts...)
	if err != nil {
		return nil, fmt.Errorf("registerdata: reconciling credits: %w", err)
	}
	r := &CreditReconciliation{Counted: counted, Before: before, After: after}
	if !after.Period.ResetAt.Equal(before.Period.ResetAt) {
		r.PeriodChanged = true
		r.Billed = after.Used
	} else {
		r.Billed = after.Used - before.Used
	}
	r.Difference = r.Billed - r.Counted
	return r, nil
}

// readings remembers, for each reading of GetCredits still referenced,
// what the client had counted as spent when it came: the mark
// ReconcileCredits starts from. It holds the readings weakly, so a
// reading nobody keeps is forgotten, and adds nothing to CreditUsage
// (whose values compare as before).
type readings struct {
	mu sync.Mutex
	m  map[weak.Pointer[CreditUsage]]int64
}

// mark remembers that the client had counted counted when u was read.
func (r *readings) mark(u *CreditUsage, counted int64) {
	wp := weak.Make(u)
	r.mu.Lock()
	if r.m == nil {
		r.m = map[weak.Pointer[CreditUsage]]int64{}
	}
	r.m[wp] = counted
	r.mu.Unlock()
	runtime.AddCleanup(u, r.forget, wp)
}

func (r *readings) forget(wp weak.Pointer[CreditUsage]) {
	r.mu.Lock()
	delete(r.m, wp)
	r.mu.Unlock()
}

// counted is the client's count at the reading u, if u is one.
func (r *readings) counted(u *CreditUsage) (int64, bool) {
	if u == nil {
		return 0, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	n, ok := r.m[weak.Make(u)]
	return n, ok
}
