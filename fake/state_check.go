package fake

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// One way to restore state: every kind of state the fake can be given
// (through the HTTP controls and the Go methods, a snapshot or a data
// directory) is checked by one function, and each way in calls it:
//
//	companies         prepare (store.go): PATCH /_fake/companies, UpdateCompany, AddCompany, data directories, snapshots
//	faults            Fault.validate (faults.go): POST /_fake/faults, InjectFault, snapshots
//	latency           checkLatency: PUT /_fake/latency, SetLatency, snapshots
//	credits, usage    checkCredits, checkAccount: PUT /_fake/credits, snapshots
//	the clock         checkClockTime: POST /_fake/clock/advance, snapshots
//	owners            checkOwnerList (ownership_owners.go): data directories, snapshots
//	financials        checkFinancials: data directories, snapshots
//	proceedings       checkProceedingFields: data directories, snapshots
//	Transparenzregister outcomes  checkOutcome: SetTransparencyOutcome, snapshots
//
// Durations given in milliseconds or seconds are converted with
// durationOf, which saturates instead of wrapping around, so a forged
// 9e18 is refused as too long rather than read as some short delay.

// durationOf returns n units as a Duration, saturated at the largest
// Duration (and at the smallest for a negative n) instead of overflowing.
func durationOf(n int64, unit time.Duration) time.Duration {
	switch {
	case n > math.MaxInt64/int64(unit):
		return math.MaxInt64
	case n < math.MinInt64/int64(unit):
		return math.MinInt64
	}
	return time.Duration(n) * unit
}

// checkLatency checks the latency of every call: 0 <= least <= most <=
// maxLatency.
func checkLatency(least, most time.Duration) error {
	if least < 0 || most < least || most > maxLatency {
		return fmt.Errorf("latency %v to %v is out of range: 0 <= least <= most <= %v", least, most, maxLatency)
	}
	return nil
}

// maxGenerated bounds the generated companies a snapshot restores, as
// registerfake -generated does.
const maxGenerated = 10_000_000

// checkCredits checks a balance of credits.
func checkCredits(n int64) error {
	if n < 0 {
		return fmt.Errorf("credits %d is negative: a balance is 0 or more", n)
	}
	return nil
}

// checkAccount checks a saved account: a key, a balance and usage that
// are not negative.
func checkAccount(key string, a snapAccount) error {
	switch {
	case key == "":
		return errors.New("an account has an empty API key")
	case a.Used < 0 || a.Overage < 0:
		return fmt.Errorf("the usage of account %s is negative (used %d, overage %d)", redactKey(key), a.Used, a.Overage)
	case a.Transparency != "" && a.Transparency != TransparencyEnabled && a.Transparency != TransparencyNeedsPaidPlan && a.Transparency != TransparencyNotEnabled:
		return fmt.Errorf("account %s: unknown Transparenzregister access %q", redactKey(key), a.Transparency)
	}
	if err := checkCredits(a.Credits); err != nil {
		return fmt.Errorf("account %s: %w", redactKey(key), err)
	}
	return nil
}

// redactKey shows the start of an API key, enough to tell keys apart in
// an error, not to use one.
func redactKey(key string) string {
	if len(key) <= 4 {
		return "****"
	}
	return key[:4] + "****"
}

// The fake's clock stays within years a client can read (RFC 3339 needs
// four digits, and the service's dates start after 1900).
var (
	earliestClock = time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)
	latestClock   = time.Date(9000, 1, 1, 0, 0, 0, 0, time.UTC)
)

// checkClockTime checks a time the fake's clock is to read.
func checkClockTime(t time.Time) error {
	if t.Before(earliestClock) || t.After(latestClock) {
		return fmt.Errorf("the clock would read %s, outside %d to %d", t.Format(time.RFC3339), earliestClock.Year(), latestClock.Year())
	}
	return nil
}

// checkSnapClock checks a saved clock: the time it reads (a manual
// clock's, or wall time moved by the offset) passes checkClockTime.
func checkSnapClock(sc snapClock) error {
	now := sc.Now
	if !sc.Manual {
		if sc.Offset > 200*365*24*time.Hour || sc.Offset < -200*365*24*time.Hour {
			return fmt.Errorf("the clock's offset %v from wall time is out of range", sc.Offset)
		}
		now = time.Now().Add(sc.Offset)
	}
	return checkClockTime(now)
}

// checkOutcome checks a Transparenzregister outcome.
func checkOutcome(o TransparencyOutcome) error {
	switch o {
	case TransparencyNormal, TransparencyFail, TransparencyDiscrepancy, TransparencyAmbiguous:
		return nil
	}
	return fmt.Errorf("unknown Transparenzregister outcome %q: use %q, %q, %q or %q", o, TransparencyNormal, TransparencyFail, TransparencyDiscrepancy, TransparencyAmbiguous)
}

// checkFinancials checks loaded financials against their company: it
// exists, and every indicator summary of it has its year in f with the
// same figures.
func (s *Server) checkFinancials(companyID string, f *registerdata.Financials) error {
	c, ok := s.store.get(companyID)
	if !ok {
		return errNotInRegister("$.company_id", companyID)
	}
	return agreeWithSummaries(c, f)
}

// checkProceedingFields checks what a loaded proceeding holds on its own:
// a UUID id, a known status, and a company of the register or a natural
// person as its debtor.
func (s *Server) checkProceedingFields(p *registerdata.Insolvency) error {
	var ck checker
	ck.in("$", -1)
	ck.uuid("id", p.ID)
	enum(&ck, "current_status", p.CurrentStatus)
	if p.ProceedingKind != nil {
		enum(&ck, "proceeding_kind", *p.ProceedingKind)
	}
	ck.optDate("opened_at", p.OpenedAt)
	ck.optDate("closed_at", p.ClosedAt)
	if len(ck.errs) > 0 {
		msgs := make([]string, len(ck.errs))
		for i, e := range ck.errs {
			msgs[i] = e.Error()
		}
		return errors.New(strings.Join(msgs, "; "))
	}
	if p.CompanyID != nil {
		if _, ok := s.store.get(*p.CompanyID); !ok {
			return errNotInRegister("$.company_id", *p.CompanyID)
		}
	}
	return nil
}

// check checks the parts of a snapshot that stand on their own, with the
// functions the controls use: faults, latency, accounts, the clock,
// Transparenzregister logins and outcomes, proceedings of natural
// persons. What depends on the register (companies, owners, financials,
// proceedings of companies) is checked as it is restored.
func (snap *snapshot) check() error {
	var errs []error
	for i, fj := range snap.Faults {
		if err := fj.fault().validate(); err != nil {
			errs = append(errs, fmt.Errorf("faults[%d]: %w", i, err))
		}
	}
	if err := checkLatency(snap.Latency[0], snap.Latency[1]); err != nil {
		errs = append(errs, err)
	}
	for key, a := range snap.Accounts {
		if err := checkAccount(key, a); err != nil {
			errs = append(errs, err)
		}
	}
	if err := checkSnapClock(snap.Clock); err != nil {
		errs = append(errs, err)
	}
	if snap.Register.Generated < 0 || snap.Register.Generated > maxGenerated {
		errs = append(errs, fmt.Errorf("register.generated %d is out of range: 0 to %d", snap.Register.Generated, maxGenerated))
	}
	for id, o := range snap.Transparency.Outcomes {
		if err := checkOutcome(o); err != nil {
			errs = append(errs, fmt.Errorf("company %s: %w", id, err))
		}
	}
	for _, names := range snap.Transparency.Logins {
		for name, h := range names {
			if len(h) != 32 {
				errs = append(errs, fmt.Errorf("the Transparenzregister login %q is damaged", name))
			}
		}
	}
	var ck checker
	for id, pc := range snap.Insolvency.Persons {
		ck.in("insolvency.persons."+id+".summary", -1)
		ck.insolvency(pc.Summary)
		ck.out()
	}
	for id, sum := range snap.Insolvency.Frozen {
		ck.in("insolvency.frozen."+id, -1)
		ck.insolvency(sum)
		ck.out()
	}
	errs = append(errs, ck.errs...)
	if len(errs) > maxProblems {
		errs = append(errs[:maxProblems], fmt.Errorf("and %d more problems", len(errs)-maxProblems))
	}
	return errors.Join(errs...)
}

// companies returns the snapshot's curated companies, each completed and
// checked as every company the fake holds.
func (snap *snapshot) companies() ([]registerdata.Company, error) {
	cs := snap.Register.Curated
	for i := range cs {
		if err := prepare(&cs[i]); err != nil {
			return nil, fmt.Errorf("fake: the snapshot's register: %w", err)
		}
	}
	return cs, nil
}
