package monitoring

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

func appoint(code enums.RoleCode) func(*registerdata.Company) {
	return func(c *registerdata.Company) { c.Representation = append(c.Representation, person(code)) }
}

func TestPersonMonitorIsCheckedMonthly(t *testing.T) {
	h := newHarness(t)
	h.create(personRequest(enums.PreferenceManagementPositions))
	h.advance(3 * 24 * time.Hour)
	h.update(companyB, appoint(enums.RoleCodeDirector))

	monthly := time.Date(2025, 2, 28, 10, 0, 0, 0, time.UTC) // created 31 January
	h.advance(monthly.Add(-time.Second).Sub(h.now))
	require.Empty(t, h.sent, "an existing company waits for the monthly check")
	h.advance(time.Second)
	require.Len(t, h.sent, 1)
	ev := h.events()[0]
	assert.Equal(t, enums.EntityTypePerson, ev.EntityType)
	assert.Equal(t, personP, ev.EntityID)
	assert.Equal(t, monthly, ev.DetectedAt)
	assert.Equal(t, []enums.Preference{enums.PreferenceManagementPositions}, ev.Categories)
	require.Len(t, ev.Changes, 1)
	assert.Equal(t, "/companies/"+companyB+"/representation/DIRECTOR", ev.Changes[0].Path)
}

func TestPersonNewCompanyIsDetectedDaily(t *testing.T) {
	h := newHarness(t)
	h.create(personRequest(enums.PreferenceManagementPositions, enums.PreferenceHoldings))
	h.advance(12 * time.Hour)
	h.update(companyB, appoint(enums.RoleCodeShareholder)) // existing company: monthly
	const newID = "DE-HRB-F1103-100003"
	h.update(newID, func(c *registerdata.Company) {
		*c = company(t, newID, "Gamma GmbH")
		c.Representation = append(c.Representation, person(enums.RoleCodeDirector))
	})

	h.advance(12*time.Hour - time.Second)
	require.Empty(t, h.sent)
	h.advance(time.Second)
	require.Len(t, h.sent, 1, "the new company is reported at the next daily check")
	ev := h.events()[0]
	assert.Equal(t, start.Add(24*time.Hour), ev.DetectedAt)
	require.Len(t, ev.Changes, 1)
	assert.Equal(t, "/companies/"+newID+"/representation/DIRECTOR", ev.Changes[0].Path)

	h.advance(addMonths(start, 1).Sub(h.now))
	require.Len(t, h.sent, 2, "the stake in the existing company comes with the monthly check")
	ev = h.events()[1]
	assert.Equal(t, []enums.Preference{enums.PreferenceHoldings}, ev.Categories)
	assert.Equal(t, "/companies/"+companyB+"/representation/SHAREHOLDER", ev.Changes[0].Path)
}

func TestPersonPreferencesFilter(t *testing.T) {
	h := newHarness(t)
	h.create(personRequest(enums.PreferenceHoldings))
	h.update(companyB, appoint(enums.RoleCodeDirector))
	h.advance(addMonths(start, 1).Sub(h.now))
	assert.Empty(t, h.sent, "a management position is not a holding")
	h.update(companyA, appoint(enums.RoleCodeOwner))
	h.advance(addMonths(start, 2).Sub(h.now))
	require.Len(t, h.sent, 1)
	assert.Equal(t, []enums.Preference{enums.PreferenceHoldings}, h.events()[0].Categories)
}

// A monthly charge and a monthly check fall on the same instant; the
// charge comes first, so a monitor it disables delivers nothing.
func TestUnpaidMonthDisablesBeforeTheCheck(t *testing.T) {
	h := newHarness(t)
	h.credits[acct] = 25
	h.create(personRequest(enums.PreferenceManagementPositions))
	h.update(companyB, appoint(enums.RoleCodeDirector))
	h.advance(addMonths(start, 1).Sub(h.now))
	assert.Empty(t, h.sent)
	assert.True(t, h.e.List(acct)[0].Disabled)
}
