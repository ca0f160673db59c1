package registerdata

import (
	"context"
	"net/http"
	"time"
)

// Credit period types of CreditPeriod.Type.
const (
	// CreditPeriodBillingCycle is the period of a paid plan.
	CreditPeriodBillingCycle = "billing_cycle"
	// CreditPeriodRolling30Days is the period of the free plan: 30 days
	// from the first request.
	CreditPeriodRolling30Days = "rolling_30_days"
)

// CreditUsage is the credit account of the API key (GET /v1/credits).
//
// It is the service's view of the whole account: every client and
// process using the key, monitors billed monthly, the current period
// only. Client.CreditsSpent is this client's own view: what its calls
// were charged since it was created (counting an attempt whose answer
// was lost as charged), never reset by a new period. WithCreditBudget
// caps that client view; SetBudgetFromCredits derives the cap from
// Remaining.
type CreditUsage struct {
	// Included is the credits included in the plan for the current period.
	Included int64 `json:"included_credits"`
	// Used is the credits used in the current period, overage included.
	Used int64 `json:"used_credits"`
	// Remaining is what is left of Included; never below zero.
	Remaining int64 `json:"remaining_credits"`
	// Overage is the credits used beyond Included in the current period.
	Overage int64 `json:"overage_credits"`
	// Paid is true for an account on a paid plan.
	Paid bool `json:"paid"`
	// Period is the current credit period.
	Period CreditPeriod `json:"period"`
}

// CreditPeriod is a credit period.
type CreditPeriod struct {
	// ResetAt is when the period ends and usage starts again from zero.
	ResetAt time.Time `json:"reset_at"`
	// Type is CreditPeriodBillingCycle (paid plans) or
	// CreditPeriodRolling30Days (the free plan); other values may come.
	Type string `json:"type"`
}

func (u *CreditUsage) missingIdentity() string {
	if u.Period.Type == "" && u.Period.ResetAt.IsZero() {
		return "period"
	}
	return ""
}

// GetCredits reads the credit account of the API key. It is billed at
// its route's price (see Prices: nothing in DefaultPrices). See
// CreditUsage for how it relates to CreditsSpent, and ReconcileCredits
// for comparing the two.
func (c *Client) GetCredits(ctx context.Context, opts ...CallOption) (*CreditUsage, error) {
	var u CreditUsage
	err := c.do(ctx, request{method: http.MethodGet, endpoint: pathOf("/v1/credits")}, &u, opts)
	if err != nil {
		return nil, err
	}
	c.readings.mark(&u, c.CreditsSpent())
	return &u, nil
}

// SetBudgetFromCredits reads the account's credits with GetCredits and
// sets the client's budget so that from now on it spends at most the
// account's remaining credits: the limit becomes CreditsSpent() plus
// Remaining, replacing any WithCreditBudget limit. Calls beyond it fail
// with ErrBudgetExceeded before they are sent, so a batch job stops at
// the end of the included credits instead of running into overage or
// 402 answers. Other users of the same key are not seen: call it again to
// refresh the limit. It returns the usage the limit was computed from.
func (c *Client) SetBudgetFromCredits(ctx context.Context, opts ...CallOption) (*CreditUsage, error) {
	u, err := c.GetCredits(ctx, opts...)
	if err != nil {
		return nil, err
	}
	c.budget.limitToRemaining(u.Remaining)
	return u, nil
}

// limitToRemaining sets the limit so that remaining more credits can be
// spent beyond what is spent already; credits held by calls in flight
// count against it as they do against any limit.
func (b *budget) limitToRemaining(remaining int64) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.limit = b.spent + max(remaining, 0)
}
