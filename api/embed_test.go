package api_test

import (
	"bytes"
	"context"
	"fmt"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/api"
)

func TestOpenAPI(t *testing.T) {
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPI)
	require.NoError(t, err)
	require.NoError(t, doc.Validate(context.Background()))
	assert.Equal(t, "3.0.3", doc.OpenAPI, "openapi3filter fully supports 3.0.x; keep the document at 3.0.3")
	assert.Equal(t, "2.5.0", doc.Info.Version, "the interface version of the specification")
	for _, path := range []string{"/v1/company/{company_id}", "/v1/search/company", "/v1/search/person", "/v1/monitor", "/v1/monitor/{entity_id}"} {
		assert.NotNil(t, doc.Paths.Value(path), "path %s", path)
	}
}

func ExampleOpenAPI() {
	first, _, _ := bytes.Cut(api.OpenAPI, []byte("\n"))
	fmt.Println(string(first))
	// Output: openapi: 3.0.3
}
