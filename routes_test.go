package registerdata

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRouteOfEveryOperationIsItsTemplate(t *testing.T) {
	ids := map[string]string{
		"{company_id}":    "DE-HRB-F1103-267645",
		"{entity_id}":     "DE-HRB-F1103-267645",
		"{document_id}":   "3f2c9e1a-0b6d-4c55-9a7e-2d1f0c8b7a61",
		"{person_id}":     "7a0c1e2f-3b4d-4e5f-8a9b-0c1d2e3f4a5b",
		"{insolvency_id}": "ins_4711",
		"{extract_id}":    "ext%2Fodd%20id",
	}
	for _, tmpl := range routeTemplates {
		path := tmpl
		for k, v := range ids {
			path = strings.ReplaceAll(path, k, v)
		}
		for _, m := range []string{"GET", "POST", "DELETE"} {
			assert.Equal(t, m+" "+tmpl, routeOf(m, path))
		}
	}
}

func TestRouteOfUnknownPathsHasNoIDs(t *testing.T) {
	for path, want := range map[string]string{
		"/v1/things":                              "/v1/things",
		"/v1/things/DE-HRB-F1103-267645/parts":    "/v1/things/{id}/parts",
		"/v2/company/DE-HRB-F1103-267645":         "/v2/company/{id}",
		"/v1/company/DE-HRB-F1103-267645/new_bit": "/v1/company/{id}/new_bit",
		"/v1/abc123":                              "/v1/{id}",
		"/v1/company/a%2Fb/owners/x/y":            "/v1/company/{id}/owners/x/y",
		"/":                                       "/",
		"":                                        "/",
	} {
		assert.Equal(t, "GET "+want, routeOf("GET", path), path)
	}
}
