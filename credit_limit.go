package registerdata

import (
	"context"
	"errors"
	"fmt"
)

// CreditLimit is a sub-budget for one operation: the calls made with the
// context WithCreditLimit returns are held against it at every write, as
// they are against the client's budget (WithCreditBudget). A retry or a
// redirect that the limit cannot pay for is not sent, so the credits an
// operation spends never exceed its limit, whatever the network does.
//
// MatchOptions.MaxCredits, TreeOptions.MaxCredits and the dossier's
// Options.MaxCredits are CreditLimits; any helper that bounds what one
// operation may spend uses one.
//
// A CreditLimit is safe for concurrent use. Limits nest: a call made with
// a context that carries several is held against each of them and the
// client's budget, and refused when any one cannot pay for it.
type CreditLimit struct {
	b budget
}

type creditLimitsKey struct{}

// WithCreditLimit returns a context whose calls may spend at most n
// credits in all, and the limit, to read what they spent. An n below 0
// is taken as 0: the context's paid calls are refused, free calls go
// through. A call the limit cannot pay for fails with an error that
// wraps ErrBudgetExceeded, before the write it could not pay for.
func WithCreditLimit(ctx context.Context, n int64) (context.Context, *CreditLimit) {
	l := &CreditLimit{b: budget{limit: max(n, 0), what: "the operation's credit limit"}}
	if ctx == nil {
		return ctx, l
	}
	outer, _ := ctx.Value(creditLimitsKey{}).([]*budget)
	chain := make([]*budget, 0, len(outer)+1)
	chain = append(append(chain, outer...), &l.b)
	return context.WithValue(ctx, creditLimitsKey{}, chain), l
}

// Spent returns the credits the limit's calls were charged.
func (l *CreditLimit) Spent() int64 { return l.b.spentCredits() }

// Remaining returns the credits left: the limit, less what was spent and
// what calls in flight hold.
func (l *CreditLimit) Remaining() int64 {
	r, _ := l.b.remaining()
	return r
}

// Max returns the limit.
func (l *CreditLimit) Max() int64 { return l.b.limit }

// Refused reports whether err is this limit's refusal of a call (and not
// the client's budget's, or another limit's).
func (l *CreditLimit) Refused(err error) bool {
	var be *budgetError
	return errors.As(err, &be) && be.b == &l.b
}

// String describes the limit, for logs.
func (l *CreditLimit) String() string {
	return fmt.Sprintf("credit limit %d (spent %d)", l.b.limit, l.Spent())
}

// budgetsFor returns the budgets a call made with ctx is held against:
// the client's, then each limit of ctx from the outermost in.
func budgetsFor(ctx context.Context, client *budget) budgets {
	bs := budgets{client}
	if ctx != nil {
		if chain, ok := ctx.Value(creditLimitsKey{}).([]*budget); ok {
			bs = append(bs, chain...)
		}
	}
	return bs
}
