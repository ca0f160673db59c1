package registerdata

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/internal/contract"
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

// callRoutes are the routes written at the calls of the package: the
// method and the pathOf template of every request literal of its source
// files, with the file of each.
func callRoutes(t *testing.T) map[string][]string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	routes := map[string][]string{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		require.NoError(t, err)
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			if id, ok := lit.Type.(*ast.Ident); !ok || id.Name != "request" {
				return true
			}
			var method, template string
			for _, e := range lit.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				switch key := kv.Key.(*ast.Ident).Name; {
				case key == "method":
					if sel, ok := kv.Value.(*ast.SelectorExpr); ok {
						method = strings.ToUpper(strings.TrimPrefix(sel.Sel.Name, "Method"))
					}
				case key == "endpoint":
					if call, ok := kv.Value.(*ast.CallExpr); ok && len(call.Args) > 0 {
						fn, _ := call.Fun.(*ast.Ident)
						if s, ok := call.Args[0].(*ast.BasicLit); ok && fn != nil && fn.Name == "pathOf" {
							template, _ = strconv.Unquote(s.Value)
						}
					}
				}
			}
			if template != "" {
				route := method + " " + template
				routes[route] = append(routes[route], name)
			}
			return true
		})
	}
	return routes
}

// Every route written at a call is an operation of api/openapi.yaml, and
// the templates Do recovers routes from (routeTemplates) are exactly
// those written at the calls.
func TestRoutesWrittenAtTheCallsAreOperationsOfTheContract(t *testing.T) {
	doc, err := contract.Document()
	require.NoError(t, err)
	routes := callRoutes(t)
	require.NotEmpty(t, routes)
	var templates []string
	for route, files := range routes {
		method, template, _ := strings.Cut(route, " ")
		item := doc.Paths.Find(template)
		if assert.NotNil(t, item, "%s (%v): no path %s in api/openapi.yaml", route, files, template) {
			assert.NotNil(t, item.GetOperation(method), "%s (%v): no %s operation of %s in api/openapi.yaml", route, files, method, template)
		}
		if !slices.Contains(templates, template) {
			templates = append(templates, template)
		}
	}
	assert.ElementsMatch(t, routeTemplates, templates, "routeTemplates and the templates written at the calls")
}

func TestPathOfEscapesEachIDAsOneSegment(t *testing.T) {
	e := pathOf("/v1/company/{company_id}/owners", "DE-HRB-F1103-267645")
	assert.Equal(t, endpoint{path: "/v1/company/DE-HRB-F1103-267645/owners", template: "/v1/company/{company_id}/owners"}, e)
	e = pathOf("/v1/transparenzregister/extracts/{extract_id}", "ext/odd id")
	assert.Equal(t, "/v1/transparenzregister/extracts/ext%2Fodd%20id", e.path)
	assert.Equal(t, "/v1/credits", pathOf("/v1/credits").path)
	assert.Equal(t, "GET /v1/company/{company_id}", request{method: "GET", endpoint: pathOf("/v1/company/{company_id}", "x")}.route())
	for _, e := range []endpoint{
		pathOf("/v1/company/{company_id}"),     // an id missing
		pathOf("/v1/company/{company_id}", ""), // an empty id
		pathOf("/v1/credits", "x"),             // an id too many
	} {
		assert.NotEmpty(t, e.invalid, "%+v", e)
		assert.Empty(t, e.path, "no path is built: %+v", e)
	}
	c, err := NewClient(WithAPIKey("k"), WithBaseURL("http://127.0.0.1:1"), WithMaxRetries(0))
	require.NoError(t, err)
	err = c.do(context.Background(), request{method: http.MethodGet, endpoint: pathOf("/v1/company/{company_id}", "")}, nil, nil)
	assert.ErrorIs(t, err, ErrInvalidRequest, "a path that cannot be built is refused, not sent")
}
