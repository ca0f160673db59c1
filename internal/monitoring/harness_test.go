package monitoring

import (
	"encoding/json"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

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
