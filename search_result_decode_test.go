package registerdata

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// TestDecodeSearchResultsWithNulls decodes hand-written pages in the
// official shapes: nulls, keys older service versions leave out, unknown
// enum values.
func TestDecodeSearchResultsWithNulls(t *testing.T) {
	const companies = `{"results": [
		{"company_id": "DE-HRB-F1103-267645", "name": "Nordlicht Solartechnik GmbH", "country": "DE",
		 "register_number": "267645", "register_type": "HRB", "register_court": "Berlin (Charlottenburg)",
		 "active": true, "legal_form": "gmbh",
		 "address": {"city": "Berlin", "country": "DE", "formatted_value": "Rudower Chaussee 29, 12489 Berlin", "street": "Rudower Chaussee 29", "postal_code": "12489"},
		 "purpose": "Photovoltaik"},
		{"company_id": "X-1", "name": "Null GmbH", "country": null, "register_number": "1", "register_type": "NEW",
		 "register_court": "Y", "active": false, "legal_form": "brand_new_form", "address": null, "purpose": null},
		{"company_id": "X-2", "name": "Old Shape AG", "country": "DE", "register_number": "2", "register_type": "HRB",
		 "register_court": "Z", "active": true, "legal_form": "ag"}
	], "pagination": {"page": 1, "per_page": 10, "total_pages": 1, "total_results": 3}}`
	var cr CompanySearchResponse
	require.NoError(t, json.Unmarshal([]byte(companies), &cr))
	require.Len(t, cr.Results, 3)
	full, null, old := cr.Results[0], cr.Results[1], cr.Results[2]
	require.NotNil(t, full.Country)
	assert.Equal(t, "DE", *full.Country)
	require.NotNil(t, full.Address)
	assert.Equal(t, SearchAddress{City: "Berlin", Country: "DE", FormattedValue: "Rudower Chaussee 29, 12489 Berlin", Street: "Rudower Chaussee 29", PostalCode: "12489"}, *full.Address)
	require.NotNil(t, full.Purpose)
	assert.Equal(t, "Photovoltaik", *full.Purpose)
	assert.Nil(t, null.Country)
	assert.Nil(t, null.Address)
	assert.Nil(t, null.Purpose)
	assert.Equal(t, enums.RegisterType("NEW"), null.RegisterType)
	assert.Equal(t, enums.LegalForm("brand_new_form"), null.LegalForm)
	assert.Nil(t, old.Address)
	assert.Nil(t, old.Purpose)

	const persons = `{"results": [
		{"id": "3f0c9a52-6d1e-4b8a-9f3e-2a7c5d8e1b40", "name": "Katrin Vogelsang", "city": "Frankfurt am Main", "date_of_birth": "1978-11-02", "active": true},
		{"id": "5b2d7c1e-0000-4000-8000-000000000001", "name": "Jonas Brecht", "city": null, "date_of_birth": null, "active": false}
	], "pagination": {"page": 1, "per_page": 10, "total_pages": 1, "total_results": 2}}`
	var pr PersonSearchResponse
	require.NoError(t, json.Unmarshal([]byte(persons), &pr))
	require.Len(t, pr.Results, 2)
	require.NotNil(t, pr.Results[0].City)
	assert.Equal(t, "Frankfurt am Main", *pr.Results[0].City)
	require.NotNil(t, pr.Results[0].DateOfBirth)
	assert.Equal(t, NewDate(1978, 11, 2), *pr.Results[0].DateOfBirth)
	assert.Nil(t, pr.Results[1].City)
	assert.Nil(t, pr.Results[1].DateOfBirth)

	b, err := json.Marshal(pr.Results[1])
	require.NoError(t, err)
	assert.JSONEq(t, `{"id": "5b2d7c1e-0000-4000-8000-000000000001", "name": "Jonas Brecht", "city": null, "date_of_birth": null, "active": false}`, string(b),
		"date_of_birth is always written, null when unknown")
}

// TestLocationRadiusIsOptional: a zero radius is left out of the request.
func TestLocationRadiusIsOptional(t *testing.T) {
	b, err := json.Marshal(CompanySearchRequest{Location: &Location{Latitude: 52.52, Longitude: 13.405}})
	require.NoError(t, err)
	assert.JSONEq(t, `{"filters": [], "location": {"latitude": 52.52, "longitude": 13.405}, "pagination": {}}`, string(b))
	b, err = json.Marshal(CompanySearchRequest{Location: &Location{Latitude: 52.52, Longitude: 13.405, Radius: 25}})
	require.NoError(t, err)
	assert.Contains(t, string(b), `"radius":25`)
}
