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
		"/v1/things":                              "/v1/{unknown}",
		"/v1/things/DE-HRB-F1103-267645/parts":    "/v1/{unknown}/{unknown}/{unknown}",
		"/v2/company/DE-HRB-F1103-267645":         "/{unknown}/{unknown}/{unknown}",
		"/v1/company/DE-HRB-F1103-267645/new_bit": "/v1/company/{company_id}/{unknown}",
		"/v1/abc123":                              "/v1/{unknown}",
		"/v1/lookup/nordlicht":                    "/v1/{unknown}/{unknown}",
		"/v1/company/a%2Fb/owners/x/y":            "/v1/company/{company_id}/owners/{unknown}/{unknown}",
		"/v1/transparenzregister/extracts/e/more": "/v1/transparenzregister/extracts/{extract_id}/{unknown}",
		"/v1/credits/x":                           "/v1/credits/{unknown}",
		"/v1/company":                             "/v1/company",
		"/a/b/c/d/e/f/g/h":                        "/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}",
		"/a/b/c/d/e/f/g/h/i":                      "/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{rest}",
		"/a/b/c/d/e/f/g/h/i/j/k/l":                "/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{unknown}/{rest}",
		"/":                                       "/",
		"":                                        "/",
	} {
		assert.Equal(t, "GET "+want, routeOf("GET", path), path)
	}
}

func TestRouteOfUnknownMethodIsHTTP(t *testing.T) {
	for _, m := range []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "QUERY"} {
		assert.Equal(t, m+" /v1/credits", routeOf(m, "/v1/credits"))
	}
	for _, m := range []string{"FOO", "PROPFIND", "GETX", "get"} {
		assert.Equal(t, "HTTP /v1/credits", routeOf(m, "/v1/credits"))
	}
}
