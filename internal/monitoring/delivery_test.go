package monitoring

import (
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

func rename(name string) func(*registerdata.Company) {
	return func(c *registerdata.Company) { c.Name.Name = name }
}

func fileAccounts(c *registerdata.Company) {
	c.Indicators = append(c.Indicators, registerdata.IndicatorSummary{Date: registerdata.NewDate(2024, 12, 31), ReportID: "r"})
}

func TestWeeklyCheckDeliversMatchingChangesOnly(t *testing.T) {
	h := newHarness(t)
	h.create(companyRequest(enums.PreferenceBasic, enums.PreferenceDocuments))
	h.advance(time.Hour)
	h.update(companyA, rename("Alpha Neu GmbH"))
	h.update(companyA, fileAccounts) // financials: not a preference
	h.update(companyB, rename("Beta Neu GmbH"))

	h.advance(7*24*time.Hour - time.Hour - time.Second)
	require.Empty(t, h.sent, "nothing before the weekly check")
	h.advance(time.Second)
	require.Len(t, h.sent, 1)
	ev := h.events()[0]
	assert.Equal(t, EventType, ev.Type)
	assert.Equal(t, enums.EntityTypeCompany, ev.EntityType)
	assert.Equal(t, companyA, ev.EntityID)
	assert.Equal(t, []enums.Preference{enums.PreferenceBasic}, ev.Categories)
	assert.Equal(t, start.Add(7*24*time.Hour), ev.DetectedAt)
	require.Len(t, ev.Changes, 1)
	assert.Equal(t, "/name", ev.Changes[0].Path)
	assert.JSONEq(t, `{"name":"Alpha GmbH","legal_form":"gmbh","start_date":"2010-03-01"}`, string(ev.Changes[0].Before))
	assert.JSONEq(t, `{"name":"Alpha Neu GmbH","legal_form":"gmbh","start_date":"2010-03-01"}`, string(ev.Changes[0].After))
	assert.Equal(t, wallTime, h.sent[0].Timestamp, "signed with the wall-clock time of sending, not the fake clock's")
	assert.Equal(t, wallTime, h.e.Deliveries()[0].Attempts[0].SentAt)

	h.advance(7 * 24 * time.Hour)
	assert.Len(t, h.sent, 1, "a check without changes sends nothing")
	d := h.e.Deliveries()
	require.Len(t, d, 1)
	assert.Equal(t, StateDelivered, d[0].State)
	assert.Equal(t, h.sent[0].ID, d[0].ID)
	assert.Equal(t, string(h.sent[0].Body), string(d[0].Body))
	assert.Nil(t, d[0].NextAttemptAt)
}

func TestDailyCompanyMonitorIsCheckedEveryDay(t *testing.T) {
	h := newHarness(t)
	r := companyRequest(enums.PreferenceBasic)
	r.UpdateFrequency = enums.UpdateFrequencyDaily
	h.create(r)
	h.update(companyA, rename("Alpha Eins GmbH"))
	h.advance(24 * time.Hour)
	require.Len(t, h.sent, 1)
	h.update(companyA, rename("Alpha Zwei GmbH"))
	h.advance(24 * time.Hour)
	require.Len(t, h.sent, 2)
	assert.NotEqual(t, h.sent[0].ID, h.sent[1].ID, "each event has its own webhook id")
}

func TestChangesUndoneBeforeTheCheckAreNotReported(t *testing.T) {
	h := newHarness(t)
	h.create(companyRequest(enums.PreferenceBasic))
	h.update(companyA, rename("Alpha Zwischen GmbH"))
	h.update(companyA, rename("Alpha Neu GmbH"))
	h.update(companyA, func(c *registerdata.Company) { c.Status = enums.CompanyStatusInactive })
	h.update(companyA, func(c *registerdata.Company) { c.Status = enums.CompanyStatusActive })
	h.advance(7 * 24 * time.Hour)
	require.Len(t, h.sent, 1)
	ev := h.events()[0]
	require.Len(t, ev.Changes, 1, "the status went back; the two renames are one change")
	assert.Contains(t, string(ev.Changes[0].Before), `"Alpha GmbH"`)
	assert.Contains(t, string(ev.Changes[0].After), `"Alpha Neu GmbH"`)
}

func TestRetriesKeepTheIDUntilSuccess(t *testing.T) {
	h := newHarness(t)
	h.answer = func(n int, _ Message) Outcome {
		if n <= 3 {
			return Outcome{Status: 500}
		}
		return Outcome{Status: 200}
	}
	h.create(companyRequest(enums.PreferenceBasic))
	h.update(companyA, rename("Alpha Neu GmbH"))
	check := start.Add(7 * 24 * time.Hour)
	h.advance(check.Sub(h.now))
	require.Len(t, h.sent, 1, "the first attempt is made at once")
	h.advance(5*time.Second - time.Nanosecond)
	require.Len(t, h.sent, 1)
	h.advance(time.Nanosecond)
	require.Len(t, h.sent, 2, "the second 5 s after the first failed")
	h.advance(24 * time.Hour)
	require.Len(t, h.sent, 4, "delivered on the fourth attempt, then no more")

	for _, m := range h.sent {
		assert.Equal(t, h.sent[0].ID, m.ID)
		assert.Equal(t, string(h.sent[0].Body), string(m.Body))
	}
	d := h.e.Deliveries()[0]
	assert.Equal(t, StateDelivered, d.State)
	var at []time.Time
	var status []int
	for _, a := range d.Attempts {
		at, status = append(at, a.At), append(status, a.Status)
	}
	assert.Equal(t, []int{500, 500, 500, 200}, status)
	assert.Equal(t, []time.Time{check, check.Add(5 * time.Second), check.Add(5*time.Minute + 5*time.Second), check.Add(35*time.Minute + 5*time.Second)}, at)
}

func TestDeliveryGivesUpAfterEightAttempts(t *testing.T) {
	h := newHarness(t)
	h.answer = func(n int, _ Message) Outcome {
		if n%2 == 0 {
			return Outcome{Err: errors.New("connection refused")}
		}
		return Outcome{Status: 503}
	}
	h.create(companyRequest(enums.PreferenceBasic))
	h.update(companyA, rename("Alpha Neu GmbH"))
	check := start.Add(7 * 24 * time.Hour)
	h.advance(30 * 24 * time.Hour)

	d := h.e.Deliveries()
	require.Len(t, d, 1)
	assert.Equal(t, StateFailed, d[0].State)
	// immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after each failure
	want := []time.Duration{0, 5 * time.Second, 5*time.Minute + 5*time.Second, 35*time.Minute + 5*time.Second,
		2*time.Hour + 35*time.Minute + 5*time.Second, 7*time.Hour + 35*time.Minute + 5*time.Second,
		17*time.Hour + 35*time.Minute + 5*time.Second, 27*time.Hour + 35*time.Minute + 5*time.Second}
	require.Len(t, d[0].Attempts, len(want))
	for i, a := range d[0].Attempts {
		assert.Equal(t, check.Add(want[i]), a.At, "attempt %d", i+1)
		if i%2 == 1 {
			assert.Equal(t, 0, a.Status)
			assert.Equal(t, "connection refused", a.Error)
		} else {
			assert.Equal(t, 503, a.Status)
			assert.Empty(t, a.Error)
		}
	}
	assert.Len(t, h.sent, 8)
}

func TestPendingDeliveryReportsNextAttempt(t *testing.T) {
	h := newHarness(t)
	h.answer = func(int, Message) Outcome { return Outcome{Status: 500} }
	h.create(companyRequest(enums.PreferenceBasic))
	h.update(companyA, rename("Alpha Neu GmbH"))
	h.advance(7 * 24 * time.Hour)
	d := h.e.Deliveries()[0]
	assert.Equal(t, StatePending, d.State)
	require.NotNil(t, d.NextAttemptAt)
	assert.Equal(t, h.now.Add(5*time.Second), *d.NextAttemptAt)
}

func TestDisabledMonitorsDeliverNothing(t *testing.T) {
	h := newHarness(t)
	h.create(companyRequest(enums.PreferenceBasic))
	h.update(companyA, rename("Vorher GmbH"))
	h.plan[acct] = false
	h.e.Downgrade(acct) // drops what was pending
	h.update(companyA, rename("Waehrenddessen GmbH"))
	h.advance(21 * 24 * time.Hour)
	assert.Empty(t, h.sent)

	h.plan[acct] = true
	require.NoError(t, h.e.Enable(acct, companyA))
	h.advance(7 * 24 * time.Hour)
	assert.Empty(t, h.sent, "changes made while disabled are not collected")
	h.update(companyA, rename("Nachher GmbH"))
	h.advance(7 * 24 * time.Hour)
	require.Len(t, h.sent, 1)
	assert.Contains(t, string(h.events()[0].Changes[0].Before), "Waehrenddessen GmbH")
}

func TestRetriesStopWhenTheMonitorGoes(t *testing.T) {
	for name, stop := range map[string]func(h *harness){
		"deleted":  func(h *harness) { require.NoError(h.t, h.e.Delete(acct, companyA)) },
		"disabled": func(h *harness) { h.e.Downgrade(acct) },
	} {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			h.answer = func(int, Message) Outcome { return Outcome{Status: 500} }
			h.create(companyRequest(enums.PreferenceBasic))
			h.update(companyA, rename("Alpha Neu GmbH"))
			h.advance(7 * 24 * time.Hour)
			require.Len(t, h.sent, 1)
			stop(h)
			h.advance(2 * 24 * time.Hour)
			assert.Len(t, h.sent, 1)
			assert.Equal(t, StateCancelled, h.e.Deliveries()[0].State)
		})
	}
}

func TestEndpointMayCallTheEngineWhileNotified(t *testing.T) {
	h := newHarness(t)
	var seen []registerdata.Monitor
	h.answer = func(int, Message) Outcome {
		seen = h.e.List(acct) // would deadlock if Send ran under the lock
		return Outcome{Status: 200}
	}
	h.create(companyRequest(enums.PreferenceBasic))
	h.update(companyA, rename("Alpha Neu GmbH"))
	h.advance(7 * 24 * time.Hour)
	assert.Len(t, seen, 1)
}

func TestDueChecksRunInTimeOrderWithinOneAdvance(t *testing.T) {
	h := newHarness(t)
	h.create(companyRequest(enums.PreferenceBasic))
	daily := companyRequest(enums.PreferenceBasic)
	daily.EntityID, daily.UpdateFrequency = companyB, enums.UpdateFrequencyDaily
	h.create(daily)
	h.update(companyA, rename("Alpha Neu GmbH"))
	h.update(companyB, rename("Beta Neu GmbH"))
	h.advance(8 * 24 * time.Hour)
	ev := h.events()
	require.Len(t, ev, 2)
	assert.Equal(t, companyB, ev[0].EntityID)
	assert.Equal(t, start.Add(24*time.Hour), ev[0].DetectedAt)
	assert.Equal(t, companyA, ev[1].EntityID)
	assert.Equal(t, start.Add(7*24*time.Hour), ev[1].DetectedAt)
}

func TestCompanyHoldings(t *testing.T) {
	h := newHarness(t)
	h.create(companyRequest(enums.PreferenceHoldings))
	h.update(companyB, func(c *registerdata.Company) {
		c.Representation = append(c.Representation, rep(companyA, "Alpha GmbH", enums.RoleCodeShareholder, enums.RepresentativeTypeLegalPerson))
	})
	h.update(companyA, rename("Alpha Neu GmbH")) // basic: not a preference
	h.advance(7 * 24 * time.Hour)
	require.Len(t, h.sent, 1)
	ev := h.events()[0]
	assert.Equal(t, []enums.Preference{enums.PreferenceHoldings}, ev.Categories)
	require.Len(t, ev.Changes, 1)
	assert.Equal(t, "/companies/"+companyB+"/representation/SHAREHOLDER", ev.Changes[0].Path)
}
