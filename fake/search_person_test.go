package fake

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// personIDs runs a person search and returns the person ids.
func personIDs(t *testing.T, srv *Server, filtersJSON, extra string) []string {
	t.Helper()
	return searchIDs(t, srv, "/v1/search/person", filtersJSON, extra, func(r registerdata.PersonSearchResult) string { return r.ID })
}

// Persons of the curated register, by UUID.
const (
	albers        = "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"
	petersen      = "a8e4d2c1-6f3b-4e9a-8c75-2b1d9e0f4a02"
	ralfEbner     = "2b3c4d5e-6f7a-4b8c-9d9e-0f1a2b3c4d30"
	stefanieEbner = "1a2b3c4d-5e6f-4a7b-8c8d-9e0f1a2b3c29"
	thomasBrandt  = "c2d7a4e9-1b6f-4d38-a5c2-9e8f0b1a7d04"
	janaBrandt    = "3a4b5c6d-7e8f-4a9b-8c0d-1e2f3a4b5c14"
	lenz          = "2c3d4e5f-6a7b-4c8d-9e9f-0a1b2c3d4e44"
	yilmaz        = "4f5a6b7c-8d9e-4f0a-8b1c-2d3e4f5a6b47"
	lang          = "e1f3b5d7-9a2c-4e6b-8d0f-1a3c5e7b9d05"
	reuter        = "4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f35"
)

// TestSearchPersonFilters checks every person filter kind on the curated
// register; expected ids worked out from data/companies.json (today
// 2025-06-02), ordered by last name, first name, id.
func TestSearchPersonFilters(t *testing.T) {
	srv, _ := newTestServer(t)
	tests := []struct {
		name, filters, extra string
		want                 []string
	}{
		{"inactive persons", `[{"field": "active", "value": "false"}]`, "", []string{
			"8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d61", // Carstens
			"5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a37", // Kaiser
			"1e2f3a4b-5c6d-4e7f-8a9b-0c1d2e3f4a13", // Lehmann
			"7e8f9a0b-1c2d-4e3f-8a4b-5c6d7e8f9a16", // Helga Schmitz
			"9e0f1a2b-3c4d-4e5f-8a6b-7c8d9e0f1a27", // Stein
			"0f1a2b3c-4d5e-4f6a-9b7c-8d9e0f1a2b28", // Vogel
			"7d2e9c4b-3a1f-4b8e-9c6d-0e5f2a7b1c06", // Weber
			"2f5a3b7c-1d6e-4f9a-b2c3-4d5e6f7a8b12", // Wimmer
			yilmaz,
		}},
		{"in three companies", `[{"field": "company_count", "min": "3"}]`, "", []string{albers, petersen}},
		{"two current management positions", `[{"field": "management_positions", "min": "2"}]`, "", []string{albers}},
		{"liquidators, past or present role", `[{"field": "roles", "value": "LIQUIDATOR"}]`, "", []string{ralfEbner, stefanieEbner}},
		{"owners", `[{"field": "roles", "values": ["OWNER"]}]`, "", []string{thomasBrandt, lenz, yilmaz}},
		{"born since 1990", `[{"field": "date_of_birth", "min": "1990-01-01"}]`, "", []string{
			janaBrandt,
			"6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b59", // Anna Hofmann
			"8d9e0f1a-2b3c-4d4e-9f5a-6b7c8d9e0f26", // Kruse
			"7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e25", // Martens
			"9e7d5c3b-1a2f-4e4d-8c6b-5a4f3e2d1c09", // Nowak
			reuter,
		}},
		{"city", `[{"field": "city", "value": "Mannheim"}]`, "", []string{lang, reuter}},
		{"name keywords", `[{"field": "name", "keywords": ["BRANDT"]}]`, "", []string{janaBrandt, thomasBrandt}},
		{"name value", `[{"field": "name", "value": "katrin albers"}]`, "", []string{albers}},
		{"query", `[]`, `, "query": {"value": "wagner"}`, []string{"9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c17", "0b1c2d3e-4f5a-4b6c-9d7e-8f9a0b1c2d18"}},
		{"query prefix, ordered by last name", `[]`, `, "query": {"value": "hof"}`, []string{
			"0a9b8c7d-6e5f-4a3b-8c2d-1e0f9a8b7c07", // Lukas Hoffmann
			"6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b59", // Anna Hofmann
			"7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c60", // Jakob Hofmann
		}},
		{"query and filter", `[{"field": "active", "value": "true"}]`, `, "query": {"value": "ebner"}`, []string{ralfEbner, stefanieEbner}},
		{"location is ignored", `[{"field": "company_count", "min": "3"}]`, `, "location": {"latitude": 0, "longitude": 0, "radius": 1}`, []string{albers, petersen}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, personIDs(t, srv, tc.filters, tc.extra))
		})
	}
}

// TestSearchPersonResult checks the fields of one person result.
func TestSearchPersonResult(t *testing.T) {
	srv, _ := newTestServer(t)
	var out registerdata.PersonSearchResponse
	res := searchBody(t, srv, "/v1/search/person", `{"query": {"value": "ralf ebner"}, "filters": []}`, &out)
	require.Equal(t, http.StatusOK, res.status, "body: %s", res.body)
	require.Len(t, out.Results, 1)
	d, city := registerdata.NewDate(1970, 10, 10), "Fürth"
	assert.Equal(t, registerdata.PersonSearchResult{ID: ralfEbner, Name: "Ralf Ebner", City: &city, DateOfBirth: &d, Active: true}, out.Results[0])
	assert.Equal(t, registerdata.Pagination{Page: 1, PerPage: 10, TotalPages: 1, TotalResults: 1}, out.Pagination)
}
