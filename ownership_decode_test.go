package registerdata

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// Hand-written answers in the shapes of the official sources.
const (
	ownersJSON = `{
  "best_available": true,
  "company_id": "DE-HRB-D2601-198433",
  "owners": [
    {"id": "a8e4d2c1-6f3b-4e9a-8c75-2b1d9e0f4a02", "name": "Jonas Petersen", "type": "natural_person",
     "relation_type": "stockholder", "nominal_share": 1500000, "percentage_share": 5.36, "start": "2019-07-01",
     "legal_person": null,
     "natural_person": {"first_name": "Jonas", "last_name": "Petersen", "full_name": "Jonas Petersen", "city": "Kiel", "country": "DE", "date_of_birth": null}},
    {"id": null, "name": "Freistaat Bayern", "type": "legal_person", "relation_type": "silent_partner",
     "nominal_share": 0, "percentage_share": null, "start": null,
     "legal_person": {"name": "Freistaat Bayern", "city": null, "country": "DE"}, "natural_person": null,
     "added_later": {"x": 1}}
  ],
  "sources": [{"document_url": "https://example.test/doc?sig=1"}]
}`
	ubosJSON = `{"company_id": "DE-HRA-R3306-28817", "ubos": [
  {"id": "5c6d7e8f-9a0b-4c1d-9e2f-3a4b5c6d7e15", "name": "Georg Schmitz", "percentage_share": null, "max_percentage_share": 60,
   "legal_person": null, "natural_person": {"first_name": "Georg", "last_name": "Schmitz", "full_name": "Georg Schmitz", "city": "Köln", "country": "DE", "date_of_birth": "1961-03-02"}},
  {"id": null, "name": "Dominik Frey", "percentage_share": null, "max_percentage_share": null, "legal_person": null, "natural_person": null}
]}`
	historyJSON = `{"owners": [
  {"id": "", "name": "Brightwater Systems Inc.", "entity_type": "foreign_company", "status": "removed",
   "first_appearance": "2019-04-08T00:00:00Z", "last_appearance": "2021-05-01", "country": "US",
   "ownership_history": [{"document_id": "0b7c1c52-5d4e-4f6a-9a2b-3c4d5e6f7a80", "document_date": "2019-04-08", "nominal_shares": 25000, "percentage_shares": 100}]},
  {"id": "DE-HRB-F1103-267645", "name": "Nordlicht Solartechnik GmbH", "entity_type": "german_trust", "status": "dormant",
   "first_appearance": "2021-05-01T10:30:00+02:00", "ownership_history": null}
]}`
	holdingsJSON = `{"company_id": "DE-HRB-F1103-267645", "holdings": [
  {"company_id": "DE-HRB-F1103-315870", "name": "Nordlicht Service GmbH", "relation_type": "shareholder", "nominal_share": 25000, "percentage_share": 0.5, "start": "2022-10-04", "end": null},
  {"company_id": "DE-HRB-F1103-301122", "name": "Sonnenwerk Montage GmbH", "relation_type": "sleeping_partner", "nominal_share": 0, "percentage_share": null, "start": null, "end": "2024-01-31"}
]}`
	personJSON = `{"id": "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01", "first_name": "Katrin", "last_name": "Albers", "city": null,
  "date_of_birth": null, "age": null, "management_positions": [
  {"company_name": "Nordlicht Solartechnik GmbH", "register_id": "DE-HRB-F1103-267645", "role": "DIRECTOR", "start_date": "2014-09-02"},
  {"company_name": "Sonnenwerk Montage GmbH", "register_id": "DE-HRB-F1103-301122", "role": "SOMETHING_NEW", "start_date": "2019-01-01", "end_date": "2022-06-14"}
]}`
)

func TestDecodeOwners(t *testing.T) {
	var o Owners
	require.NoError(t, json.Unmarshal([]byte(ownersJSON), &o))
	assert.True(t, o.BestAvailable)
	require.Len(t, o.Owners, 2)
	jonas := o.Owners[0]
	assert.Equal(t, 5.36, *jonas.PercentageShare, "percent scale")
	assert.Equal(t, NewDate(2019, 7, 1), *jonas.Start)
	assert.Nil(t, jonas.LegalPerson)
	assert.Nil(t, jonas.NaturalPerson.DateOfBirth)
	bayern := o.Owners[1]
	assert.Nil(t, bayern.ID)
	assert.Nil(t, bayern.PercentageShare)
	assert.Nil(t, bayern.Start)
	assert.Nil(t, bayern.LegalPerson.City)
	assert.Equal(t, enums.RelationType("silent_partner"), bayern.RelationType)
	assert.False(t, bayern.RelationType.IsKnown(), "an unknown value is kept, not refused")

	var empty Owners
	require.NoError(t, json.Unmarshal([]byte(`{"company_id": "x", "owners": null}`), &empty))
	assert.NotNil(t, empty.Owners)
	assert.NotNil(t, empty.Sources)
}

func TestDecodeBeneficialOwners(t *testing.T) {
	var u BeneficialOwners
	require.NoError(t, json.Unmarshal([]byte(ubosJSON), &u))
	require.Len(t, u.Owners, 2)
	assert.Nil(t, u.Owners[0].PercentageShare)
	assert.Equal(t, 60.0, *u.Owners[0].MaxPercentageShare)
	assert.Equal(t, NewDate(1961, 3, 2), *u.Owners[0].NaturalPerson.DateOfBirth)
	assert.Nil(t, u.Owners[1].ID)
	assert.Nil(t, u.Owners[1].NaturalPerson)

	var empty BeneficialOwners
	require.NoError(t, json.Unmarshal([]byte(`{"company_id": "x"}`), &empty))
	assert.NotNil(t, empty.Owners)
}

func TestDecodeHistoricalOwners(t *testing.T) {
	var h HistoricalOwners
	require.NoError(t, json.Unmarshal([]byte(historyJSON), &h))
	require.Len(t, h.Owners, 2)
	bw := h.Owners[0]
	assert.Equal(t, enums.OwnerEntityTypeForeignCompany, bw.EntityType)
	assert.Equal(t, enums.OwnerStatusRemoved, bw.Status)
	assert.Equal(t, time.Date(2019, 4, 8, 0, 0, 0, 0, time.UTC), bw.FirstAppearance)
	require.NotNil(t, bw.LastAppearance, "a plain date is accepted for a date-time")
	assert.Equal(t, time.Date(2021, 5, 1, 0, 0, 0, 0, time.UTC), *bw.LastAppearance)
	require.Len(t, bw.OwnershipHistory, 1)
	assert.Equal(t, int64(25000), bw.OwnershipHistory[0].NominalShares)
	assert.Equal(t, time.Date(2019, 4, 8, 0, 0, 0, 0, time.UTC), bw.OwnershipHistory[0].DocumentDate)

	nl := h.Owners[1]
	assert.False(t, nl.EntityType.IsKnown())
	assert.False(t, nl.Status.IsKnown())
	assert.Nil(t, nl.LastAppearance, "absent while active")
	assert.Empty(t, nl.Country)
	assert.NotNil(t, nl.OwnershipHistory)
	assert.True(t, nl.FirstAppearance.Equal(time.Date(2021, 5, 1, 8, 30, 0, 0, time.UTC)))

	var bad HistoricalOwners
	assert.Error(t, json.Unmarshal([]byte(`{"owners": [{"first_appearance": "yesterday"}]}`), &bad))
}

func TestDecodeHoldings(t *testing.T) {
	var h Holdings
	require.NoError(t, json.Unmarshal([]byte(holdingsJSON), &h))
	require.Len(t, h.Holdings, 2)
	assert.Equal(t, 0.5, *h.Holdings[0].PercentageShare, "fraction scale")
	assert.Nil(t, h.Holdings[0].End)
	assert.Nil(t, h.Holdings[1].PercentageShare)
	assert.Nil(t, h.Holdings[1].Start)
	assert.Equal(t, NewDate(2024, 1, 31), *h.Holdings[1].End)
	assert.Equal(t, enums.RelationType("sleeping_partner"), h.Holdings[1].RelationType)
	assert.Empty(t, h.PersonID)
}

func TestDecodePerson(t *testing.T) {
	var p Person
	require.NoError(t, json.Unmarshal([]byte(personJSON), &p))
	assert.Nil(t, p.City)
	assert.Nil(t, p.Age)
	assert.Nil(t, p.DateOfBirth)
	require.Len(t, p.ManagementPositions, 2)
	assert.Nil(t, p.ManagementPositions[0].EndDate)
	assert.Equal(t, "SOMETHING_NEW", p.ManagementPositions[1].Role)
	assert.Equal(t, NewDate(2022, 6, 14), *p.ManagementPositions[1].EndDate)
}

// ownershipCalls are the client's ownership calls, each with the path it
// requests for a valid id.
func ownershipCalls() map[string]func(c *Client, id string) error {
	ctx := context.Background()
	return map[string]func(c *Client, id string) error{
		"/v1/company/X/owners": func(c *Client, id string) error { _, err := c.GetOwners(ctx, id, nil); return err },
		"/v1/company/X/ubo":    func(c *Client, id string) error { _, err := c.GetBeneficialOwners(ctx, id); return err },
		"/v1/company/X/owners/historical": func(c *Client, id string) error {
			_, err := c.GetOwnershipHistory(ctx, id)
			return err
		},
		"/v1/company/X/holdings": func(c *Client, id string) error { _, err := c.GetCompanyHoldings(ctx, id); return err },
		"/v1/person/P":           func(c *Client, id string) error { _, err := c.GetPerson(ctx, id); return err },
		"/v1/person/P/holdings":  func(c *Client, id string) error { _, err := c.GetPersonHoldings(ctx, id); return err },
	}
}

const (
	testCompanyID = "DE-HRB-F1103-267645"
	testPersonID  = "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"
)

func idFor(path string) string {
	if strings.HasPrefix(path, "/v1/person/") {
		return testPersonID
	}
	return testCompanyID
}

func TestOwnershipCallsRefuseEmptyAnswers(t *testing.T) {
	for path, call := range ownershipCalls() {
		for _, body := range []string{`{}`, `null`, ``, `[]`} {
			c, mt := newMockClient(t)
			mt.RegisterResponder(http.MethodGet, `=~^https://api.test/v1/`, httpmock.NewStringResponder(200, body))
			err := call(c, idFor(path))
			assert.Error(t, err, "%s answering %q", path, body)
		}
	}
	// A person's holdings must name the person, a company's the company.
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodGet, `=~^https://api.test/v1/`, httpmock.NewStringResponder(200, `{"company_id": "x", "holdings": []}`))
	_, err := c.GetPersonHoldings(context.Background(), testPersonID)
	assert.Error(t, err)
}

func TestOwnershipCallsSendTheirPathAndPrice(t *testing.T) {
	for path, call := range ownershipCalls() {
		c, mt := newMockClient(t)
		var got string
		mt.RegisterResponder(http.MethodGet, `=~^https://api.test/v1/`, func(r *http.Request) (*http.Response, error) {
			got = r.URL.Path
			return httpmock.NewStringResponse(200, `{"company_id": "x", "person_id": "p", "id": "p", "owners": [], "ubos": [], "holdings": []}`), nil
		})
		require.NoError(t, call(c, idFor(path)), path)
		want := strings.NewReplacer("/X", "/"+testCompanyID, "/P", "/"+testPersonID).Replace(path)
		assert.Equal(t, want, got)
		assert.Equal(t, int64(10), c.CreditsSpent(), path)
	}
}

func TestOwnershipCallsRefuseHostileIDs(t *testing.T) {
	for path, call := range ownershipCalls() {
		for _, id := range []string{"", " ", "..", "../monitor", "a/b", `a\b`, "x?y", "x#y", "%2F", "a\nb", strings.Repeat("a", 300), "\xff"} {
			c, mt := newMockClient(t)
			err := call(c, id)
			require.ErrorIs(t, err, ErrInvalidRequest, "%s %q", path, id)
			assert.Zero(t, mt.GetTotalCallCount(), "%s %q: nothing was sent", path, id)
		}
	}
	for _, id := range []string{"DE-HRB-F1103-267645", "3f6c2a1e8b4d4c7a9e215d0b7a4c1f01", "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f0g"} {
		c, mt := newMockClient(t)
		_, err := c.GetPerson(context.Background(), id)
		require.ErrorIs(t, err, ErrInvalidRequest, "%q is not a UUID", id)
		_, err = c.GetPersonHoldings(context.Background(), id)
		require.ErrorIs(t, err, ErrInvalidRequest, "%q is not a UUID", id)
		assert.Zero(t, mt.GetTotalCallCount())
	}
}

func TestGetOwnersQuery(t *testing.T) {
	c, mt := newMockClient(t)
	var query string
	mt.RegisterResponder(http.MethodGet, `=~^https://api.test/v1/`, func(r *http.Request) (*http.Response, error) {
		query = r.URL.RawQuery
		return httpmock.NewStringResponse(200, ownersJSON), nil
	})
	_, err := c.GetOwners(context.Background(), testCompanyID, &GetOwnersParams{Export: true, BestAvailable: true})
	require.NoError(t, err)
	assert.Equal(t, "best_available=true&export=true", query)
	_, err = c.GetOwners(context.Background(), testCompanyID, &GetOwnersParams{Realtime: true})
	require.NoError(t, err)
	assert.Equal(t, "realtime=true", query)
	_, err = c.GetOwners(context.Background(), testCompanyID, &GetOwnersParams{Realtime: true, BestAvailable: true})
	assert.ErrorIs(t, err, ErrInvalidRequest)
	assert.Equal(t, 2, mt.GetTotalCallCount())
}
