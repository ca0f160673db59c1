package fake

import (
	"fmt"
	"net/http"
	"time"
)

// The fake's Transparenzregister limits of an account: its access (a plan
// without it answers 402 or 403) and its production extract quota over a
// rolling 30-day window (429).

// DefaultExtractQuota is how many production extracts one API key may
// request in a rolling 30-day window, unless WithExtractQuota says
// otherwise. The service documents the quota but not its size: 100 is the
// fake's choice.
const DefaultExtractQuota = 100

// ExtractQuotaWindow is the rolling window the extract quota counts in.
const ExtractQuotaWindow = 30 * 24 * time.Hour

// TransparencyAccess is whether an account may use the fake's
// Transparenzregister (see SetTransparencyAccess).
type TransparencyAccess string

// Transparenzregister access of an account.
const (
	TransparencyEnabled       TransparencyAccess = "enabled"            // the default: credentials and extracts work
	TransparencyNeedsPaidPlan TransparencyAccess = "paid_plan_required" // 402 to credentials and extracts
	TransparencyNotEnabled    TransparencyAccess = "not_enabled"        // 403 to credentials and extracts
)

// WithExtractQuota sets how many production Transparenzregister extracts
// each API key may request in a rolling 30-day window of the fake clock
// (default DefaultExtractQuota); beyond it requests answer 429. Zero
// allows none; a negative n keeps the default.
func WithExtractQuota(n int) Option {
	return withSetup(func(s *Server) {
		if n >= 0 {
			st := s.transparency()
			st.mu.Lock()
			st.quota = n
			st.mu.Unlock()
		}
	})
}

// WithTransparencyAccess sets the seeded key's Transparenzregister access
// (default TransparencyEnabled); see SetTransparencyAccess. An unknown
// value keeps the default.
func WithTransparencyAccess(a TransparencyAccess) Option {
	return withSetup(func(s *Server) { _ = s.SetTransparencyAccess(s.APIKey, a) })
}

// SetTransparencyAccess sets whether the API key key may use the
// Transparenzregister: TransparencyEnabled, TransparencyNeedsPaidPlan
// (402) or TransparencyNotEnabled (403). An unknown key gets an account
// without credits; an unknown value is refused.
func (s *Server) SetTransparencyAccess(key string, a TransparencyAccess) error {
	switch a {
	case TransparencyEnabled, TransparencyNeedsPaidPlan, TransparencyNotEnabled:
	default:
		return fmt.Errorf("fake: unknown Transparenzregister access %q: use %q, %q or %q", a, TransparencyEnabled, TransparencyNeedsPaidPlan, TransparencyNotEnabled)
	}
	s.accounts.mu.Lock()
	defer s.accounts.mu.Unlock()
	s.accounts.ensure(key).transparency = a
	return nil
}

// transparencyAccess is key's Transparenzregister access.
func (a *accounts) transparencyAccess(key string) TransparencyAccess {
	a.mu.Lock()
	defer a.mu.Unlock()
	if acc, ok := a.byKey[key]; ok && acc.transparency != "" {
		return acc.transparency
	}
	return TransparencyEnabled
}

// refuseTransparency answers 402 or 403 when key's account may not use the
// Transparenzregister, and reports whether it did.
func (s *Server) refuseTransparency(w http.ResponseWriter, key string) bool {
	switch s.accounts.transparencyAccess(key) {
	case TransparencyNeedsPaidPlan:
		writeError(w, http.StatusPaymentRequired, CodePaidPlanRequired,
			"Transparenzregister access needs a paid API plan: upgrade the plan (fake: SetTransparencyAccess)")
		return true
	case TransparencyNotEnabled:
		writeError(w, http.StatusForbidden, CodeAccessNotEnabled,
			"Transparenzregister access is not enabled for this account: ask the service's team to enable it (fake: SetTransparencyAccess)")
		return true
	}
	return false
}

// extractQuotaFull reports whether key has used its production extract
// quota in the window ending now, and how long until the oldest extract
// of the window leaves it. The window is counted from the extracts kept,
// so snapshots carry it.
func (s *Server) extractQuotaFull(key string) (time.Duration, bool) {
	now := s.clock.Now()
	from := now.Add(-ExtractQuotaWindow)
	st := s.transparency()
	st.mu.Lock()
	defer st.mu.Unlock()
	n, oldest := 0, now
	for _, ex := range st.extracts {
		if ex.key == key && ex.companyID != nil && ex.submitted.After(from) {
			n++
			oldest = minTime(oldest, ex.submitted)
		}
	}
	if n < st.quota {
		return 0, false
	}
	return oldest.Add(ExtractQuotaWindow).Sub(now), true
}

func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}
