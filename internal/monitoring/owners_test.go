package monitoring

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

func stake(id, name string, typ enums.RepresentativeType, pct float64) registerdata.Owner {
	return registerdata.Owner{ID: &id, Name: name, Type: typ, RelationType: enums.RelationTypeShareholder, PercentageShare: &pct}
}

func TestObserveOwnersClassifiesOwnershipAndHoldings(t *testing.T) {
	h := newHarness(t)
	h.create(companyRequest(enums.PreferenceOwnership))
	h.create(registerdata.MonitorRequest{EntityID: companyB, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceHoldings}})
	h.create(personRequest(enums.PreferenceHoldings))

	before := []registerdata.Owner{stake(companyB, "Beta GmbH", enums.RepresentativeTypeLegalPerson, 100)}
	after := []registerdata.Owner{
		stake(companyB, "Beta GmbH", enums.RepresentativeTypeLegalPerson, 60),
		stake(personP, "Erika Mustermann", enums.RepresentativeTypeNaturalPerson, 40),
	}
	h.e.ObserveOwners(companyA, before, after)
	h.e.ObserveOwners(companyB, nil, nil) // nothing changed: nothing reported
	h.advance(32 * 24 * time.Hour)

	byEntity := map[string]Event{}
	for _, ev := range h.events() {
		byEntity[ev.EntityID] = ev
	}
	require.Len(t, byEntity, 3)
	a := byEntity[companyA]
	assert.Equal(t, []string{"ownership"}, categories(a))
	require.Len(t, a.Changes, 2)
	paths := map[string]Change{}
	for _, ch := range a.Changes {
		paths[ch.Path] = ch
	}
	beta, erika := paths["/owners/"+companyB], paths["/owners/"+personP]
	assert.Contains(t, string(beta.Before), `"percentage_share":100`)
	assert.Contains(t, string(beta.After), `"percentage_share":60`)
	assert.JSONEq(t, `null`, string(erika.Before), "a new owner")
	assert.Contains(t, string(erika.After), `"percentage_share":40`)

	b := byEntity[companyB]
	assert.Equal(t, []string{"holdings"}, categories(b))
	require.Len(t, b.Changes, 1)
	assert.Equal(t, "/companies/"+companyA+"/owners/"+companyB, b.Changes[0].Path)

	p := byEntity[personP]
	assert.Equal(t, []string{"holdings"}, categories(p))
	require.Len(t, p.Changes, 1)
	assert.Equal(t, "/companies/"+companyA+"/owners/"+personP, p.Changes[0].Path)
}

func TestObserveOwnersRespectsPreferences(t *testing.T) {
	h := newHarness(t)
	h.create(companyRequest(enums.PreferenceBasic)) // not ownership
	h.e.ObserveOwners(companyA, nil, []registerdata.Owner{stake(personP, "Erika Mustermann", enums.RepresentativeTypeNaturalPerson, 100)})
	h.advance(8 * 24 * time.Hour)
	assert.Empty(t, h.events())
}

func categories(ev Event) []string {
	out := make([]string, len(ev.Categories))
	for i, c := range ev.Categories {
		out[i] = string(c)
	}
	return out
}
