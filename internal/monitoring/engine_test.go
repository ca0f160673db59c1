package monitoring

import (
	"encoding/json"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

func requireRefusal(t *testing.T, err error, status int, code string) *Error {
	t.Helper()
	var e *Error
	require.True(t, errors.As(err, &e), "want *Error, got %v", err)
	assert.Equal(t, status, e.Status, e.Message)
	assert.Equal(t, code, e.Code)
	assert.NotEmpty(t, e.Message)
	return e
}

func TestCreateRefusesInvalidRequestsWithoutCharging(t *testing.T) {
	cases := map[string]registerdata.MonitorRequest{
		"empty id":             {EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
		"traversal id":         {EntityID: "../monitor", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
		"slash id":             {EntityID: "a/b", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
		"blank id":             {EntityID: " ", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
		"unknown type":         {EntityID: companyA, EntityType: "fund", Preferences: []enums.Preference{enums.PreferenceBasic}},
		"no preference":        {EntityID: companyA, EntityType: enums.EntityTypeCompany},
		"person-only pref":     {EntityID: companyA, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceManagementPositions}},
		"company-only pref":    {EntityID: personP, EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceBasic}},
		"unknown pref":         {EntityID: companyA, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{"gossip"}},
		"duplicate pref":       {EntityID: companyA, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic, enums.PreferenceBasic}},
		"frequency on person":  {EntityID: personP, EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceHoldings}, UpdateFrequency: enums.UpdateFrequencyDaily},
		"weekly on person":     {EntityID: personP, EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceHoldings}, UpdateFrequency: enums.UpdateFrequencyWeekly},
		"unknown frequency":    {EntityID: companyA, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: "hourly"},
		"control char in id":   {EntityID: "DE\x00HRB", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
		"percent-encoded path": {EntityID: "..%2Fmonitor", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
	}
	for name, r := range cases {
		t.Run(name, func(t *testing.T) {
			h := newHarness(t)
			_, err := h.e.Create(acct, r)
			requireRefusal(t, err, http.StatusBadRequest, CodeInvalidRequest)
			assert.Equal(t, int64(100000), h.credits[acct])
			assert.Empty(t, h.e.List(acct))
		})
	}
}

func TestCreateRefusals(t *testing.T) {
	t.Run("no webhook endpoint", func(t *testing.T) {
		h := newHarness(t)
		h.endpoint = false
		_, err := h.e.Create(acct, companyRequest(enums.PreferenceBasic))
		e := requireRefusal(t, err, http.StatusBadRequest, CodeWebhookNotConfigured)
		assert.Contains(t, e.Message, "dashboard")
	})
	t.Run("plan without monitoring", func(t *testing.T) {
		h := newHarness(t)
		h.plan[acct] = false
		_, err := h.e.Create(acct, companyRequest(enums.PreferenceBasic))
		requireRefusal(t, err, http.StatusForbidden, CodePlanWithoutMonitoring)
	})
	t.Run("unknown company", func(t *testing.T) {
		h := newHarness(t)
		r := companyRequest(enums.PreferenceBasic)
		r.EntityID = "DE-HRB-X9999-1"
		_, err := h.e.Create(acct, r)
		requireRefusal(t, err, http.StatusNotFound, CodeNotFound)
	})
	t.Run("unknown person", func(t *testing.T) {
		h := newHarness(t)
		r := personRequest(enums.PreferenceHoldings)
		r.EntityID = "00000000-0000-0000-0000-000000000000"
		_, err := h.e.Create(acct, r)
		requireRefusal(t, err, http.StatusNotFound, CodeNotFound)
	})
	t.Run("second monitor of one entity", func(t *testing.T) {
		h := newHarness(t)
		h.create(companyRequest(enums.PreferenceBasic))
		_, err := h.e.Create(acct, companyRequest(enums.PreferenceDocuments))
		requireRefusal(t, err, http.StatusConflict, CodeMonitorExists)
		assert.Equal(t, int64(100000-25), h.credits[acct], "only the first create is charged")
		require.Len(t, h.e.List(acct), 1)
		assert.Equal(t, []enums.Preference{enums.PreferenceBasic}, h.e.List(acct)[0].Preferences)
	})
	t.Run("too few credits", func(t *testing.T) {
		h := newHarness(t)
		h.credits[acct] = 49
		r := companyRequest(enums.PreferenceBasic)
		r.UpdateFrequency = enums.UpdateFrequencyDaily
		_, err := h.e.Create(acct, r)
		e := requireRefusal(t, err, http.StatusPaymentRequired, CodeInsufficientCredits)
		assert.Contains(t, e.Message, "a daily company monitor costs 50 credits")
		assert.Equal(t, int64(49), h.credits[acct])
		assert.Empty(t, h.e.List(acct))
	})
	t.Run("too few credits for a person monitor", func(t *testing.T) {
		h := newHarness(t)
		h.credits[acct] = 24
		_, err := h.e.Create(acct, personRequest(enums.PreferenceHoldings))
		e := requireRefusal(t, err, http.StatusPaymentRequired, CodeInsufficientCredits)
		assert.Contains(t, e.Message, "a person monitor costs 25 credits")
		assert.Equal(t, int64(24), h.credits[acct])
	})
}

func TestCreateChargesAndLists(t *testing.T) {
	h := newHarness(t)
	weekly := h.create(companyRequest(enums.PreferenceBasic, enums.PreferenceOwnership))
	assert.Equal(t, registerdata.Monitor{EntityID: companyA, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic, enums.PreferenceOwnership}, UpdateFrequency: enums.UpdateFrequencyWeekly}, weekly)
	assert.Equal(t, int64(100000-25), h.credits[acct])

	daily := companyRequest(enums.PreferenceDocuments)
	daily.EntityID, daily.UpdateFrequency = companyB, enums.UpdateFrequencyDaily
	h.create(daily)
	assert.Equal(t, int64(100000-25-50), h.credits[acct])

	p := h.create(personRequest(enums.PreferenceHoldings))
	assert.Empty(t, p.UpdateFrequency, "person monitors have no frequency")
	assert.Equal(t, int64(100000-25-50-25), h.credits[acct])

	list := h.e.List(acct)
	require.Len(t, list, 3)
	assert.Equal(t, []string{companyA, companyB, personP}, []string{list[0].EntityID, list[1].EntityID, list[2].EntityID})
	assert.Empty(t, h.e.List("other_key"), "monitors are per account")
	assert.Equal(t, int64(100000-100), h.credits[acct], "listing is free")
}

func TestCreateDoesNotShareCallerSlice(t *testing.T) {
	h := newHarness(t)
	r := companyRequest(enums.PreferenceBasic)
	h.create(r)
	r.Preferences[0] = enums.PreferenceDocuments
	assert.Equal(t, []enums.Preference{enums.PreferenceBasic}, h.e.List(acct)[0].Preferences)
}

func TestDelete(t *testing.T) {
	h := newHarness(t)
	requireRefusal(t, h.e.Delete(acct, companyA), http.StatusNotFound, CodeNotFound)
	h.create(companyRequest(enums.PreferenceBasic))
	requireRefusal(t, h.e.Delete("other_key", companyA), http.StatusNotFound, CodeNotFound)
	require.NoError(t, h.e.Delete(acct, companyA))
	assert.Empty(t, h.e.List(acct))
	assert.Equal(t, int64(100000-25), h.credits[acct], "delete is free")
	h.create(companyRequest(enums.PreferenceBasic))
	assert.Equal(t, int64(100000-50), h.credits[acct], "a new monitor after delete is charged again")
}

func TestDowngradeDisablesUntilOperatorEnables(t *testing.T) {
	h := newHarness(t)
	h.create(companyRequest(enums.PreferenceBasic))
	h.plan[acct] = false
	h.e.Downgrade(acct)
	list := h.e.List(acct)
	require.Len(t, list, 1)
	assert.True(t, list[0].Disabled)
	st, ok := h.e.Status(acct, companyA)
	require.True(t, ok)
	assert.Equal(t, ReasonPlan, st.Reason)

	requireRefusal(t, h.e.Enable(acct, companyA), http.StatusForbidden, CodePlanWithoutMonitoring)
	h.plan[acct] = true // the upgrade alone changes nothing
	assert.True(t, h.e.List(acct)[0].Disabled)

	requireRefusal(t, h.e.Enable(acct, companyB), http.StatusNotFound, CodeNotFound)
	require.NoError(t, h.e.Enable(acct, companyA))
	assert.False(t, h.e.List(acct)[0].Disabled)
	st, _ = h.e.Status(acct, companyA)
	assert.Empty(t, st.Reason)
}

func TestDowngradeTouchesOnlyThatAccount(t *testing.T) {
	h := newHarness(t)
	h.credits["key_other"], h.plan["key_other"] = 1000, true
	h.create(companyRequest(enums.PreferenceBasic))
	_, err := h.e.Create("key_other", companyRequest(enums.PreferenceBasic))
	require.NoError(t, err)
	h.e.Downgrade(acct)
	assert.True(t, h.e.List(acct)[0].Disabled)
	assert.False(t, h.e.List("key_other")[0].Disabled)
}

const (
	acct     = "key_test"
	companyA = "DE-HRB-F1103-100001"
	companyB = "DE-HRB-F1103-100002"
	personP  = "6f1c1d8e-3a1b-4c55-9a0e-0d2b8f0e7a11"
)

// start is a Wednesday, 10:00 UTC, at the end of a 31-day month, so month
// clipping is exercised by billing tests.
var start = time.Date(2025, time.January, 31, 10, 0, 0, 0, time.UTC)

// wallTime is the harness's wall clock, far from the fake clock's start:
// deliveries are signed with it.
var wallTime = time.Date(2031, time.March, 3, 3, 3, 3, 0, time.UTC)

// harness is an Engine wired to in-memory accounts, a register and a
// scriptable endpoint, all on a manual clock. It is used from one
// goroutine, like the fake's clock drives the engine.
type harness struct {
	t         *testing.T
	now       time.Time
	credits   map[string]int64
	plan      map[string]bool
	endpoint  bool
	companies map[string]registerdata.Company
	persons   map[string]bool
	sent      []Message
	answer    func(n int, m Message) Outcome // n counts every attempt, from 1
	e         *Engine
}

func newHarness(t *testing.T) *harness {
	h := &harness{
		t:         t,
		now:       start,
		credits:   map[string]int64{acct: 100000},
		plan:      map[string]bool{acct: true},
		endpoint:  true,
		companies: map[string]registerdata.Company{},
		persons:   map[string]bool{personP: true},
		answer:    func(int, Message) Outcome { return Outcome{Status: 204} },
	}
	h.companies[companyA] = company(t, companyA, "Alpha GmbH")
	h.companies[companyB] = company(t, companyB, "Beta GmbH")
	h.e = New(Hooks{
		Now:     func() time.Time { return h.now },
		WallNow: func() time.Time { return wallTime },
		Charge: func(a string, n int64) bool {
			if h.credits[a] < n {
				return false
			}
			h.credits[a] -= n
			return true
		},
		MonitoringPlan: func(a string) bool { return h.plan[a] },
		CheckEndpoint: func() error {
			if !h.endpoint {
				return errors.New("no endpoint set")
			}
			return nil
		},
		CompanyExists: func(id string) bool { _, ok := h.companies[id]; return ok },
		PersonExists:  func(id string) bool { return h.persons[id] },
		Send: func(m Message) Outcome {
			h.sent = append(h.sent, m)
			return h.answer(len(h.sent), m)
		},
	})
	return h
}

// advance moves the clock by d and runs what became due, as the fake's
// clock hook does.
func (h *harness) advance(d time.Duration) {
	h.now = h.now.Add(d)
	h.e.RunUntil(h.now)
}

func (h *harness) create(r registerdata.MonitorRequest) registerdata.Monitor {
	h.t.Helper()
	m, err := h.e.Create(acct, r)
	require.NoError(h.t, err)
	return m
}

// update changes a company of the register and tells the engine.
func (h *harness) update(id string, fn func(*registerdata.Company)) {
	before := h.companies[id]
	after := clone(h.t, before)
	fn(&after)
	h.companies[id] = after
	h.e.Observe(before, after)
}

// events decodes the bodies of every attempt sent so far.
func (h *harness) events() []Event {
	h.t.Helper()
	out := make([]Event, len(h.sent))
	for i, m := range h.sent {
		require.NoError(h.t, json.Unmarshal(m.Body, &out[i]))
	}
	return out
}

func clone(t testing.TB, c registerdata.Company) registerdata.Company {
	t.Helper()
	b, err := json.Marshal(c)
	require.NoError(t, err)
	var out registerdata.Company
	require.NoError(t, json.Unmarshal(b, &out))
	return out
}

func company(t testing.TB, id, name string) registerdata.Company {
	c := registerdata.Company{
		ID:             id,
		Status:         enums.CompanyStatusActive,
		Name:           registerdata.CompanyName{Name: name, LegalForm: enums.LegalFormGmbH, StartDate: registerdata.NewDate(2010, 3, 1)},
		Address:        registerdata.CompanyAddress{City: "Berlin", Country: "Germany", StartDate: registerdata.NewDate(2010, 3, 1), FormattedValue: "Berlin, Germany"},
		LegalForm:      enums.LegalFormGmbH,
		IncorporatedAt: registerdata.NewDate(2010, 3, 1),
	}
	return clone(t, c)
}

func rep(id, name string, code enums.RoleCode, typ enums.RepresentativeType) registerdata.Representative {
	r := registerdata.Representative{
		Name:       name,
		Type:       typ,
		Role:       code.Role(),
		RoleDetail: registerdata.RoleDetail{Code: code, LabelEN: string(code)},
		StartDate:  registerdata.NewDate(2020, 1, 1),
	}
	if id != "" {
		r.ID = &id
	}
	return r
}

func person(code enums.RoleCode) registerdata.Representative {
	return rep(personP, "Erika Mustermann", code, enums.RepresentativeTypeNaturalPerson)
}

func companyRequest(prefs ...enums.Preference) registerdata.MonitorRequest {
	return registerdata.MonitorRequest{EntityID: companyA, EntityType: enums.EntityTypeCompany, Preferences: prefs}
}

func personRequest(prefs ...enums.Preference) registerdata.MonitorRequest {
	return registerdata.MonitorRequest{EntityID: personP, EntityType: enums.EntityTypePerson, Preferences: prefs}
}
