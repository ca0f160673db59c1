package registerdata

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// insolvencyNewer is a proceeding as the newest sources write it: dates
// as YYYY-MM-DD, every optional key present.
const insolvencyNewer = `{
  "id": "9b2f1c3e-1d4a-4c6b-8e2f-0a1b2c3d4e5f",
  "case_number": "36d IN 3382/25",
  "court": "Amtsgericht Charlottenburg",
  "current_status": "opened",
  "debtor_name": "Spreewald Logistik GmbH",
  "company_id": "DE-HRB-F1103-123456",
  "insolvency_grounds": ["Zahlungsunfähigkeit", "Überschuldung"],
  "events": [
    {
      "id": "0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5",
      "event_type": "preliminary_measures",
      "report_type": "security_measures",
      "published_at": "2025-03-01",
      "summary": "Vorläufige Insolvenzverwaltung angeordnet",
      "details": {
        "insolvency_grounds": ["Zahlungsunfähigkeit"],
        "meetings": [{"kind": "hearing", "at": "2025-04-02T10:00:00+02:00", "location": "Saal 3"}],
        "administrator_name": "Dr. Anna Beispiel",
        "administrator_address": "Kurfürstendamm 1, 10719 Berlin",
        "claims_filing_deadline": "15.05.2025",
        "closed_at": null,
        "discharge_granted": null,
        "distribution_available": "12.500,00",
        "distribution_claims_total": null
      },
      "decision_date": "2025-02-27",
      "effective_at": "2025-02-27T14:30:00+01:00"
    },
    {
      "id": "1d2e3f4a-5b6c-4d7e-8f80-91a2b3c4d5e6",
      "event_type": "proceedings_opened",
      "report_type": "openings",
      "published_at": "2025-04-01",
      "summary": "Eröffnung",
      "details": {"insolvency_grounds": [], "meetings": []}
    }
  ],
  "debtor_kind": "legal_person",
  "debtor_legal_form": "gmbh",
  "proceeding_kind": "regular_insolvency",
  "administration_kind": "external_administration",
  "administrator_name": "Dr. Anna Beispiel",
  "administrator_address": "Kurfürstendamm 1, 10719 Berlin",
  "opened_at": "2025-04-01",
  "closed_at": null,
  "claims_filing_deadline": "2025-05-15",
  "first_event_at": "2025-03-01",
  "last_event_at": "2025-04-01",
  "distribution_available": 12500.5,
  "distribution_claims_total": null
}`

// insolvencyOlder is the older variant: date-times, unknown enum values,
// nulls where lists and optional keys are, optional keys left out.
const insolvencyOlder = `{
  "id": "9b2f1c3e-1d4a-4c6b-8e2f-0a1b2c3d4e5f",
  "case_number": "IN 1/24",
  "court": "Amtsgericht Kiel",
  "current_status": "suspended_by_appeal",
  "debtor_name": "Erika Mustermann",
  "company_id": null,
  "insolvency_grounds": null,
  "events": [
    {
      "id": "2e3f4a5b-6c7d-4e8f-9a01-b2c3d4e5f607",
      "event_type": "appeal_filed",
      "report_type": "appeals",
      "published_at": "2024-01-31T23:30:00-02:00",
      "summary": "",
      "details": {"insolvency_grounds": null, "meetings": null},
      "decision_date": "2024-01-30T00:00:00Z",
      "effective_at": null
    }
  ],
  "debtor_kind": "estate",
  "opened_at": "2024-01-15T08:00:00Z",
  "closed_at": "2024-06-30 00:00:00",
  "first_event_at": null
}`

func TestInsolvencyDecodeNewerForm(t *testing.T) {
	var p Insolvency
	require.NoError(t, json.Unmarshal([]byte(insolvencyNewer), &p))
	assert.Equal(t, "36d IN 3382/25", p.CaseNumber)
	assert.Equal(t, enums.InsolvencyStatusOpened, p.CurrentStatus)
	assert.True(t, p.Open())
	assert.Equal(t, "DE-HRB-F1103-123456", *p.CompanyID)
	assert.Equal(t, []string{"Zahlungsunfähigkeit", "Überschuldung"}, p.InsolvencyGrounds)
	assert.Equal(t, enums.DebtorKindLegalPerson, *p.DebtorKind)
	assert.Equal(t, "gmbh", *p.DebtorLegalForm)
	assert.Equal(t, enums.ProceedingKindRegularInsolvency, *p.ProceedingKind)
	assert.Equal(t, enums.AdministrationKindExternalAdministration, *p.AdministrationKind)
	assert.Equal(t, NewDate(2025, 4, 1), *p.OpenedAt)
	assert.Nil(t, p.ClosedAt)
	assert.Equal(t, NewDate(2025, 5, 15), *p.ClaimsFilingDeadline)
	assert.Equal(t, NewDate(2025, 3, 1), *p.FirstEventAt)
	assert.Equal(t, NewDate(2025, 4, 1), *p.LastEventAt)
	assert.Equal(t, 12500.5, *p.DistributionAvailable)
	assert.Nil(t, p.DistributionClaimsTotal)

	require.Len(t, p.Events, 2)
	e := p.Events[0]
	assert.Equal(t, enums.InsolvencyEventTypePreliminaryMeasures, e.EventType)
	assert.Equal(t, enums.InsolvencyReportTypeSecurityMeasures, e.ReportType)
	assert.Equal(t, NewDate(2025, 3, 1), e.PublishedAt)
	assert.Equal(t, NewDate(2025, 2, 27), *e.DecisionDate)
	assert.True(t, time.Date(2025, 2, 27, 13, 30, 0, 0, time.UTC).Equal(*e.EffectiveAt))
	assert.Equal(t, "15.05.2025", *e.Details.ClaimsFilingDeadline)
	assert.Equal(t, "12.500,00", *e.Details.DistributionAvailable)
	assert.Nil(t, e.Details.DischargeGranted)
	require.Len(t, e.Details.Meetings, 1)
	assert.Equal(t, "hearing", e.Details.Meetings[0].Kind)
	assert.Equal(t, "Saal 3", *e.Details.Meetings[0].Location)
	assert.Nil(t, p.Events[1].DecisionDate)
	assert.Nil(t, p.Events[1].EffectiveAt)

	// Encoding gives the newer form back.
	b, err := json.Marshal(p)
	require.NoError(t, err)
	var again Insolvency
	require.NoError(t, json.Unmarshal(b, &again))
	assert.Equal(t, p.Events[0].PublishedAt, again.Events[0].PublishedAt)
	assert.Contains(t, string(b), `"published_at":"2025-03-01"`)
}

func TestInsolvencyDecodeOlderFormAndUnknownValues(t *testing.T) {
	var p Insolvency
	require.NoError(t, json.Unmarshal([]byte(insolvencyOlder), &p))
	assert.Equal(t, enums.InsolvencyStatus("suspended_by_appeal"), p.CurrentStatus)
	assert.False(t, p.CurrentStatus.IsKnown())
	assert.False(t, p.Open(), "an unknown status is not open")
	assert.Nil(t, p.CompanyID)
	assert.NotNil(t, p.InsolvencyGrounds, "null is read as an empty list")
	assert.Empty(t, p.InsolvencyGrounds)
	assert.Equal(t, enums.DebtorKind("estate"), *p.DebtorKind)
	assert.Equal(t, NewDate(2024, 1, 15), *p.OpenedAt, "a date-time gives its calendar date")
	assert.Equal(t, NewDate(2024, 6, 30), *p.ClosedAt)
	assert.Nil(t, p.FirstEventAt)
	assert.Nil(t, p.ProceedingKind)
	assert.Nil(t, p.AdministratorName)

	e := p.Events[0]
	assert.Equal(t, enums.InsolvencyEventType("appeal_filed"), e.EventType)
	assert.Equal(t, enums.InsolvencyReportType("appeals"), e.ReportType)
	assert.Equal(t, NewDate(2024, 1, 31), e.PublishedAt, "the date as written, in the time's own offset")
	assert.Equal(t, NewDate(2024, 1, 30), *e.DecisionDate)
	assert.NotNil(t, e.Details.InsolvencyGrounds)
	assert.NotNil(t, e.Details.Meetings)
}

func TestInsolvencyDecodeRefusesBadDates(t *testing.T) {
	for _, bad := range []string{`{"opened_at": "2025-13-01"}`, `{"opened_at": 20250101}`, `{"opened_at": "yesterday"}`,
		`{"events": [{"published_at": "2025-02-30T00:00:00Z"}]}`} {
		var p Insolvency
		assert.Error(t, json.Unmarshal([]byte(bad), &p), bad)
	}
	p := Insolvency{ID: "kept"}
	require.NoError(t, json.Unmarshal([]byte(`null`), &p))
	assert.Equal(t, "kept", p.ID, "null leaves the value unchanged")
}

func TestInsolvencySearchResultDecode(t *testing.T) {
	const page = `{"results": [
	  {"id": "9b2f1c3e-1d4a-4c6b-8e2f-0a1b2c3d4e5f", "case_number": "36a IN 2792/24", "court": "Charlottenburg",
	   "debtor_name": "Max Mustermann", "current_status": "discharge_pending", "has_open_insolvency": true,
	   "administration_kind": null, "administrator_name": null, "city": "Berlin", "closed_at": null,
	   "company_id": null, "debtor_kind": "natural_person", "debtor_legal_form": null, "insolvency_grounds": null,
	   "last_event_at": "2025-01-02T00:00:00Z", "opened_at": "2024-03-04", "person_id": "0b1c2d3e-0000-4000-8000-000000000001",
	   "proceeding_kind": "consumer_insolvency"},
	  {"id": "x", "case_number": "", "court": "", "debtor_name": "", "current_status": "new_status", "has_open_insolvency": false,
	   "administration_kind": "court_appointed", "administrator_name": "A", "city": null, "closed_at": "2020-01-01",
	   "company_id": "DE-HRB-F1103-1", "debtor_kind": null, "debtor_legal_form": "gmbh", "insolvency_grounds": ["illiquidity"],
	   "last_event_at": null, "opened_at": null, "person_id": null, "proceeding_kind": null}
	], "pagination": {"page": 1, "per_page": 10, "total_pages": 1, "total_results": 2}}`
	var res InsolvencySearchResponse
	require.NoError(t, json.Unmarshal([]byte(page), &res))
	require.Len(t, res.Results, 2)
	r := res.Results[0]
	assert.True(t, r.HasOpenInsolvency)
	assert.Equal(t, NewDate(2025, 1, 2), *r.LastEventAt)
	assert.Equal(t, NewDate(2024, 3, 4), *r.OpenedAt)
	assert.Equal(t, "0b1c2d3e-0000-4000-8000-000000000001", *r.PersonID)
	assert.NotNil(t, r.InsolvencyGrounds)
	assert.Equal(t, enums.DebtorKindNaturalPerson, *r.DebtorKind)
	r = res.Results[1]
	assert.Equal(t, enums.AdministrationKind("court_appointed"), *r.AdministrationKind)
	assert.Equal(t, enums.InsolvencyStatus("new_status"), r.CurrentStatus)
	assert.Equal(t, NewDate(2020, 1, 1), *r.ClosedAt)
	assert.Nil(t, r.City)
	assert.Equal(t, 2, res.Pagination.TotalResults)
}

func TestGetInsolvencyRefusesEmptyAnswers(t *testing.T) {
	for _, body := range []string{`{}`, `null`, ``, `{"case_number": "IN 1/24"}`, `[]`} {
		c, mt := newMockClient(t)
		mt.RegisterResponder(http.MethodGet, `=~^https://api.test/v1/insolvency/`, httpmock.NewStringResponder(200, body))
		_, err := c.GetInsolvency(context.Background(), "9b2f1c3e-1d4a-4c6b-8e2f-0a1b2c3d4e5f")
		assert.Error(t, err, body)
	}
	for _, body := range []string{`{}`, `null`, `{"pagination": {}}`} {
		c, mt := newMockClient(t)
		mt.RegisterResponder(http.MethodPost, "https://api.test/v1/search/insolvency", httpmock.NewStringResponder(200, body))
		_, err := c.SearchInsolvencies(context.Background(), InsolvencySearchRequest{})
		assert.Error(t, err, body)
	}
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, "https://api.test/v1/search/insolvency", httpmock.NewStringResponder(200, `{"results": null, "pagination": {}}`))
	res, err := c.SearchInsolvencies(context.Background(), InsolvencySearchRequest{})
	require.NoError(t, err)
	assert.NotNil(t, res.Results)
}

func TestGetInsolvencyRefusesHostileIDs(t *testing.T) {
	c, mt := newMockClient(t)
	for _, id := range []string{"", " ", "..", "../insolvency", "a/b", "x?y", "%2F"} {
		_, err := c.GetInsolvency(context.Background(), id)
		assert.ErrorIs(t, err, ErrInvalidRequest, "%q", id)
	}
	assert.Zero(t, mt.GetTotalCallCount(), "nothing is sent")
}
