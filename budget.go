package registerdata

import (
	"context"
	"fmt"
	"sync"
)

// budgeted is the budget stage: it holds the price of the call's first
// write in the credit budget (refusing the call with ErrBudgetExceeded
// when the budget cannot hold it, before anything is sent), runs the
// next stage, and then settles: what the call's writes were charged is
// spent, the rest of what it held is released. Further writes of the
// call (retries, redirects) are held by the write-counting stage.
func (c *Client) budgeted(ctx context.Context, r request, st *callState) ([]byte, error) {
	if err := st.budget.reserve(r.cost); err != nil {
		return nil, err
	}
	reserved0, charged0 := st.reserved, st.charged
	st.reserved += r.cost
	defer func() { st.budget.settle(st.reserved-reserved0, st.charged-charged0) }()
	return c.retried(ctx, r, st)
}

// budget tracks the credits a client spends against an optional limit.
// A call reserves its cost before it is sent, so concurrent calls cannot
// overshoot, and commits it on success or releases it on failure.
type budget struct {
	mu       sync.Mutex
	limit    int64 // < 0: no limit
	spent    int64
	reserved int64
	what     string // how errors name it; "" for the client's budget
}

func (b *budget) reserve(cost int64) error {
	if cost == 0 {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.limit >= 0 && b.spent+b.reserved+cost > b.limit {
		what := b.what
		if what == "" {
			what = "the budget"
		}
		return &budgetError{b: b, msg: fmt.Sprintf("this call costs %d credits and %d of %s of %d are left (%d spent, %d held by calls in flight)",
			cost, b.limit-b.spent-b.reserved, what, b.limit, b.spent, b.reserved)}
	}
	b.reserved += cost
	return nil
}

// settle ends a call's reservations: it releases the reserved credits
// and counts the charged ones (at most reserved) as spent.
func (b *budget) settle(reserved, charged int64) {
	if reserved == 0 && charged == 0 {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reserved -= reserved
	b.spent += charged
}

func (b *budget) spentCredits() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.spent
}

func (b *budget) remaining() (int64, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.limit < 0 {
		return 0, false
	}
	return b.limit - b.spent - b.reserved, true
}

// force holds n credits without checking the limit: for writes already
// made that nobody held (see callState.charge).
func (b *budget) force(n int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.reserved += n
}

// budgets is the set of budgets one call is held against; each operation
// applies to all of them or (reserve failing) to none.
type budgets []*budget

func (bs budgets) reserve(cost int64) error {
	for i, b := range bs {
		if err := b.reserve(cost); err != nil {
			for _, u := range bs[:i] {
				u.settle(cost, 0)
			}
			return err
		}
	}
	return nil
}

func (bs budgets) settle(reserved, charged int64) {
	for _, b := range bs {
		b.settle(reserved, charged)
	}
}

func (bs budgets) force(n int64) {
	for _, b := range bs {
		b.force(n)
	}
}

// budgetError is a budget's refusal of a call; it wraps ErrBudgetExceeded
// and names the budget, so CreditLimit.Refused can tell whose it was.
type budgetError struct {
	b   *budget
	msg string
}

func (e *budgetError) Error() string { return ErrBudgetExceeded.Error() + ": " + e.msg }
func (e *budgetError) Unwrap() error { return ErrBudgetExceeded }
