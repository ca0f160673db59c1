package registerdata

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/filters"
)

const (
	companySearchURL = "https://api.test/v1/search/company"
	personSearchURL  = "https://api.test/v1/search/person"
)

// TestSearchCompaniesRequestShape checks method, path, headers and body.
func TestSearchCompaniesRequestShape(t *testing.T) {
	c, mt := newMockClient(t)
	var got *http.Request
	var body []byte
	mt.RegisterResponder(http.MethodPost, companySearchURL, func(r *http.Request) (*http.Response, error) {
		got = r
		body, _ = io.ReadAll(r.Body)
		return httpmock.NewStringResponse(200, `{"results": [{"company_id": "DE-HRB-F1103-267645", "name": "Nordlicht Solartechnik GmbH",
			"country": "DE", "register_number": "267645", "register_type": "HRB", "register_court": "Berlin (Charlottenburg)",
			"active": true, "legal_form": "gmbh", "address": {"city": "Berlin", "country": "Deutschland", "formatted_value": "Rudower Chaussee 29, 12489 Berlin"},
			"purpose": "Photovoltaik"}], "pagination": {"page": 2, "per_page": 1, "total_pages": 7, "total_results": 7}}`), nil
	})
	res, err := c.SearchCompanies(context.Background(), CompanySearchRequest{
		Query: "nordlicht",
		Filters: []filters.Filter{
			{Field: filters.Status, Value: "active"},
			{Field: filters.Revenue, Min: "100000000", Max: "500000000"},
			{Field: filters.IndustryCodes, Values: []string{"35.11", "43.21"}},
		},
		Location:   &Location{Latitude: 52.52, Longitude: 13.405, Radius: 25},
		Pagination: PageRequest{Page: 2, PerPage: 1},
	})
	require.NoError(t, err)
	require.NotNil(t, got)
	assert.Equal(t, http.MethodPost, got.Method)
	assert.Equal(t, "/v1/search/company", got.URL.Path)
	assert.Equal(t, "Bearer "+testKey, got.Header.Get("Authorization"))
	assert.Equal(t, "application/json", got.Header.Get("Content-Type"))
	assert.JSONEq(t, `{
		"query": {"value": "nordlicht"},
		"filters": [
			{"field": "status", "value": "active"},
			{"field": "revenue", "min": "100000000", "max": "500000000"},
			{"field": "industry_codes", "values": ["35.11", "43.21"]}
		],
		"location": {"latitude": 52.52, "longitude": 13.405, "radius": 25},
		"pagination": {"page": 2, "per_page": 1}
	}`, string(body))
	require.Len(t, res.Results, 1)
	assert.Equal(t, "DE-HRB-F1103-267645", res.Results[0].CompanyID)
	assert.Equal(t, "Berlin", res.Results[0].Address.City)
	assert.Equal(t, Pagination{Page: 2, PerPage: 1, TotalPages: 7, TotalResults: 7}, res.Pagination)
	assert.Equal(t, int64(DefaultPrices().Of("POST /v1/search/company", false)), c.CreditsSpent())
}

// TestSearchPersonsRequestShape checks a person search without query:
// no query member, an empty filter list, no location.
func TestSearchPersonsRequestShape(t *testing.T) {
	c, mt := newMockClient(t)
	var body []byte
	mt.RegisterResponder(http.MethodPost, personSearchURL, func(r *http.Request) (*http.Response, error) {
		body, _ = io.ReadAll(r.Body)
		return httpmock.NewStringResponse(200, `{"results": [{"id": "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01", "name": "Katrin Albers",
			"city": "Berlin", "date_of_birth": "1978-04-12", "active": true}], "pagination": {"page": 1, "per_page": 10, "total_pages": 1, "total_results": 1}}`), nil
	})
	res, err := c.SearchPersons(context.Background(), PersonSearchRequest{})
	require.NoError(t, err)
	assert.JSONEq(t, `{"filters": [], "pagination": {}}`, string(body))
	require.Len(t, res.Results, 1)
	assert.Equal(t, "Katrin Albers", res.Results[0].Name)
	require.NotNil(t, res.Results[0].DateOfBirth)
	assert.Equal(t, NewDate(1978, 4, 12), *res.Results[0].DateOfBirth)
	assert.Equal(t, int64(DefaultPrices().Of("POST /v1/search/person", false)), c.CreditsSpent())
}

// TestSearchRefusedBeforeSending checks that requests the client knows
// are wrong wrap ErrInvalidRequest, send nothing and cost nothing.
func TestSearchRefusedBeforeSending(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterNoResponder(httpmock.NewStringResponder(200, `{"results": [], "pagination": {}}`))
	companies := map[string]CompanySearchRequest{
		"min above max":      {Filters: []filters.Filter{{Field: filters.Revenue, Min: "9", Max: "5"}}},
		"key for other kind": {Filters: []filters.Filter{{Field: filters.Status, Min: "1"}}},
		"malformed date":     {Filters: []filters.Filter{{Field: filters.IncorporatedAt, Min: "2024-13-01"}}},
		"person field":       {Filters: []filters.Filter{{Field: filters.DateOfBirth, Min: "1970-01-01"}}},
		"empty values":       {Filters: []filters.Filter{{Field: filters.LegalForm, Values: []string{}}}},
		"negative page":      {Pagination: PageRequest{Page: -1}},
		"negative per_page":  {Pagination: PageRequest{PerPage: -5}},
		"negative radius":    {Location: &Location{Latitude: 52, Longitude: 13, Radius: -1}},
		"mixed forms":        {Filters: []filters.Filter{{Field: filters.City, Value: "Berlin", Keywords: []string{"Ber"}}}},
		"NaN latitude":       {Location: &Location{Latitude: math.NaN(), Longitude: 13, Radius: 5}},
		"latitude over 90":   {Location: &Location{Latitude: 91, Longitude: 13, Radius: 5}},
	}
	for name, req := range companies {
		t.Run(name, func(t *testing.T) {
			_, err := c.SearchCompanies(context.Background(), req)
			require.ErrorIs(t, err, ErrInvalidRequest)
		})
	}
	_, err := c.SearchPersons(context.Background(), PersonSearchRequest{Filters: []filters.Filter{{Field: filters.Revenue, Min: "1"}}})
	require.ErrorIs(t, err, ErrInvalidRequest)
	_, err = c.SearchPersons(context.Background(), PersonSearchRequest{Pagination: PageRequest{Page: -2}})
	require.ErrorIs(t, err, ErrInvalidRequest)
	assert.Zero(t, mt.GetTotalCallCount())
	assert.Zero(t, c.CreditsSpent())
}

// TestSearchPassesUnknownFields checks that a field the SDK does not
// know goes to the service unchanged.
func TestSearchPassesUnknownFields(t *testing.T) {
	c, mt := newMockClient(t)
	var body []byte
	mt.RegisterResponder(http.MethodPost, companySearchURL, func(r *http.Request) (*http.Response, error) {
		body, _ = io.ReadAll(r.Body)
		return httpmock.NewStringResponse(200, `{"results": null, "pagination": {"page": 1, "per_page": 10}}`), nil
	})
	res, err := c.SearchCompanies(context.Background(), CompanySearchRequest{Filters: []filters.Filter{{Field: "carbon_footprint", Max: "12"}}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"filters": [{"field": "carbon_footprint", "max": "12"}], "pagination": {}}`, string(body))
	assert.NotNil(t, res.Results, "a null results array decodes as empty")
}

// TestSearchServiceRefusal surfaces a 400 of the service as an APIError.
func TestSearchServiceRefusal(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, companySearchURL,
		httpmock.NewStringResponder(400, `{"error": {"code": "invalid_request", "message": "pagination.per_page 500 is out of range; use 1 to 100"}}`))
	_, err := c.SearchCompanies(context.Background(), CompanySearchRequest{Pagination: PageRequest{PerPage: 500}})
	require.ErrorIs(t, err, ErrInvalidRequest)
	var apiErr *APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Contains(t, apiErr.Message, "per_page 500")
	assert.Zero(t, c.CreditsSpent())
}

// pagedResponder serves total results as pages of perPage, numbering the
// company ids c1, c2, ...; failPage answers 500 instead (0: never).
func pagedResponder(t *testing.T, total, perPage, failPage int) httpmock.Responder {
	return func(r *http.Request) (*http.Response, error) {
		var body struct {
			Pagination PageRequest `json:"pagination"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			t.Errorf("decoding the request: %v", err)
		}
		page := body.Pagination.Page
		if page == failPage {
			return httpmock.NewStringResponse(500, `{"error": {"code": "internal", "message": "boom"}}`), nil
		}
		res := CompanySearchResponse{Results: []CompanySearchResult{},
			Pagination: Pagination{Page: page, PerPage: perPage, TotalPages: (total + perPage - 1) / perPage, TotalResults: total}}
		for i := (page-1)*perPage + 1; i <= min(total, page*perPage); i++ {
			res.Results = append(res.Results, CompanySearchResult{CompanyID: fmt.Sprintf("c%d", i)})
		}
		return httpmock.NewJsonResponse(200, res)
	}
}

// collect runs a walk to its end and returns the ids and the error.
func collect(seq func(func(CompanySearchResult, error) bool)) (ids []string, err error) {
	for r, e := range seq {
		if e != nil {
			return ids, e
		}
		ids = append(ids, r.CompanyID)
	}
	return ids, nil
}
