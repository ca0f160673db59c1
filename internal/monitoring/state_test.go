package monitoring

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// TestExportImportCarriesOn: an engine restored from another's state
// (through JSON, as a snapshot stores it) has the same monitors, pending
// changes and deliveries, and goes on the same way: billing, checks,
// retries of a failing delivery and the cancelling of a deleted
// monitor's delivery.
func TestExportImportCarriesOn(t *testing.T) {
	a := newHarness(t)
	a.answer = func(int, Message) Outcome { return Outcome{Status: 500} }
	a.create(companyRequest(enums.PreferenceBasic))
	a.create(registerdata.MonitorRequest{EntityID: companyB, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}})
	a.update(companyA, func(c *registerdata.Company) { c.Name.Name = "Alpha Neu GmbH" })
	a.update(companyB, func(c *registerdata.Company) { c.Name.Name = "Beta Neu GmbH" })
	a.advance(7 * 24 * time.Hour) // both checks deliver, and fail
	a.update(companyA, func(c *registerdata.Company) { c.Name.Name = "Alpha Neuer GmbH" })
	require.NoError(t, a.e.Delete(acct, companyB)) // its pending delivery is cancelled at the next attempt

	raw, err := json.Marshal(a.e.Export())
	require.NoError(t, err)
	var st State
	require.NoError(t, json.Unmarshal(raw, &st))
	b := newHarness(t)
	b.now, b.credits = a.now, map[string]int64{acct: a.credits[acct]}
	b.answer = a.answer
	require.NoError(t, b.e.Import(st))
	assert.Equal(t, a.e.Export(), b.e.Export())
	assert.Equal(t, a.e.List(acct), b.e.List(acct))
	counter := func() func() string { // new deliveries get the same ids in both
		n := 0
		return func() string { n++; return fmt.Sprintf("msg_%d", n) }
	}
	a.e.hooks.NewID, b.e.hooks.NewID = counter(), counter()

	for _, step := range []time.Duration{5 * time.Second, 5 * time.Minute, 7 * 24 * time.Hour, 40 * 24 * time.Hour} {
		a.advance(step)
		b.advance(step)
		assert.Equal(t, a.e.Deliveries(), b.e.Deliveries(), "after %v", step)
		assert.Equal(t, a.credits, b.credits, "after %v", step)
	}
	states := map[string]int{}
	for _, d := range b.e.Deliveries() {
		states[d.State]++
	}
	assert.Equal(t, 1, states[StateCancelled], "the deleted monitor's delivery")
	assert.Positive(t, states[StateFailed]+states[StatePending])

	st.Deliveries[0].Monitor = 7
	assert.Error(t, newHarness(t).e.Import(st), "a delivery naming no monitor")
}

// TestDeliveryLogBound: beyond the bound the oldest finished records go
// first, then the oldest pending ones, each counted.
func TestDeliveryLogBound(t *testing.T) {
	h := newHarness(t)
	h.e.SetDeliveryLog(2)
	h.create(companyRequest(enums.PreferenceBasic))
	for i := range 3 {
		h.update(companyA, func(c *registerdata.Company) { c.Name.Name = "Alpha " + string(rune('A'+i)) })
		h.advance(7 * 24 * time.Hour)
	}
	ds := h.e.Deliveries()
	require.Len(t, ds, 2)
	assert.Equal(t, 1, h.e.Dropped())
	assert.Contains(t, string(ds[1].Body), "Alpha C")

	// Two checks at one instant, the endpoint failing, a log of one: the
	// first delivery is still pending when the second comes, so it goes,
	// and is never attempted again.
	p := newHarness(t)
	p.e.SetDeliveryLog(1)
	p.answer = func(int, Message) Outcome { return Outcome{Status: 500} }
	p.create(companyRequest(enums.PreferenceBasic))
	p.create(registerdata.MonitorRequest{EntityID: companyB, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}})
	p.update(companyA, func(c *registerdata.Company) { c.Name.Name = "Alpha Neu GmbH" })
	p.update(companyB, func(c *registerdata.Company) { c.Name.Name = "Beta Neu GmbH" })
	p.advance(7 * 24 * time.Hour)
	p.advance(time.Hour)
	ds = p.e.Deliveries()
	require.Len(t, ds, 1)
	assert.Equal(t, 1, p.e.Dropped())
	assert.Equal(t, companyB, ds[0].EntityID)
	require.NotEmpty(t, p.sent)
	for _, m := range p.sent {
		assert.Equal(t, ds[0].ID, m.ID, "the dropped delivery is not attempted")
	}
}
