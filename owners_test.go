package registerdata

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// ownersJSON is a hand-written answer of GET /v1/company/{id}/owners in
// the shape of the official sources.
const ownersJSON = `{
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
		route := "GET " + strings.NewReplacer("/X", "/{company_id}", "/P", "/{person_id}").Replace(path)
		assert.Equal(t, DefaultPrices().Of(route, false), c.CreditsSpent(), path)
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
