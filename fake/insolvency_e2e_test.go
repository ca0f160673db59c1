package fake

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/webhook"
)

// A proceeding of the curated register and who is involved in it.
const (
	insolventID   = "DE-HRB-T3104-61402"                   // has an opened proceeding
	insolventProc = "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d33" // that proceeding
	insolventDir  = "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e32" // a natural person with a current role in it
)

// debtorPerson returns a natural person who is the debtor of a
// proceeding, and that proceeding's id.
func debtorPerson(t *testing.T, srv *Server) (personID, procID string) {
	t.Helper()
	for _, id := range srv.InsolvencyIDs() {
		p, _ := srv.Insolvency(id)
		if *p.DebtorKind == enums.DebtorKindNaturalPerson {
			res, err := srv.searchInsolvencies("", nil, registerdata.PageRequest{PerPage: 100})
			require.NoError(t, err)
			for _, r := range res.Results {
				if r.ID == id {
					return *r.PersonID, id
				}
			}
		}
	}
	t.Fatal("no proceeding of a natural person")
	return "", ""
}

// TestInsolvencyEventReachesMonitorsWithInsolvencies is the end-to-end
// path on the fake clock: an event added to a proceeding reaches the
// webhook.Handler callback of every monitor with the insolvencies
// preference (the debtor company, a person with a role in it, a debtor
// person) and of no monitor without it.
func TestInsolvencyEventReachesMonitorsWithInsolvencies(t *testing.T) {
	s := newMonitorSetup(t)
	ctx := context.Background()
	const other = "second-account-key"
	s.srv.SetCredits(other, DefaultCredits)
	c2, err := registerdata.NewClient(registerdata.WithAPIKey(other), registerdata.WithBaseURL(s.srv.URL), registerdata.WithMaxRetries(0))
	require.NoError(t, err)
	person, personProc := debtorPerson(t, s.srv)

	daily := func(r registerdata.MonitorRequest) registerdata.MonitorRequest {
		r.UpdateFrequency = enums.UpdateFrequencyDaily
		return r
	}
	personMonitor := func(id string, prefs ...enums.Preference) registerdata.MonitorRequest {
		return registerdata.MonitorRequest{EntityID: id, EntityType: enums.EntityTypePerson, Preferences: prefs}
	}
	// With insolvencies, on the first account.
	s.monitor(t, daily(companyMonitor(insolventID, enums.PreferenceInsolvencies)))
	s.monitor(t, personMonitor(insolventDir, enums.PreferenceInsolvencies))
	s.monitor(t, personMonitor(person, enums.PreferenceInsolvencies))
	// Without it, on the second: every other preference.
	for _, r := range []registerdata.MonitorRequest{
		daily(companyMonitor(insolventID, enums.PreferenceBasic, enums.PreferenceRepresentation, enums.PreferenceFinancials,
			enums.PreferenceDocuments, enums.PreferenceOwnership, enums.PreferenceHoldings)),
		personMonitor(insolventDir, enums.PreferenceManagementPositions, enums.PreferenceHoldings),
		personMonitor(person, enums.PreferenceManagementPositions, enums.PreferenceHoldings),
	} {
		_, err := c2.CreateMonitor(ctx, r)
		require.NoError(t, err)
	}

	require.NoError(t, s.srv.AddInsolvencyEvent(insolventProc, registerdata.InsolvencyEvent{
		EventType: enums.InsolvencyEventTypeMassInsufficiencyNotified, Summary: "Masseunzulänglichkeit angezeigt"}))
	require.NoError(t, s.srv.AddInsolvencyEvent(personProc, registerdata.InsolvencyEvent{
		EventType: enums.InsolvencyEventTypeDischargeGranted}))

	s.clk.Advance(24 * time.Hour) // the daily checks: the company and the debtor person
	evs := s.rc.events()
	require.Len(t, evs, 2, "one event for the company monitor, one for the debtor person's")
	byEntity := map[string]*webhook.Event{}
	for _, ev := range evs {
		byEntity[ev.EntityID] = ev
		assert.Equal(t, []string{"insolvencies"}, ev.Categories)
	}
	co := byEntity[insolventID]
	require.NotNil(t, co)
	paths := changePaths(t, co)
	assert.Contains(t, paths, "/insolvencies/"+insolventProc, "the summary moved to mass_insufficient")
	assert.True(t, slices.ContainsFunc(paths, func(p string) bool { return strings.HasPrefix(p, "/insolvencies/"+insolventProc+"/events/") }),
		"the event itself: %v", paths)
	require.NotNil(t, byEntity[person])
	assert.Equal(t, enums.EntityTypePerson, byEntity[person].EntityType)

	s.clk.Advance(31 * 24 * time.Hour) // the monthly check of person monitors
	evs = s.rc.events()
	require.Len(t, evs, 3, "and the person with a role in the company, at the monthly check")
	assert.Equal(t, insolventDir, evs[2].EntityID)
	assert.Equal(t, []string{"insolvencies"}, evs[2].Categories)
	for _, d := range s.srv.Deliveries() {
		assert.Contains(t, d.Categories, enums.PreferenceInsolvencies, "no delivery to a monitor without insolvencies")
	}
}

func changePaths(t *testing.T, ev *webhook.Event) []string {
	t.Helper()
	var body Event
	require.NoError(t, json.Unmarshal(ev.Raw, &body))
	var out []string
	for _, c := range body.Changes {
		out = append(out, c.Path)
	}
	return out
}
