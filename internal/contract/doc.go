// Package contract checks HTTP traffic against the service description in
// api/openapi.yaml, so that the SDK and the fake, which share Go types,
// cannot agree on a wrong JSON tag or a missing required field without a
// test noticing. The tests of the root package wrap their clients'
// transports with it, and the tests of package fake wrap its handler.
//
// Wrap a client's transport with Transport, or the fake's handler with
// Middleware: every request under /v1/ and every answer to it is validated
// with kin-openapi's openapi3filter, and each violation is reported with
// t.Errorf naming the method, the path and what is wrong. Other paths (the
// fake's /_fake/ control routes, presigned documents) pass unchecked; a
// /v1/ path the description does not know is a violation.
//
// Authentication is checked on the answer, not the request: a request
// without an "Authorization: Bearer <key>" header is allowed (tests send
// such requests on purpose), but the contract then requires the answer to
// be 401, so a server that serves data without a credential is caught.
//
// The document is OpenAPI 3.0.3 because openapi3filter fully supports 3.0.x
// (nullable: true, exclusiveMinimum as a boolean).
package contract

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/registerdata/registerdata-go/api"
)

// spec is the loaded description with its router.
type spec struct {
	doc    *openapi3.T
	router routers.Router
}

// loadSpec parses and validates api.OpenAPI once per process.
var loadSpec = sync.OnceValues(func() (*spec, error) {
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPI)
	if err != nil {
		return nil, fmt.Errorf("contract: parsing api/openapi.yaml: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("contract: api/openapi.yaml is not a valid OpenAPI 3.0 document: %w", err)
	}
	// Route on the path alone: the document names the production server,
	// tests talk to loopback addresses.
	routed := *doc
	routed.Servers = nil
	router, err := legacy.NewRouter(&routed)
	if err != nil {
		return nil, fmt.Errorf("contract: building the router: %w", err)
	}
	return &spec{doc: doc, router: router}, nil
})

// Document returns the parsed and validated service description. It is
// loaded once and shared: read it, do not modify it.
func Document() (*openapi3.T, error) {
	s, err := loadSpec()
	if err != nil {
		return nil, err
	}
	return s.doc, nil
}

// schemaAndValue returns the component schema called name and the JSON
// document data decoded for checking against it.
func schemaAndValue(name string, data []byte) (*openapi3.Schema, any, error) {
	s, err := loadSpec()
	if err != nil {
		return nil, nil, err
	}
	ref, ok := s.doc.Components.Schemas[name]
	if !ok || ref.Value == nil {
		return nil, nil, fmt.Errorf("contract: no schema %q in api/openapi.yaml: use a name under components/schemas", name)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, nil, fmt.Errorf("contract: %s: not JSON: %w", name, err)
	}
	return ref.Value, v, nil
}
