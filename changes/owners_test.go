package changes_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
)

// TestOwnersDiffProperty changes the owners of a company through
// SetOwners at random (an owner joins, leaves, holds another share, the
// list is reordered) and checks the diff of GetOwners before and after.
func TestOwnersDiffProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 23))
	srv, clk, c, col := fakeWithReceiver(t, nil)
	ctx := context.Background()
	_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: richID, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceOwnership}, UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)
	prev, err := c.GetOwners(ctx, richID, nil)
	require.NoError(t, err)
	for step := range 20 {
		owners := slices.Clone(prev.Owners)
		var wants []want
		switch op := r.IntN(4); {
		case op == 0 || len(owners) == 0:
			owners = append(owners, registerdata.Owner{ID: ptr(uuid(r)), Name: fmt.Sprintf("Neue Gesellschafterin %d", r.IntN(1e6)),
				Type: enums.RepresentativeTypeNaturalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 100, PercentageShare: ptr(0.5)})
			wants = append(wants, want{enums.PreferenceOwnership, changes.Added, "owners"})
		case op == 1:
			owners = slices.Delete(owners, 0, 1)
			wants = append(wants, want{enums.PreferenceOwnership, changes.Removed, "owners"})
		case op == 2:
			o := &owners[r.IntN(len(owners))]
			k := changes.Modified
			if o.PercentageShare == nil {
				k = changes.Added
			}
			pct := 0.25
			if o.PercentageShare != nil {
				pct = *o.PercentageShare / 2
			}
			o.PercentageShare = &pct
			wants = append(wants, want{enums.PreferenceOwnership, k, "owners.percentage_share"})
		default:
			r.Shuffle(len(owners), func(i, j int) { owners[i], owners[j] = owners[j], owners[i] })
		}
		require.NoError(t, srv.SetOwners(richID, owners), "step %d", step)
		next, err := c.GetOwners(ctx, richID, nil)
		require.NoError(t, err)
		assert.Equal(t, wantKeys(wants), keysOf(changes.Owners(prev, next)), "step %d", step)
		clk.Advance(24 * time.Hour)
		evs := col.take()
		if len(wants) == 0 {
			assert.Empty(t, evs, "step %d: a reordering is no change for the fake either", step)
		} else if assert.Len(t, evs, 1, "step %d", step) {
			assert.Equal(t, []string{"ownership"}, evs[0].Categories)
		}
		prev = next
	}
}

// TestHoldingsDiff: a company becomes an owner of another through
// SetOwners; its holdings gain the stake, under holdings, the category the
// fake delivers to the new owner's monitor; the stake's change and end
// follow.
func TestHoldingsDiff(t *testing.T) {
	srv, clk, c, col := fakeWithReceiver(t, nil)
	ctx := context.Background()
	ids := srv.CompanyIDs()
	holder := ids[2]
	if holder == richID {
		holder = ids[3]
	}
	_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: holder, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceHoldings}, UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)
	before, err := c.GetCompanyHoldings(ctx, holder)
	require.NoError(t, err)
	owners, err := c.GetOwners(ctx, richID, nil)
	require.NoError(t, err)
	for i := range owners.Owners {
		if p := owners.Owners[i].PercentageShare; p != nil && *p >= 10 {
			owners.Owners[i].PercentageShare = ptr(*p - 10)
			break
		}
	}
	hc, _ := srv.Company(holder)
	withHolder := append(slices.Clone(owners.Owners), registerdata.Owner{ID: ptr(holder), Name: hc.Name.Name, Type: enums.RepresentativeTypeLegalPerson,
		RelationType: enums.RelationTypeShareholder, NominalShare: 2500, PercentageShare: ptr(10.0)})
	require.NoError(t, srv.SetOwners(richID, withHolder))
	after, err := c.GetCompanyHoldings(ctx, holder)
	require.NoError(t, err)
	cs := changes.Holdings(before, after)
	require.Equal(t, []string{"holdings/added/holdings"}, keysOf(cs))
	assert.Contains(t, cs[0].String(), "became a holding (10 %)")
	clk.Advance(24 * time.Hour)
	evs := col.take()
	require.Len(t, evs, 1)
	assert.Equal(t, []string{"holdings"}, evs[0].Categories)

	slices.Reverse(after.Holdings)
	assert.Empty(t, changes.Holdings(before, before))
	again, err := c.GetCompanyHoldings(ctx, holder)
	require.NoError(t, err)
	assert.Empty(t, changes.Holdings(again, after), "order is no change")
}
