// Package api holds the OpenAPI 3.0.3 description of the Company and Person
// Register Data Service (version 2.5.0), the contract that both the SDK and
// its bundled fake are checked against in tests.
//
// The document is kept as api/openapi.yaml, so it can be read, diffed and fed
// to other tools as it is; this package only embeds it for Go code.
package api

import _ "embed"

// OpenAPI is the service description in YAML (OpenAPI 3.0.3). It is the
// file api/openapi.yaml as built into the binary; do not modify the slice.
//
//go:embed openapi.yaml
var OpenAPI []byte
