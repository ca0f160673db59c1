package changes_test

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
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

// TestInsolvencyEventDiff publishes an event through AddInsolvencyEvent
// and through the /_fake/ route: the company's diff shows the
// proceeding's new status under insolvencies, and Insolvency the event.
func TestInsolvencyEventDiff(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	ctx := context.Background()
	var procID, companyID string
	for _, id := range srv.InsolvencyIDs() {
		if p, ok := srv.Insolvency(id); ok && p.CompanyID != nil && p.CurrentStatus == enums.InsolvencyStatusPreliminary {
			procID, companyID = id, *p.CompanyID
			break
		}
	}
	require.NotEmpty(t, procID, "the fake has a preliminary proceeding of a company")
	before, _ := srv.Company(companyID)
	pb, _ := srv.Insolvency(procID)
	require.NoError(t, srv.AddInsolvencyEvent(procID, registerdata.InsolvencyEvent{EventType: enums.InsolvencyEventTypeProceedingsOpened}))
	after, _ := srv.Company(companyID)
	pa, _ := srv.Insolvency(procID)
	cs := changes.Company(&before, &after)
	assert.Subset(t, keysOf(cs), []string{"insolvencies/modified/insolvencies.current_status"})
	for _, ch := range cs {
		assert.Equal(t, enums.PreferenceInsolvencies, ch.Category, ch.String())
	}
	assert.Contains(t, keysOf(changes.Insolvency(&pb, &pa)), "insolvencies/added/insolvency.events")

	// The same through the HTTP control route.
	resp, err := http.Post(srv.URL+"/_fake/insolvencies/"+procID+"/events", "application/json", bytes.NewReader([]byte(`{"event_type":"proceedings_opened"}`)))
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusCreated, resp.StatusCode)
	pc, _ := srv.Insolvency(procID)
	assert.Equal(t, []string{"insolvencies/added/insolvency.events"}, keysOf(changes.Insolvency(&pa, &pc)))
	_ = c
	_ = ctx
}

// TestPatchRouteDiff changes a company through PATCH /_fake/companies/{id}.
func TestPatchRouteDiff(t *testing.T) {
	srv, _, _, _ := fakeWithReceiver(t, nil)
	before, _ := srv.Company(richID)
	req, err := http.NewRequest(http.MethodPatch, srv.URL+"/_fake/companies/"+richID, bytes.NewReader([]byte(`{"status":"liquidation","lei":"529900T8BM49AURSDO55"}`)))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/merge-patch+json") // the fake's control routes take JSON only
	resp, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	after, _ := srv.Company(richID)
	cs := changes.Company(&before, &after)
	require.NotEmpty(t, before.LEI)
	require.Equal(t, []string{"basic/modified/lei", "basic/modified/status"}, keysOf(cs))
	var sentences []string
	for _, ch := range cs {
		sentences = append(sentences, ch.String())
	}
	assert.ElementsMatch(t, []string{`The status changed from "active" to "liquidation".`, `The LEI changed from "` + before.LEI + `" to "529900T8BM49AURSDO55".`}, sentences)
}

// TestPersonDiffProperty adds and ends positions of a person through the
// companies naming them: the person's diff lists them.
func TestPersonDiffProperty(t *testing.T) {
	srv, _, c, _ := fakeWithReceiver(t, nil)
	ctx := context.Background()
	co, _ := srv.Company(richID)
	var pid string
	for _, rp := range co.Representation {
		if rp.ID != nil && rp.Type == enums.RepresentativeTypeNaturalPerson && rp.EndDate == nil {
			pid = *rp.ID
			break
		}
	}
	require.NotEmpty(t, pid)
	before, err := c.GetPerson(ctx, pid)
	require.NoError(t, err)
	other := srv.CompanyIDs()[1]
	require.NoError(t, srv.UpdateCompany(other, func(x *registerdata.Company) {
		x.Representation = append(x.Representation, registerdata.Representative{ID: ptr(pid), Name: "Neu Leitung", Type: enums.RepresentativeTypeNaturalPerson,
			Role: enums.RoleDirector, RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector}, StartDate: registerdata.DateOf(testStart),
			NaturalPerson: &registerdata.NaturalPerson{FirstName: ptr("Neu"), LastName: ptr("Leitung")}})
	}))
	mid, err := c.GetPerson(ctx, pid)
	require.NoError(t, err)
	assert.Contains(t, keysOf(changes.Person(before, mid)), "management_positions/added/management_positions")
	require.NoError(t, srv.UpdateCompany(other, func(x *registerdata.Company) {
		for i := range x.Representation {
			if x.Representation[i].ID != nil && *x.Representation[i].ID == pid {
				x.Representation[i].EndDate = ptr(registerdata.DateOf(testStart))
			}
		}
	}))
	after, err := c.GetPerson(ctx, pid)
	require.NoError(t, err)
	assert.Equal(t, []string{"management_positions/removed/management_positions"}, keysOf(changes.Person(mid, after)))
	slices.Reverse(after.ManagementPositions)
	assert.Empty(t, changes.Person(roundTripPerson(t, after), after))
}

func roundTripPerson(t *testing.T, p *registerdata.Person) *registerdata.Person {
	t.Helper()
	var buf bytes.Buffer
	require.NoError(t, jsonEncode(&buf, p))
	var out registerdata.Person
	require.NoError(t, jsonDecode(buf.Bytes(), &out))
	return &out
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
