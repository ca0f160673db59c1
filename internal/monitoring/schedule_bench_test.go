package monitoring

import (
	"fmt"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// BenchmarkObserve is one register change seen by an engine holding n
// company monitors of other companies (the common case: the change
// concerns none of them). Compare the per-op figures across n.
func BenchmarkObserve(b *testing.B) {
	for _, n := range []int{10, 100, 1000} {
		b.Run(fmt.Sprintf("monitors=%d", n), func(b *testing.B) {
			e := New(Hooks{})
			for i := range n {
				e.monitors = append(e.monitors, &monitor{account: acct, req: registerdata.MonitorRequest{
					EntityID: fmt.Sprintf("DE-HRB-X-%d", i), EntityType: enums.EntityTypeCompany,
					Preferences: []enums.Preference{enums.PreferenceHoldings}}, created: start})
			}
			before := benchCompany(b)
			after := before
			after.Status = enums.CompanyStatusInactive
			b.ReportAllocs()
			for b.Loop() {
				e.Observe(before, after)
			}
		})
	}
}

// BenchmarkRunUntilYear advances a year in daily steps over 100 monitors
// with nothing to deliver: the scheduling overhead of the fake clock.
func BenchmarkRunUntilYear(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		now := start
		e := New(Hooks{Charge: func(string, int64) bool { return true }})
		for i := range 100 {
			m := &monitor{account: acct, req: registerdata.MonitorRequest{
				EntityID: fmt.Sprintf("DE-HRB-X-%d", i), EntityType: enums.EntityTypeCompany,
				UpdateFrequency: enums.UpdateFrequencyDaily}, created: start, seq: uint64(i)}
			m.schedule()
			e.monitors = append(e.monitors, m)
		}
		for range 365 {
			now = now.Add(24 * time.Hour)
			e.RunUntil(now)
		}
	}
}
