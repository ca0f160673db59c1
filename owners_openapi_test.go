package registerdata_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/internal/contract"
)

// TestContractFakeOwnership checks every ownership and person answer the
// fake gives, for curated and generated companies and every person, against
// api/openapi.yaml: served over a checking transport, and walked for every
// required property at every depth.
func TestContractFakeOwnership(t *testing.T) {
	srv := fake.NewServer(fake.WithGenerated(20))
	defer srv.Close()
	hc := &http.Client{Transport: contract.Transport(t, nil)}
	check := func(schema, path string) {
		t.Helper()
		body := contractGet(t, hc, srv, path)
		missing, err := contract.MissingRequired(schema, body)
		require.NoError(t, err)
		assert.Empty(t, missing, "%s: required properties missing", path)
	}
	for _, id := range srv.CompanyIDs() {
		co, ok := srv.Company(id)
		require.True(t, ok)
		query := ""
		if co.LegalForm == enums.LegalFormAG || co.LegalForm == enums.LegalFormSE {
			query = "?best_available=true"
		}
		check("CompanyOwners", "/v1/company/"+id+"/owners"+query)
		check("CompanyUbos", "/v1/company/"+id+"/ubo")
		check("HistoricalOwners", "/v1/company/"+id+"/owners/historical")
		check("CompanyHoldings", "/v1/company/"+id+"/holdings")
	}
	for _, p := range srv.Persons() {
		check("Person", "/v1/person/"+p)
		check("PersonHoldings", "/v1/person/"+p+"/holdings")
	}
}
