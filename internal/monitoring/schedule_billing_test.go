package monitoring

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

func TestAddMonthsClipsToMonthEnd(t *testing.T) {
	cases := []struct {
		from time.Time
		n    int
		want time.Time
	}{
		{start, 1, time.Date(2025, 2, 28, 10, 0, 0, 0, time.UTC)},
		{start, 2, time.Date(2025, 3, 31, 10, 0, 0, 0, time.UTC)},
		{start, 3, time.Date(2025, 4, 30, 10, 0, 0, 0, time.UTC)},
		{start, 12, time.Date(2026, 1, 31, 10, 0, 0, 0, time.UTC)},
		{start, 13, time.Date(2026, 2, 28, 10, 0, 0, 0, time.UTC)},
		{time.Date(2024, 1, 31, 0, 0, 0, 0, time.UTC), 1, time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC)},
		{time.Date(2025, 3, 15, 8, 30, 0, 5, time.UTC), 10, time.Date(2026, 1, 15, 8, 30, 0, 5, time.UTC)},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, addMonths(c.from, c.n), "%v + %d months", c.from, c.n)
	}
}

// The three monitors cost 25 (weekly company), 50 (daily company) and 25
// (person) at creation on 31 January 2025 10:00, and as much again at each
// monthly anniversary: 28 Feb, 31 Mar, 30 Apr, 31 May, 30 Jun, 31 Jul,
// 31 Aug, 30 Sep, 31 Oct, 30 Nov, 31 Dec 2025 and 31 Jan 2026, 10:00.
func TestBillingAcrossAYear(t *testing.T) {
	anniversaries := []time.Time{
		time.Date(2025, 2, 28, 10, 0, 0, 0, time.UTC), time.Date(2025, 3, 31, 10, 0, 0, 0, time.UTC),
		time.Date(2025, 4, 30, 10, 0, 0, 0, time.UTC), time.Date(2025, 5, 31, 10, 0, 0, 0, time.UTC),
		time.Date(2025, 6, 30, 10, 0, 0, 0, time.UTC), time.Date(2025, 7, 31, 10, 0, 0, 0, time.UTC),
		time.Date(2025, 8, 31, 10, 0, 0, 0, time.UTC), time.Date(2025, 9, 30, 10, 0, 0, 0, time.UTC),
		time.Date(2025, 10, 31, 10, 0, 0, 0, time.UTC), time.Date(2025, 11, 30, 10, 0, 0, 0, time.UTC),
		time.Date(2025, 12, 31, 10, 0, 0, 0, time.UTC), time.Date(2026, 1, 31, 10, 0, 0, 0, time.UTC),
	}
	setup := func(t *testing.T) *harness {
		h := newHarness(t)
		h.credits[acct] = 10000
		h.create(companyRequest(enums.PreferenceBasic))
		daily := companyRequest(enums.PreferenceBasic)
		daily.EntityID, daily.UpdateFrequency = companyB, enums.UpdateFrequencyDaily
		h.create(daily)
		h.create(personRequest(enums.PreferenceHoldings))
		require.Equal(t, int64(10000-100), h.credits[acct])
		return h
	}

	t.Run("step by step", func(t *testing.T) {
		h := setup(t)
		want := int64(10000 - 100)
		for _, a := range anniversaries {
			h.advance(a.Add(-time.Second).Sub(h.now))
			assert.Equal(t, want, h.credits[acct], "a second before %v nothing more is charged", a)
			h.advance(time.Second)
			want -= 100
			assert.Equal(t, want, h.credits[acct], "at %v the month is charged", a)
		}
		assert.Equal(t, int64(10000-13*100), h.credits[acct])
	})
	t.Run("one jump", func(t *testing.T) {
		h := setup(t)
		h.advance(time.Date(2026, 1, 31, 9, 59, 59, 0, time.UTC).Sub(h.now))
		assert.Equal(t, int64(10000-12*100), h.credits[acct], "creation and 11 anniversaries")
	})
	t.Run("daily steps", func(t *testing.T) {
		h := setup(t)
		for range 365 {
			h.advance(24 * time.Hour)
		}
		assert.Equal(t, time.Date(2026, 1, 31, 10, 0, 0, 0, time.UTC), h.now)
		assert.Equal(t, int64(10000-13*100), h.credits[acct])
	})
}

func TestMonthlyChargeThatCannotBePaidDisables(t *testing.T) {
	h := newHarness(t)
	h.credits[acct] = 25 + 25 + 10 // creation, one month, and not enough for a second
	h.create(companyRequest(enums.PreferenceBasic))
	h.advance(addMonths(start, 1).Sub(h.now))
	assert.Equal(t, int64(10), h.credits[acct])
	assert.False(t, h.e.List(acct)[0].Disabled)

	h.advance(addMonths(start, 2).Sub(h.now))
	assert.Equal(t, int64(10), h.credits[acct], "nothing is taken when the balance cannot cover the month")
	assert.True(t, h.e.List(acct)[0].Disabled)
	st, _ := h.e.Status(acct, companyA)
	assert.Equal(t, ReasonCredits, st.Reason)

	h.credits[acct] = 1000 // a top-up does not re-enable either
	h.advance(addMonths(start, 3).Sub(h.now))
	assert.Equal(t, int64(1000), h.credits[acct], "disabled monitors are not charged")
	require.NoError(t, h.e.Enable(acct, companyA))
	assert.Equal(t, int64(1000), h.credits[acct], "re-enabling charges nothing by itself")
	h.advance(addMonths(start, 4).Sub(h.now))
	assert.Equal(t, int64(975), h.credits[acct], "billing resumes at the next anniversary")
}

func TestDisabledMonitorsAreNotCharged(t *testing.T) {
	h := newHarness(t)
	h.credits[acct] = 1000
	h.create(companyRequest(enums.PreferenceBasic))
	h.plan[acct] = false
	h.e.Downgrade(acct)
	h.advance(addMonths(start, 6).Sub(h.now))
	assert.Equal(t, int64(975), h.credits[acct])
	require.NoError(t, h.e.Delete(acct, companyA))
	h.advance(addMonths(start, 12).Sub(h.now))
	assert.Equal(t, int64(975), h.credits[acct], "deleted monitors are not charged")
}
