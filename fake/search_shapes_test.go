package fake

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// The tests of this file send what the service's official client
// libraries send, written by hand (never produced by this module's
// encoder), and read the answers as raw JSON.

// rawSearch posts a hand-written search body and returns the answer.
func rawSearch(t *testing.T, srv *Server, path, body string) response {
	t.Helper()
	return do(t, http.MethodPost, srv.URL+path, srv.APIKey, body)
}

// total reads pagination.total_results of a 200 search answer.
func total(t *testing.T, res response) int {
	t.Helper()
	require.Equal(t, http.StatusOK, res.status, "body: %s", res.body)
	var out struct {
		Pagination struct {
			TotalResults int `json:"total_results"`
		} `json:"pagination"`
	}
	require.NoError(t, json.Unmarshal(res.body, &out))
	return out.Pagination.TotalResults
}

// TestOfficialFilterNames: the names every official client sends are
// searched; the SDK's old guesses are unknown.
func TestOfficialFilterNames(t *testing.T) {
	srv, _ := newTestServer(t)
	all := total(t, rawSearch(t, srv, "/v1/search/company", `{}`))
	active := total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "active", "value": "true"}]}`))
	inactive := total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "active", "value": "false"}]}`))
	byStatus := total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "status", "value": "active"}]}`))
	assert.Equal(t, byStatus, active, "active on companies is status active")
	assert.Equal(t, all, active+inactive)
	assert.Positive(t, active)

	sole := total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "has_sole_owner", "value": "true"}]}`))
	one := total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "number_of_owners", "value": "1"}]}`))
	assert.Positive(t, sole)
	assert.Less(t, sole, all)
	assert.Equal(t, sole, one)
	assert.Equal(t, all, total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "number_of_owners", "min": "0"}]}`)))
	assert.Positive(t, total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "number_of_owners", "max": "0"}]}`)))
	assert.Positive(t, total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "has_lei", "value": "true"}]}`)))
	assert.Equal(t, all, total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "is_family_owned", "value": "true"}]}`))+
		total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "is_family_owned", "value": "false"}]}`)))
	for _, f := range []string{"ebitda", "bank_debt", "other_operating_expenses", "parent_net_income"} {
		assert.Positive(t, total(t, rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "`+f+`", "min": "0"}]}`)),
			"%s is accepted and read from the financial reports", f)
	}
	assert.Positive(t, total(t, rawSearch(t, srv, "/v1/search/person", `{"filters": [{"field": "active", "value": "true"}]}`)))

	for _, guess := range []string{"family_owned", "sole_owner", "owner_managed"} {
		res := rawSearch(t, srv, "/v1/search/company", `{"filters": [{"field": "`+guess+`", "value": "true"}]}`)
		require.Equal(t, http.StatusBadRequest, res.status, guess)
		assert.Contains(t, res.errorBody(t).Message, `"`+guess+`": unknown field`)
	}
}

// TestMixedFilterFormsRefused: value, values, keywords and min/max exclude
// each other; a mixture is 400 naming the field, and costs nothing.
func TestMixedFilterFormsRefused(t *testing.T) {
	srv, _ := newTestServer(t)
	before := srv.Credits(srv.APIKey)
	for _, tc := range []struct{ path, filter, field string }{
		{"/v1/search/company", `{"field":"city","value":"Berlin","keywords":["Ber"]}`, "city"},
		{"/v1/search/company", `{"field":"revenue","value":"5","min":"1"}`, "revenue"},
		{"/v1/search/company", `{"field":"legal_form","value":"gmbh","values":["ag"]}`, "legal_form"},
		{"/v1/search/company", `{"field":"zip","values":["10115"],"keywords":["101"]}`, "zip"},
		{"/v1/search/person", `{"field":"date_of_birth","value":"1970-01-01","max":"1980-01-01"}`, "date_of_birth"},
	} {
		res := rawSearch(t, srv, tc.path, `{"filters":[`+tc.filter+`]}`)
		require.Equal(t, http.StatusBadRequest, res.status, "body: %s", res.body)
		msg := res.errorBody(t).Message
		assert.Contains(t, msg, `"`+tc.field+`"`)
		assert.Contains(t, msg, "exclude each other")
	}
	assert.Equal(t, before, srv.Credits(srv.APIKey))
}

// TestOptionalSearchParts: radius, filters and pagination may be left out.
func TestOptionalSearchParts(t *testing.T) {
	srv, _ := newTestServer(t)
	noRadius := rawSearch(t, srv, "/v1/search/company", `{"location": {"latitude": 52.52, "longitude": 13.405}}`)
	tenKm := rawSearch(t, srv, "/v1/search/company", `{"location": {"latitude": 52.52, "longitude": 13.405, "radius": 10}}`)
	require.Equal(t, http.StatusOK, noRadius.status, "body: %s", noRadius.body)
	assert.JSONEq(t, string(tenKm.body), string(noRadius.body), "the default radius is 10 km")
	assert.Positive(t, total(t, noRadius))

	assert.Equal(t, http.StatusOK, rawSearch(t, srv, "/v1/search/company", `{"query": {"value": "nordlicht"}}`).status)
	assert.Equal(t, http.StatusOK, rawSearch(t, srv, "/v1/search/person", `{"query": {"value": "ebner"}}`).status)
	assert.Equal(t, http.StatusOK, rawSearch(t, srv, "/v1/search/company", `{"filters": [], "pagination": {}}`).status)
	assert.Equal(t, http.StatusOK, rawSearch(t, srv, "/v1/search/company", `{"pagination": {"per_page": 5}}`).status)
	res := rawSearch(t, srv, "/v1/search/company", `{"location": {"latitude": 52.52, "longitude": 13.405, "radius": 0}}`)
	assert.Equal(t, http.StatusBadRequest, res.status, "an explicit zero radius is a mistake")
}

// TestSearchResultNullability reads results as raw JSON: persons always
// carry a date_of_birth string (persons without one are not listed) and
// may have a null city; companies may have a null purpose; countries are
// ISO alpha-2.
func TestSearchResultNullability(t *testing.T) {
	srv, _ := newTestServer(t, WithGenerated(300))
	var nullCity, listed int
	for page := 1; ; page++ {
		var persons struct {
			Results    []map[string]json.RawMessage `json:"results"`
			Pagination registerdata.Pagination      `json:"pagination"`
		}
		res := rawSearch(t, srv, "/v1/search/person", fmt.Sprintf(`{"pagination": {"page": %d, "per_page": 100}}`, page))
		require.NoError(t, json.Unmarshal(res.body, &persons))
		for _, p := range persons.Results {
			listed++
			var dob string
			require.NoError(t, json.Unmarshal(p["date_of_birth"], &dob), "date_of_birth is always a string: %v", p)
			require.NotEmpty(t, dob)
			if city, ok := p["city"]; assert.True(t, ok) && string(city) == "null" {
				nullCity++
			}
		}
		if page >= persons.Pagination.TotalPages {
			break
		}
	}
	assert.Positive(t, listed)
	assert.Positive(t, nullCity, "some persons have no recorded city")

	var companies struct {
		Results []struct {
			Country *string         `json:"country"`
			Address json.RawMessage `json:"address"`
			Purpose json.RawMessage `json:"purpose"`
		} `json:"results"`
	}
	res := rawSearch(t, srv, "/v1/search/company", `{"pagination": {"per_page": 100}}`)
	require.NoError(t, json.Unmarshal(res.body, &companies))
	var nullPurpose int
	for _, c := range companies.Results {
		require.NotNil(t, c.Country)
		assert.Equal(t, "DE", *c.Country)
		var addr struct {
			Country string `json:"country"`
		}
		require.NoError(t, json.Unmarshal(c.Address, &addr))
		assert.Regexp(t, `^[A-Z]{2}$`, addr.Country)
		if string(c.Purpose) == "null" {
			nullPurpose++
		}
	}
	assert.Positive(t, nullPurpose, "some companies have no recorded purpose")
	assert.Contains(t, string(res.body), `"country":"DE"`)
	assert.NotContains(t, string(res.body), "Deutschland\",\"formatted_value")
}
