package fake

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

const (
	sonnenwerkID = "DE-HRB-F1103-301122"
	nordlichtID  = "DE-HRB-F1103-267645"
	kesslerID    = "DE-HRB-P2305-20977"
)

func ownPtr[T any](v T) *T { return &v }

// personOwner is a natural-person owner with a percent share.
func personOwner(id, name string, pct float64) registerdata.Owner {
	return registerdata.Owner{ID: ownPtr(id), Name: name, Type: enums.RepresentativeTypeNaturalPerson,
		RelationType: enums.RelationTypeShareholder, NominalShare: pct * 250, PercentageShare: ownPtr(pct)}
}

func TestSetOwnersRecordsHistoryOnTheFakeClock(t *testing.T) {
	s, clk := newTestServer(t)
	c, _ := s.store.get(sonnenwerkID)
	before, err := s.ownershipHistory(c)
	require.NoError(t, err)

	clk.Advance(48 * time.Hour)
	newOwner := personOwner("1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a13", "Marco Lehmann", 100)
	require.NoError(t, s.SetOwners(sonnenwerkID, []registerdata.Owner{newOwner}))

	owners, err := s.currentOwners(c)
	require.NoError(t, err)
	require.Len(t, owners, 1)
	assert.Equal(t, "Marco", owners[0].NaturalPerson.FirstName, "details filled in from the representation")

	after, err := s.ownershipHistory(c)
	require.NoError(t, err)
	byName := map[string]registerdata.HistoricalOwner{}
	for _, o := range after {
		byName[o.Name] = o
	}
	nordlicht := byName["Nordlicht Solartechnik GmbH"]
	assert.Equal(t, enums.OwnerStatusRemoved, nordlicht.Status)
	require.NotNil(t, nordlicht.LastAppearance)
	marco := byName["Marco Lehmann"]
	assert.Equal(t, enums.OwnerStatusActive, marco.Status)
	require.Len(t, marco.OwnershipHistory, 2, "in the first list and the new one")
	assert.Equal(t, clk.Now(), marco.OwnershipHistory[1].DocumentDate, "dated on the fake clock")
	assert.Len(t, after, len(before))

	// The holding moved with it.
	hs, err := s.holdingsOf(nordlichtID)
	require.NoError(t, err)
	for _, h := range hs {
		assert.NotEqual(t, sonnenwerkID, h.CompanyID)
	}
}

func TestSetOwnersRefusesInvalidOwners(t *testing.T) {
	s, _ := newTestServer(t)
	valid := personOwner("1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a13", "Marco Lehmann", 60)
	cases := map[string][]registerdata.Owner{
		"over 100 %":        {valid, personOwner("7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c41", "Claudia Kessler", 41)},
		"negative percent":  {personOwner("7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c41", "Claudia Kessler", -1)},
		"no name":           {{Type: enums.RepresentativeTypeNaturalPerson, RelationType: enums.RelationTypeShareholder}},
		"unknown relation":  {{Name: "X", Type: enums.RepresentativeTypeNaturalPerson, RelationType: "friend"}},
		"person id no UUID": {personOwner("../monitor", "X", 1)},
		"owns itself":       {{ID: ownPtr(sonnenwerkID), Name: "Self", Type: enums.RepresentativeTypeLegalPerson, RelationType: enums.RelationTypeShareholder}},
		"listed twice":      {valid, valid},
	}
	c, _ := s.store.get(sonnenwerkID)
	want, err := s.ownershipHistory(c)
	require.NoError(t, err)
	for name, owners := range cases {
		t.Run(name, func(t *testing.T) {
			assert.Error(t, s.SetOwners(sonnenwerkID, owners))
		})
	}
	assert.ErrorIs(t, s.SetOwners("DE-HRB-X0000-1", nil), ErrUnknownCompany)
	got, err := s.ownershipHistory(c)
	require.NoError(t, err)
	assert.Equal(t, want, got, "nothing changed")
}

func TestOwnersOverControlRoutes(t *testing.T) {
	s, _ := newTestServer(t)
	body, err := json.Marshal([]registerdata.Owner{personOwner("7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c41", "Claudia Kessler", 100)})
	require.NoError(t, err)
	res := do(t, http.MethodPut, s.URL+"/_fake/companies/"+sonnenwerkID+"/owners", "", string(body))
	require.Equal(t, http.StatusOK, res.status, string(res.body))

	res = do(t, http.MethodPatch, s.URL+"/_fake/companies/"+sonnenwerkID+"/owners", "", `{"owners": []}`)
	require.Equal(t, http.StatusOK, res.status, string(res.body))
	assert.JSONEq(t, `[]`, string(res.body))

	res = do(t, http.MethodPut, s.URL+"/_fake/companies/"+sonnenwerkID+"/owners", "", `[{"name": "X", "type": "natural_person", "relation_type": "shareholder", "nominal_share": 1, "percentage_share": 101}]`)
	assert.Equal(t, http.StatusBadRequest, res.status)
	res = do(t, http.MethodPut, s.URL+"/_fake/companies/"+sonnenwerkID+"/owners", "", `{"owner": []}`)
	assert.Equal(t, http.StatusBadRequest, res.status)
	res = do(t, http.MethodPut, s.URL+"/_fake/companies/DE-HRB-X0000-1/owners", "", `[]`)
	assert.Equal(t, http.StatusNotFound, res.status)

	c, _ := s.store.get(sonnenwerkID)
	hist, err := s.ownershipHistory(c)
	require.NoError(t, err)
	for _, o := range hist {
		assert.Equal(t, enums.OwnerStatusRemoved, o.Status, "%s: the PATCH emptied the list", o.Name)
	}

	res = do(t, http.MethodGet, s.URL+"/_fake/persons", "", "")
	require.Equal(t, http.StatusOK, res.status)
	var persons struct{ Persons []string }
	require.NoError(t, json.Unmarshal(res.body, &persons))
	assert.Contains(t, persons.Persons, "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d62", "an owner who represents no company")
	assert.Equal(t, s.Persons(), persons.Persons)
}

func TestOwnerChangesReachMonitors(t *testing.T) {
	s := newMonitorSetup(t)
	s.monitor(t, companyMonitor(sonnenwerkID, enums.PreferenceOwnership))
	s.monitor(t, companyMonitor(nordlichtID, enums.PreferenceHoldings))
	s.monitor(t, companyMonitor(kesslerID, enums.PreferenceOwnership, enums.PreferenceHoldings))
	require.NoError(t, s.srv.SetOwners(sonnenwerkID, []registerdata.Owner{personOwner("1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a13", "Marco Lehmann", 100)}))
	s.clk.Advance(week)

	got := map[string][]string{}
	paths := map[string][]string{}
	for _, ev := range s.rc.events() {
		got[ev.EntityID] = ev.Categories
		for _, ch := range ev.Changes {
			paths[ev.EntityID] = append(paths[ev.EntityID], ch.Path)
		}
	}
	assert.Equal(t, []string{"ownership"}, got[sonnenwerkID])
	assert.ElementsMatch(t, []string{"/owners/" + nordlichtID, "/owners/1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a13"}, paths[sonnenwerkID])
	assert.Equal(t, []string{"holdings"}, got[nordlichtID], "the owning side")
	assert.Equal(t, []string{"/companies/" + sonnenwerkID + "/owners/" + nordlichtID}, paths[nordlichtID])
	assert.NotContains(t, got, kesslerID, "an unrelated company hears nothing")
}

func TestOwnersEndpointRules(t *testing.T) {
	s, _ := newTestServer(t)
	get := func(path string) response { return do(t, http.MethodGet, s.URL+path, s.APIKey, "") }
	const helios = "DE-HRB-D2601-198433"

	res := get("/v1/company/" + helios + "/owners")
	assert.Equal(t, http.StatusNotFound, res.status, "an AG without best_available")
	assert.Contains(t, res.errorBody(t).Message, "best_available")
	res = get("/v1/company/" + helios + "/owners?best_available=true&realtime=true")
	assert.Equal(t, http.StatusBadRequest, res.status)
	res = get("/v1/company/" + helios + "/owners?best_available=yes")
	assert.Equal(t, http.StatusBadRequest, res.status)
	res = get("/v1/company/DE-HRB-X0000-1/ubo")
	assert.Equal(t, http.StatusNotFound, res.status)
	res = get("/v1/person/00000000-0000-4000-8000-000000000000/holdings")
	assert.Equal(t, http.StatusNotFound, res.status)
	assert.Equal(t, DefaultCredits, s.Credits(s.APIKey), "refusals are not billed")

	res = get("/v1/company/" + helios + "/owners?best_available=true")
	require.Equal(t, http.StatusOK, res.status)
	var own registerdata.Owners
	require.NoError(t, json.Unmarshal(res.body, &own))
	assert.True(t, own.BestAvailable)
	assert.Equal(t, DefaultCredits-registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), s.Credits(s.APIKey))

	s.SetCredits(s.APIKey, registerdata.DefaultPrices().Of("GET /v1/person/{person_id}", false)-1)
	res = get("/v1/person/3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01")
	assert.Equal(t, http.StatusPaymentRequired, res.status)
}

func TestOwnershipRegisterIsSafeForConcurrentUse(t *testing.T) {
	s, _ := newTestServer(t)
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 20; i++ {
			pct := float64(10 + i)
			assert.NoError(t, s.SetOwners(sonnenwerkID, []registerdata.Owner{personOwner("1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a13", "Marco Lehmann", pct)}))
		}
	}()
	for i := 0; i < 20; i++ {
		_, err := s.beneficialOwners(sonnenwerkID)
		assert.NoError(t, err)
		_, err = s.holdingsOf("1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a13")
		assert.NoError(t, err)
		res := do(t, http.MethodGet, s.URL+"/v1/company/"+sonnenwerkID+"/owners/historical", s.APIKey, "")
		assert.Equal(t, http.StatusOK, res.status)
	}
	<-done
	c, _ := s.store.get(sonnenwerkID)
	hist, err := s.ownershipHistory(c)
	require.NoError(t, err)
	for _, o := range hist {
		if o.Name == "Marco Lehmann" {
			assert.Len(t, o.OwnershipHistory, 21, "the first list and one per change")
		}
	}
}

func TestPersonWhoOnlyOwnsIsAPerson(t *testing.T) {
	s, _ := newTestServer(t)
	const lena = "b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d62" // a limited partner of Rheinkiesel, represents nothing
	assert.True(t, s.personExists(lena), "a person monitor may watch her")
	p, ok, err := s.person(lena)
	require.NoError(t, err)
	require.True(t, ok)
	assert.Equal(t, "Schmitz", p.LastName)
	assert.Empty(t, p.ManagementPositions)
	assert.Equal(t, "Bonn", *p.City)
	assert.False(t, s.personExists("00000000-0000-4000-8000-000000000000"))
}
