package fake

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestSearchRefusesBadRequests checks the 400 answers: each names the
// problem, and none is charged.
func TestSearchRefusesBadRequests(t *testing.T) {
	srv, _ := newTestServer(t)
	tests := []struct {
		name, path, body, mention string
	}{
		{"malformed JSON", "/v1/search/company", `{"filters": [`, "the JSON ends too early"},
		{"not an object", "/v1/search/company", `[]`, "not a JSON object"},
		{"unknown body member", "/v1/search/company", `{"filterz": []}`, "filterz"},
		{"unknown filter member", "/v1/search/company", `{"filters": [{"field": "status", "valeu": "active"}]}`, "valeu"},
		{"data after the object", "/v1/search/company", `{"filters": []} {}`, "data after the JSON object"},
		{"unknown field", "/v1/search/company", `{"filters": [{"field": "colour", "value": "red"}]}`, `"colour": unknown field`},
		{"unknown person field", "/v1/search/person", `{"filters": [{"field": "shoe_size", "min": "40"}]}`, `"shoe_size": unknown field`},
		{"company field in person search", "/v1/search/person", `{"filters": [{"field": "revenue", "min": "1"}]}`, "company search field"},
		{"person field in company search", "/v1/search/company", `{"filters": [{"field": "date_of_birth", "min": "1970-01-01"}]}`, "person search field"},
		{"wrong key for the kind", "/v1/search/company", `{"filters": [{"field": "status", "min": "a"}]}`, `"min" does not apply`},
		{"keywords on a number", "/v1/search/company", `{"filters": [{"field": "revenue", "keywords": ["big"]}]}`, `"keywords" does not apply`},
		{"bad number", "/v1/search/company", `{"filters": [{"field": "revenue", "min": "1e9"}]}`, "not a plain decimal number"},
		{"bad date", "/v1/search/company", `{"filters": [{"field": "incorporated_at", "max": "2024-02-30"}]}`, "not a date"},
		{"min above max", "/v1/search/company", `{"filters": [{"field": "employees", "min": "10", "max": "2"}]}`, "greater than max"},
		{"bad boolean", "/v1/search/company", `{"filters": [{"field": "had_insolvency", "value": "yes"}]}`, "not a boolean"},
		{"unknown enum code", "/v1/search/company", `{"filters": [{"field": "status", "value": "ACTIVE"}]}`, `unknown value "ACTIVE"`},
		{"empty values", "/v1/search/company", `{"filters": [{"field": "legal_form", "values": []}]}`, `"values" is empty`},
		{"no field", "/v1/search/company", `{"filters": [{"value": "x"}]}`, `"field" is empty`},
		{"page zero is the default, negative is not", "/v1/search/company", `{"pagination": {"page": -1}}`, "pagination.page -1"},
		{"page too large", "/v1/search/company", `{"pagination": {"page": 1000001}}`, "pagination.page 1000001"},
		{"per_page too large", "/v1/search/person", `{"pagination": {"per_page": 101}}`, "pagination.per_page 101"},
		{"per_page negative", "/v1/search/company", `{"pagination": {"per_page": -1}}`, "pagination.per_page -1"},
		{"fractional page", "/v1/search/company", `{"pagination": {"page": 1.5}}`, `at "pagination.page": a JSON number 1.5 where an integer belongs`},
		{"zero radius", "/v1/search/company", `{"location": {"latitude": 52.5, "longitude": 13.4, "radius": 0}}`, "radius"},
		{"latitude out of range", "/v1/search/company", `{"location": {"latitude": 152.5, "longitude": 13.4, "radius": 5}}`, "latitude"},
		{"too many query words", "/v1/search/company", `{"query": {"value": "a b c d e f g h i j k l m n o p q"}}`, "at most 16"},
		{"null body", "/v1/search/company", `null`, "not a JSON object"},
		{"empty body", "/v1/search/person", ``, "empty"},
		{"not UTF-8", "/v1/search/company", "{\"query\": {\"value\": \"M\xfcller\"}}", "not valid UTF-8"},
		{"wrong JSON type", "/v1/search/company", `{"filters": "status"}`, `at "filters": a JSON string where an array belongs`},
		{"location without longitude", "/v1/search/company", `{"location": {"latitude": 52.5}}`, `needs "latitude" and "longitude"`},
		{"oversized body", "/v1/search/company", `{"query": {"value": "` + strings.Repeat("x", maxSearchBody) + `"}}`, "larger than 1048576 bytes"},
	}
	before := srv.Credits(srv.APIKey)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res := do(t, http.MethodPost, srv.URL+tc.path, srv.APIKey, tc.body)
			want := http.StatusBadRequest
			if tc.name == "oversized body" {
				want = http.StatusRequestEntityTooLarge
			}
			require.Equal(t, want, res.status, "body: %s", res.body)
			assert.NotContains(t, res.body, "Go ")
			assert.NotContains(t, res.body, "registerdata: ")
			e := res.errorBody(t)
			assert.Equal(t, CodeInvalidRequest, e.Code)
			assert.Contains(t, e.Message, tc.mention)
		})
	}
	assert.Equal(t, before, srv.Credits(srv.APIKey), "refused searches are not charged")
}

// TestSearchPagination checks defaults, exact totals and pages past the
// end over the 27 curated companies.
func TestSearchPagination(t *testing.T) {
	srv, _ := newTestServer(t)
	page := func(body string) registerdata.CompanySearchResponse {
		var out registerdata.CompanySearchResponse
		res := searchBody(t, srv, "/v1/search/company", body, &out)
		require.Equal(t, http.StatusOK, res.status, "body: %s", res.body)
		return out
	}
	first := page(`{}`)
	assert.Len(t, first.Results, 10)
	assert.Equal(t, registerdata.Pagination{Page: 1, PerPage: 10, TotalPages: 3, TotalResults: 27}, first.Pagination)
	assert.Equal(t, "DE-HRA-D2304-3311", first.Results[0].CompanyID, "Alpenrhein Tourismus comes first by name")

	last := page(`{"pagination": {"page": 3}}`)
	assert.Len(t, last.Results, 7)
	assert.Equal(t, "DE-HRA-B8534-14557", last.Results[6].CompanyID, "Weingut Hofmann comes last by name")

	res := do(t, http.MethodPost, srv.URL+"/v1/search/company", srv.APIKey, `{"pagination": {"page": 4}}`)
	require.Equal(t, http.StatusOK, res.status)
	assert.Contains(t, string(res.body), `"results":[]`, "a page past the end is an empty array, not null")
	past := page(`{"pagination": {"page": 4}}`)
	assert.Equal(t, registerdata.Pagination{Page: 4, PerPage: 10, TotalPages: 3, TotalResults: 27}, past.Pagination)

	all := page(`{"pagination": {"per_page": 100}}`)
	require.Len(t, all.Results, 27)
	seen := map[string]bool{}
	for _, r := range append(append(first.Results, page(`{"pagination": {"page": 2}}`).Results...), last.Results...) {
		seen[r.CompanyID] = true
	}
	assert.Len(t, seen, 27, "the three pages hold every company once")

	none := page(`{"filters": [{"field": "status", "value": "active"}, {"field": "status", "value": "inactive"}]}`)
	assert.Equal(t, registerdata.Pagination{Page: 1, PerPage: 10, TotalPages: 0, TotalResults: 0}, none.Pagination)
	assert.NotNil(t, none.Results)
}

// TestSearchCharges checks the 10 credits per search, and 402 when the
// balance is short.
func TestSearchCharges(t *testing.T) {
	srv, _ := newTestServer(t, WithCredits(25))
	for _, path := range []string{"/v1/search/company", "/v1/search/person"} {
		res := do(t, http.MethodPost, srv.URL+path, srv.APIKey, `{}`)
		require.Equal(t, http.StatusOK, res.status)
	}
	assert.Equal(t, int64(5), srv.Credits(srv.APIKey))
	res := do(t, http.MethodPost, srv.URL+"/v1/search/company", srv.APIKey, `{}`)
	assert.Equal(t, http.StatusPaymentRequired, res.status)
	assert.Equal(t, int64(5), srv.Credits(srv.APIKey))
	res = do(t, http.MethodPost, srv.URL+"/v1/search/company", "", `{}`)
	assert.Equal(t, http.StatusUnauthorized, res.status)
}

// TestSearchResultFields checks one company result against the record.
func TestSearchResultFields(t *testing.T) {
	srv, _ := newTestServer(t)
	var out registerdata.CompanySearchResponse
	res := searchBody(t, srv, "/v1/search/company", `{"filters": [{"field": "vat_id", "value": "DE318274655"}]}`, &out)
	require.Equal(t, http.StatusOK, res.status)
	require.Len(t, out.Results, 1)
	r := out.Results[0]
	assert.Equal(t, "DE-HRB-F1103-267645", r.CompanyID)
	assert.Equal(t, "Nordlicht Solartechnik GmbH", r.Name)
	require.NotNil(t, r.Country)
	assert.Equal(t, "DE", *r.Country)
	assert.Equal(t, "267645", r.RegisterNumber)
	assert.Equal(t, "HRB", string(r.RegisterType))
	assert.Equal(t, "Berlin (Charlottenburg)", r.RegisterCourt)
	assert.True(t, r.Active)
	assert.Equal(t, "gmbh", string(r.LegalForm))
	require.NotNil(t, r.Address)
	assert.Equal(t, "Berlin", r.Address.City)
	assert.Equal(t, "DE", r.Address.Country)
	assert.Equal(t, "12489", r.Address.PostalCode)
	assert.Equal(t, "Rudower Chaussee 29", r.Address.Street)
	require.NotNil(t, r.Purpose)
	assert.True(t, strings.HasPrefix(*r.Purpose, "Planung, Lieferung, Errichtung"), *r.Purpose)
}

// TestSearchCoversGeneratedCompanies counts the curated and generated
// companies in an unfiltered search.
func TestSearchCoversGeneratedCompanies(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(500))
	var out registerdata.CompanySearchResponse
	res := searchBody(t, srv, "/v1/search/company", `{"pagination": {"per_page": 100}}`, &out)
	require.Equal(t, http.StatusOK, res.status)
	assert.Equal(t, registerdata.Pagination{Page: 1, PerPage: 100, TotalPages: 6, TotalResults: 527}, out.Pagination)
}
