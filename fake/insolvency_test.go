package fake

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/contract"
)

// TestEveryInsolvencySummaryIsAProceeding checks that each entry of every
// company's insolvencies is a proceeding agreeing with it, with events in
// date order whose dates bound the proceeding's.
func TestEveryInsolvencySummaryIsAProceeding(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(300))
	n := 0
	for _, id := range srv.CompanyIDs() {
		c, _ := srv.Company(id)
		for _, sum := range c.Insolvencies {
			n++
			p, ok := srv.Insolvency(sum.ID)
			require.True(t, ok, "%s: proceeding %s", id, sum.ID)
			assert.Equal(t, sum.CurrentStatus, p.CurrentStatus)
			assert.Equal(t, sum.Court, p.Court)
			assert.Equal(t, sum.CaseNumber, p.CaseNumber)
			assert.Equal(t, sum.OpenedAt, p.OpenedAt)
			assert.Equal(t, sum.ClosedAt, p.ClosedAt)
			assert.Equal(t, sum.ProceedingKind, p.ProceedingKind)
			assert.Equal(t, sum.AdministrationKind, p.AdministrationKind)
			require.NotNil(t, p.CompanyID)
			assert.Equal(t, id, *p.CompanyID)
			assert.Equal(t, c.Name.Name, p.DebtorName)
			assert.Equal(t, enums.DebtorKindLegalPerson, *p.DebtorKind)
			checkEvents(t, p)
			b, err := json.Marshal(p)
			require.NoError(t, err)
			assert.NoError(t, contract.ValidateJSON("InsolvencyProceeding", b))
		}
	}
	assert.Greater(t, n, 10, "the curated and generated register have proceedings")
}

// checkEvents checks what holds for the events of every proceeding.
func checkEvents(t *testing.T, p registerdata.Insolvency) {
	t.Helper()
	require.NotEmpty(t, p.Events)
	assert.True(t, slices.IsSortedFunc(p.Events, func(a, b registerdata.InsolvencyEvent) int { return a.PublishedAt.Compare(b.PublishedAt) }))
	assert.Equal(t, p.Events[0].PublishedAt, *p.FirstEventAt)
	assert.Equal(t, p.Events[len(p.Events)-1].PublishedAt, *p.LastEventAt)
	for _, e := range p.Events {
		assert.True(t, e.EventType.IsKnown(), "%s", e.EventType)
		assert.True(t, e.ReportType.IsKnown(), "%s", e.ReportType)
		assert.True(t, registerdata.IsUUID(e.ID))
	}
	if p.OpenedAt != nil {
		assert.True(t, slices.ContainsFunc(p.Events, func(e registerdata.InsolvencyEvent) bool {
			return e.EventType == enums.InsolvencyEventTypeProceedingsOpened && e.PublishedAt == *p.OpenedAt
		}), "an opened proceeding has its opening event")
	}
}

func TestNaturalPersonsHaveProceedings(t *testing.T) {
	srv, _ := newTestServer(t)
	var persons []registerdata.Insolvency
	for _, id := range srv.InsolvencyIDs() {
		p, ok := srv.Insolvency(id)
		require.True(t, ok)
		if *p.DebtorKind == enums.DebtorKindNaturalPerson {
			persons = append(persons, p)
			assert.Nil(t, p.CompanyID)
			checkEvents(t, p)
		}
	}
	require.Len(t, persons, 3)
	assert.Equal(t, enums.ProceedingKindConsumerInsolvency, *persons[0].ProceedingKind)
}

func TestAddInsolvencyEventMovesTheStatusAndTheSummary(t *testing.T) {
	srv, clk := newTestServer(t)
	const company, proc = "DE-HRB-T3104-61402", "b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d33" // opened 2024-11-01
	before, ok := srv.Insolvency(proc)
	require.True(t, ok)
	require.Equal(t, enums.InsolvencyStatusOpened, before.CurrentStatus)

	require.NoError(t, srv.AddInsolvencyEvent(proc, registerdata.InsolvencyEvent{EventType: enums.InsolvencyEventTypeDistributionAnnounced}))
	p, _ := srv.Insolvency(proc)
	assert.Equal(t, enums.InsolvencyStatusOpened, p.CurrentStatus, "a distribution does not move the status")
	assert.Len(t, p.Events, len(before.Events)+1)

	clk.Advance(24 * time.Hour)
	require.NoError(t, srv.AddInsolvencyEvent(proc, registerdata.InsolvencyEvent{EventType: enums.InsolvencyEventTypeProceedingsLifted, Summary: "Aufgehoben"}))
	p, _ = srv.Insolvency(proc)
	today := registerdata.DateOf(clk.Now().UTC())
	assert.Equal(t, enums.InsolvencyStatusLifted, p.CurrentStatus)
	require.NotNil(t, p.ClosedAt)
	assert.Equal(t, today, *p.ClosedAt)
	last := p.Events[len(p.Events)-1]
	assert.Equal(t, enums.InsolvencyEventTypeProceedingsLifted, last.EventType)
	assert.Equal(t, enums.InsolvencyReportTypeDecisionsInProceedings, last.ReportType)
	assert.Equal(t, "Aufgehoben", last.Summary)
	assert.Equal(t, today, *p.LastEventAt)
	assert.Len(t, p.Events, len(before.Events)+2, "derived events stay as they were; the added ones follow")

	c, _ := srv.Company(company)
	i := slices.IndexFunc(c.Insolvencies, func(s registerdata.InsolvencySummary) bool { return s.ID == proc })
	assert.Equal(t, enums.InsolvencyStatusLifted, c.Insolvencies[i].CurrentStatus)
	assert.Equal(t, today, *c.Insolvencies[i].ClosedAt)

	err := srv.AddInsolvencyEvent("0f0f0f0f-0000-4000-8000-000000000000", registerdata.InsolvencyEvent{EventType: "other"})
	assert.True(t, errors.Is(err, ErrUnknownInsolvency), "%v", err)
	assert.Error(t, srv.AddInsolvencyEvent(proc, registerdata.InsolvencyEvent{}), "an event needs a type")
}

func TestAddInsolvencyEventOverHTTP(t *testing.T) {
	srv, _ := newTestServer(t)
	ids := srv.InsolvencyIDs()
	res := do(t, http.MethodPost, srv.URL+"/_fake/insolvencies/"+ids[0]+"/events", "",
		`{"event_type": "proceedings_opened", "published_at": "2025-05-30", "summary": "Eröffnet"}`)
	require.Equal(t, http.StatusCreated, res.status, "%s", res.body)
	var p registerdata.Insolvency
	require.NoError(t, json.Unmarshal(res.body, &p))
	assert.Equal(t, enums.InsolvencyStatusOpened, p.CurrentStatus)

	res = do(t, http.MethodPost, srv.URL+"/_fake/insolvencies/nope/events", "", `{"event_type": "other"}`)
	assert.Equal(t, http.StatusNotFound, res.status)
	res = do(t, http.MethodPost, srv.URL+"/_fake/insolvencies/"+ids[0]+"/events", "", `{}`)
	assert.Equal(t, http.StatusBadRequest, res.status)
}

func TestGetInsolvencyOverHTTP(t *testing.T) {
	srv, _ := newTestServer(t)
	id := srv.InsolvencyIDs()[0]
	before := srv.Credits(srv.APIKey)
	res := do(t, http.MethodGet, srv.URL+"/v1/insolvency/"+id, srv.APIKey, "")
	require.Equal(t, http.StatusOK, res.status, "%s", res.body)
	assert.Equal(t, before-registerdata.DefaultPrices().Of("GET /v1/insolvency/{insolvency_id}", false), srv.Credits(srv.APIKey))
	res = do(t, http.MethodGet, srv.URL+"/v1/insolvency/unknown", srv.APIKey, "")
	assert.Equal(t, http.StatusNotFound, res.status)
	assert.Equal(t, before-registerdata.DefaultPrices().Of("GET /v1/insolvency/{insolvency_id}", false), srv.Credits(srv.APIKey), "a 404 costs nothing")
}

func TestSearchInsolvenciesRefusals(t *testing.T) {
	srv, _ := newTestServer(t)
	for body, want := range map[string]string{
		`{"filters": [{"field": "revenue", "min": "1"}]}`:            "unknown field",
		`{"filters": [{"field": "opened_at", "min": "2024-13-01"}]}`: "not a date",
		`{"pagination": {"per_page": 101}}`:                          "per_page",
		`{"location": {"latitude": 1, "longitude": 1, "radius": 1}}`: "no location",
	} {
		res := do(t, http.MethodPost, srv.URL+"/v1/search/insolvency", srv.APIKey, body)
		assert.Equal(t, http.StatusBadRequest, res.status, body)
		assert.Contains(t, res.errorBody(t).Message, want, body)
	}
}
