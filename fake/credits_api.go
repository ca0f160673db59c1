package fake

import (
	"net/http"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// freePeriod is the free plan's rolling credit window.
const freePeriod = 30 * 24 * time.Hour

// usage is an account's credit usage in its current period. The balance
// (account.credits) is what is left of the included credits, so
// included = used - overage + balance at any time.
type usage struct {
	created       time.Time // when the account was made, on the fake clock
	paid          bool      // a paid plan: monthly billing cycle, overage instead of 402
	start         time.Time // start of the current period; zero: a free plan before its first request
	used, overage int64
}

// touch starts a new period when the current one has ended at now (or,
// on the free plan, when none has begun yet).
func (u *usage) touch(now time.Time) {
	if u.paid {
		if u.start.IsZero() {
			u.start = u.created
		}
		for !now.Before(u.start.AddDate(0, 1, 0)) {
			u.start = u.start.AddDate(0, 1, 0)
			u.used, u.overage = 0, 0
		}
		return
	}
	if u.start.IsZero() || !now.Before(u.start.Add(freePeriod)) {
		u.start = now
		u.used, u.overage = 0, 0
	}
}

// resetAt is when the current period ends.
func (u *usage) resetAt() time.Time {
	if u.paid {
		return u.start.AddDate(0, 1, 0)
	}
	return u.start.Add(freePeriod)
}

// bill takes cost credits at now: from the balance when it covers them;
// on a paid plan the part beyond the balance is overage; otherwise
// nothing is taken and bill returns false. The caller holds the
// accounts' mutex.
func (acc *account) bill(cost int64, now time.Time) bool {
	acc.usage.touch(now)
	switch {
	case cost < 0:
		return false
	case acc.credits >= cost:
		acc.credits -= cost
	case acc.usage.paid:
		acc.usage.overage += cost - acc.credits
		acc.credits = 0
	default:
		return false
	}
	acc.usage.used += cost
	return true
}

// creditUsage reports key's account as GET /v1/credits does, and whether
// the key exists.
func (a *accounts) creditUsage(key string) (registerdata.CreditUsage, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	acc, ok := a.byKey[key]
	if !ok {
		return registerdata.CreditUsage{}, false
	}
	u := &acc.usage
	u.touch(a.clock.Now())
	typ := registerdata.CreditPeriodRolling30Days
	if u.paid {
		typ = registerdata.CreditPeriodBillingCycle
	}
	return registerdata.CreditUsage{
		Included:  u.used - u.overage + acc.credits,
		Used:      u.used,
		Remaining: acc.credits,
		Overage:   u.overage,
		Paid:      u.paid,
		Period:    registerdata.CreditPeriod{ResetAt: u.resetAt().UTC().Truncate(time.Second), Type: typ},
	}, true
}

// CreditUsage returns what GET /v1/credits answers for key (exactly what
// the fake billed the key in the current period), and false for a key
// the fake does not know.
//
// The fake keeps the balance (Credits, SetCredits) as the remaining
// included credits, so Included is always Used - Overage + Remaining.
// The free plan's period is a 30-day window from the key's first request
// after the last one ended; a paid plan's is a calendar month from the
// account's creation (SetPaidPlan). A new period starts from zero usage
// with the balance left over as its included credits: the fake never tops
// up on its own.
func (s *Server) CreditUsage(key string) (registerdata.CreditUsage, bool) {
	return s.accounts.creditUsage(key)
}

// SetPaidPlan puts key's account on a paid plan (or back on the free
// one). A paid plan's period is a monthly billing cycle, and it is never
// refused for want of credits: whatever goes beyond the balance is billed
// as overage. A change of plan starts a new period from now with zero
// usage. An unknown key gets an account without credits.
func (s *Server) SetPaidPlan(key string, paid bool) {
	s.accounts.mu.Lock()
	defer s.accounts.mu.Unlock()
	u := &s.accounts.ensure(key).usage
	if u.paid != paid {
		u.paid, u.start, u.used, u.overage = paid, s.clock.Now(), 0, 0
	}
}

// installCredits serves GET /v1/credits, which costs nothing.
func installCredits(s *Server) {
	s.handleAPI("GET /v1/credits", func(w http.ResponseWriter, r *http.Request) {
		if !s.charge(w, apiKey(r), s.price("GET /v1/credits")) {
			return
		}
		u, _ := s.CreditUsage(apiKey(r))
		writeJSON(w, http.StatusOK, &u)
	})
}
