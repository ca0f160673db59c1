package registerdata_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/contract"
)

// TestContractFakeCompanies checks the fake's data against the contract:
// every company, curated and generated, encodes with every property
// api/openapi.yaml marks required (walked at every depth), validates as
// the answer to GET /v1/company/{id}, and is served over HTTP that way.
// A JSON tag broken in company.go breaks the fake and the client alike,
// so only this independent description can catch it.
func TestContractFakeCompanies(t *testing.T) {
	srv := fake.NewServer(fake.WithGenerated(20))
	defer srv.Close()
	ids := srv.CompanyIDs()
	require.Greater(t, len(ids), 20, "the curated companies and the generated ones")
	hc := &http.Client{Transport: contract.Transport(t, nil)} // checks what the fake serves, too

	for _, id := range ids {
		t.Run(id, func(t *testing.T) {
			c, ok := srv.Company(id)
			require.True(t, ok)
			encoded, err := json.Marshal(c)
			require.NoError(t, err)

			missing, err := contract.MissingRequired("Company", encoded)
			require.NoError(t, err)
			assert.Empty(t, missing, "required properties missing from the encoded Company")

			req := httptest.NewRequest(http.MethodGet, "/v1/company/"+id, nil)
			req.Header.Set("Authorization", "Bearer "+srv.APIKey)
			assert.NoError(t, contract.CheckExchange(req, http.StatusOK, http.Header{"Content-Type": {"application/json"}}, encoded))

			served := contractGet(t, hc, srv, "/v1/company/"+id)
			missing, err = contract.MissingRequired("Company", served)
			require.NoError(t, err)
			assert.Empty(t, missing, "required properties missing from the served Company")
		})
	}
}

// contractGet fetches path from srv with its API key and returns the body
// of a 200 answer.
func contractGet(t *testing.T, hc *http.Client, srv *fake.Server, path string) []byte {
	t.Helper()
	status, body := contractGetStatus(t, hc, srv, path)
	require.Equal(t, http.StatusOK, status, "%s", body)
	return body
}
