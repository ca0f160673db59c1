package registerdatamcp

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/registerdata/registerdata-go/api"
	"gopkg.in/yaml.v3"
)

// The output schemas of the tools are the service's own response schemas,
// taken from the OpenAPI description the SDK and its fake are checked
// against (package api), converted from OpenAPI 3.0 to JSON Schema
// 2020-12: "$ref: #/components/schemas/X" becomes "#/$defs/X", and
// "nullable: true" becomes a type list (or an anyOf) that admits null.
// So an agent sees exactly the fields the service documents, and every
// structured result is validated against them before it leaves the server.

// components holds the converted component schemas, built once.
var components = sync.OnceValues(loadComponents)

func loadComponents() (map[string]any, error) {
	var doc struct {
		Components struct {
			Schemas map[string]any `yaml:"schemas"`
		} `yaml:"components"`
	}
	if err := yaml.Unmarshal(api.OpenAPI, &doc); err != nil {
		return nil, fmt.Errorf("registerdatamcp: reading the OpenAPI description: %w", err)
	}
	out := make(map[string]any, len(doc.Components.Schemas))
	for name, s := range doc.Components.Schemas {
		out[name] = convert(s)
	}
	return out, nil
}

// convert turns one OpenAPI 3.0 schema node into JSON Schema 2020-12.
func convert(node any) any {
	switch n := node.(type) {
	case map[string]any:
		out := make(map[string]any, len(n))
		for k, v := range n {
			switch k {
			case "nullable", "example", "discriminator", "xml", "externalDocs":
				continue
			case "$ref":
				if s, ok := v.(string); ok {
					out[k] = strings.Replace(s, "#/components/schemas/", "#/$defs/", 1)
					continue
				}
			}
			out[k] = convert(v)
		}
		if nullable, _ := n["nullable"].(bool); nullable {
			return admitNull(out)
		}
		return out
	case []any:
		out := make([]any, len(n))
		for i, v := range n {
			out[i] = convert(v)
		}
		return out
	default:
		return node
	}
}

// admitNull widens a converted schema so that null is valid too.
func admitNull(s map[string]any) map[string]any {
	if t, ok := s["type"].(string); ok {
		s["type"] = []any{t, "null"}
		if e, ok := s["enum"].([]any); ok {
			s["enum"] = append(e, nil)
		}
		return s
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
}

// refsOf collects the component names a converted schema refers to.
func refsOf(node any, into map[string]bool) {
	switch n := node.(type) {
	case map[string]any:
		for k, v := range n {
			if s, ok := v.(string); ok && k == "$ref" && strings.HasPrefix(s, "#/$defs/") {
				into[strings.TrimPrefix(s, "#/$defs/")] = true
				continue
			}
			refsOf(v, into)
		}
	case []any:
		for _, v := range n {
			refsOf(v, into)
		}
	}
}

// defsFor returns the components reachable from the given roots.
func defsFor(comps map[string]any, roots ...any) (map[string]any, error) {
	need := map[string]bool{}
	for _, r := range roots {
		refsOf(r, need)
	}
	defs := map[string]any{}
	for len(need) > 0 {
		names := make([]string, 0, len(need))
		for n := range need {
			names = append(names, n)
		}
		sort.Strings(names)
		need = map[string]bool{}
		for _, n := range names {
			if _, done := defs[n]; done {
				continue
			}
			s, ok := comps[n]
			if !ok {
				return nil, fmt.Errorf("registerdatamcp: the OpenAPI description has no schema %q", n)
			}
			defs[n] = s
			refsOf(s, need)
		}
	}
	return defs, nil
}

// creditsSchema describes the credit report every result carries.
var creditsSchema = map[string]any{
	"type":        "object",
	"description": "What this call cost and what the session may still spend.",
	"required":    []any{"charged", "spent"},
	"properties": map[string]any{
		"charged":   map[string]any{"type": "integer", "description": "Credits this call was charged (0 for free calls and cached answers)."},
		"spent":     map[string]any{"type": "integer", "description": "Credits this session has spent so far."},
		"remaining": map[string]any{"type": []any{"integer", "null"}, "description": "Credits left of the session's budget; null when no budget is set."},
		"budget":    map[string]any{"type": []any{"integer", "null"}, "description": "The session's credit budget; null when none is set."},
	},
}

// outputSchema builds the output schema of a tool: an object with the
// result under "result" (the given schema, which may refer to service
// components by "#/$defs/Name") and the credit report under "credits".
func outputSchema(result map[string]any) (*jsonschema.Schema, error) {
	comps, err := components()
	if err != nil {
		return nil, err
	}
	defs, err := defsFor(comps, result)
	if err != nil {
		return nil, err
	}
	root := map[string]any{
		"type":     "object",
		"required": []any{"result", "credits"},
		"properties": map[string]any{
			"result":  result,
			"credits": creditsSchema,
		},
	}
	if len(defs) > 0 {
		root["$defs"] = defs
	}
	return toSchema(root)
}

// serviceOutput is outputSchema for a result that is one service component.
func serviceOutput(component string) (*jsonschema.Schema, error) {
	return outputSchema(map[string]any{"$ref": "#/$defs/" + component})
}

// toSchema turns a JSON Schema held as maps into the SDK's schema type.
func toSchema(m map[string]any) (*jsonschema.Schema, error) {
	b, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("registerdatamcp: converting a schema: %w", err)
	}
	return &s, nil
}
