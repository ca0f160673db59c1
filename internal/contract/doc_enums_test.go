package contract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// enumRow ties an enum schema of api/openapi.yaml to the enums type whose
// Values it must equal, in order.
type enumRow struct {
	schema string
	goType string
	values []string
}

func enumOf[T ~string](schema string, values []T) enumRow {
	out := make([]string, len(values))
	for i, v := range values {
		out[i] = string(v)
	}
	return enumRow{schema: schema, goType: reflect.TypeFor[T]().Name(), values: out}
}

// enumTable is the one table from schema names to enums types.
var enumTable = []enumRow{
	enumOf("CompanyStatus", enums.CompanyStatus("").Values()),
	enumOf("RegisterType", enums.RegisterType("").Values()),
	enumOf("LegalForm", enums.LegalForm("").Values()),
	enumOf("Currency", enums.Currency("").Values()),
	enumOf("DocumentType", enums.DocumentType("").Values()),
	enumOf("RepresentativeType", enums.RepresentativeType("").Values()),
	enumOf("Role", enums.Role("").Values()),
	enumOf("RoleCode", enums.RoleCode("").Values()),
	enumOf("InsolvencyStatus", enums.InsolvencyStatus("").Values()),
	enumOf("ProceedingKind", enums.ProceedingKind("").Values()),
	enumOf("AdministrationKind", enums.AdministrationKind("").Values()),
	enumOf("EntityType", enums.EntityType("").Values()),
	enumOf("MonitorPreference", enums.Preference("").Values()),
	enumOf("UpdateFrequency", enums.UpdateFrequency("").Values()),
	enumOf("DocumentCategory", enums.DocumentCategory("").Values()),
	// A create request may ask only for daily; weekly is the default.
	enumOf("RequestedUpdateFrequency", []enums.UpdateFrequency{enums.UpdateFrequencyDaily}),
	// Insolvency proceedings and the Transparenzregister.
	enumOf("InsolvencyEventType", enums.InsolvencyEventType("").Values()),
	enumOf("InsolvencyReportType", enums.InsolvencyReportType("").Values()),
	enumOf("DebtorKind", enums.DebtorKind("").Values()),
	enumOf("ExtractStatus", enums.ExtractStatus("").Values()),
}

func TestEnumsAgree(t *testing.T) {
	doc, err := Document()
	require.NoError(t, err)

	inTable := map[string]bool{}
	for _, row := range enumTable {
		inTable[row.schema] = true
		ref, ok := doc.Components.Schemas[row.schema]
		if !assert.True(t, ok, "schema %s is not in api/openapi.yaml", row.schema) {
			continue
		}
		assert.Equal(t, row.values, enumStrings(ref.Value.Enum), "schema %s against enums.%s.Values()", row.schema, row.goType)
	}
	for name, ref := range doc.Components.Schemas {
		if ref.Value.Enum != nil {
			assert.True(t, inTable[name], "enum schema %s has no row in enumTable", name)
		}
	}
}

func enumStrings(vs []any) []string {
	out := make([]string, 0, len(vs))
	for _, v := range vs {
		s, _ := v.(string)
		out = append(out, s)
	}
	return out
}

// TestEveryEnumsTypeCovered reads the enums package source: every type
// with a Values method must appear in enumTable.
func TestEveryEnumsTypeCovered(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "enums", "*.go"))
	require.NoError(t, err)
	var types []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "Values" && fn.Recv != nil {
				if id, ok := fn.Recv.List[0].Type.(*ast.Ident); ok {
					types = append(types, id.Name)
				}
			}
		}
	}
	require.NotEmpty(t, types, "no Values methods found: has the enums package moved?")
	for _, typ := range types {
		assert.True(t, slices.ContainsFunc(enumTable, func(r enumRow) bool { return r.goType == typ }),
			"enums.%s has no row in enumTable: add its schema to api/openapi.yaml and the table", typ)
	}
}

// TestNoInlineEnums keeps every enum a named component, so that
// TestEnumsAgree sees them all.
func TestNoInlineEnums(t *testing.T) {
	doc, err := Document()
	require.NoError(t, err)
	var inline []string
	visit := func(at string, ref *openapi3.SchemaRef) { inline = append(inline, inlineEnums(at, ref)...) }
	for name, ref := range doc.Components.Schemas {
		for prop, sub := range schemaChildren(ref.Value) {
			visit(name+"/"+prop, sub)
		}
	}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			at := method + " " + path
			for _, p := range op.Parameters {
				visit(at+" parameter "+p.Value.Name, p.Value.Schema)
			}
			if op.RequestBody != nil {
				for _, mt := range op.RequestBody.Value.Content {
					visit(at+" body", mt.Schema)
				}
			}
			for status, resp := range op.Responses.Map() {
				for _, mt := range resp.Value.Content {
					visit(at+" "+status, mt.Schema)
				}
			}
		}
	}
	assert.Empty(t, inline, "inline enums: make each a component and add it to enumTable")
}

// inlineEnums lists the places under ref, not crossing references, where
// a schema declares an enum.
func inlineEnums(at string, ref *openapi3.SchemaRef) []string {
	if ref == nil || ref.Ref != "" || ref.Value == nil {
		return nil
	}
	var out []string
	if ref.Value.Enum != nil {
		out = append(out, at)
	}
	for name, sub := range schemaChildren(ref.Value) {
		out = append(out, inlineEnums(at+"/"+name, sub)...)
	}
	return out
}

// schemaChildren names the direct subschemas of s.
func schemaChildren(s *openapi3.Schema) map[string]*openapi3.SchemaRef {
	kids := map[string]*openapi3.SchemaRef{}
	for name, p := range s.Properties {
		kids[name] = p
	}
	if s.Items != nil {
		kids["items"] = s.Items
	}
	if s.AdditionalProperties.Schema != nil {
		kids["additionalProperties"] = s.AdditionalProperties.Schema
	}
	if s.Not != nil {
		kids["not"] = s.Not
	}
	for kw, list := range map[string]openapi3.SchemaRefs{"allOf": s.AllOf, "anyOf": s.AnyOf, "oneOf": s.OneOf} {
		for i, sub := range list {
			kids[kw+"/"+strconv.Itoa(i)] = sub
		}
	}
	return kids
}
