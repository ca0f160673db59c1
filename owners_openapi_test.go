package registerdata_test

import (
	"encoding/json"
	"io"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
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
	// A legal form without the answer gets the 404 of an unsupported
	// form, in the Error schema, naming the company's form.
	checkPart := func(part registerdata.OwnershipPart, form enums.LegalForm, schema, path string) {
		t.Helper()
		if part.Available(form, true) {
			check(schema, path)
			return
		}
		status, body := contractGetStatus(t, hc, srv, path)
		require.Equal(t, http.StatusNotFound, status, "%s: %s", path, body)
		missing, err := contract.MissingRequired("Error", body)
		require.NoError(t, err)
		assert.Empty(t, missing, "%s: required properties missing", path)
		var e registerdata.ErrorBody
		require.NoError(t, json.Unmarshal(body, &e))
		assert.Equal(t, form, e.Error.LegalForm, path)
	}
	forms := map[bool]int{}
	for _, id := range srv.CompanyIDs() {
		co, ok := srv.Company(id)
		require.True(t, ok)
		query := ""
		if co.LegalForm == enums.LegalFormAG || co.LegalForm == enums.LegalFormSE {
			query = "?best_available=true"
		}
		forms[registerdata.BeneficialOwnersAvailable(co.LegalForm)]++
		checkPart(registerdata.PartOwners, co.LegalForm, "CompanyOwners", "/v1/company/"+id+"/owners"+query)
		checkPart(registerdata.PartBeneficialOwners, co.LegalForm, "CompanyUbos", "/v1/company/"+id+"/ubo")
		checkPart(registerdata.PartOwnershipHistory, co.LegalForm, "HistoricalOwners", "/v1/company/"+id+"/owners/historical")
		check("CompanyHoldings", "/v1/company/"+id+"/holdings")
	}
	assert.Positive(t, forms[true], "no company with beneficial owners was checked")
	assert.Positive(t, forms[false], "no company without beneficial owners was checked")
	for _, p := range srv.Persons() {
		check("Person", "/v1/person/"+p)
		check("PersonHoldings", "/v1/person/"+p+"/holdings")
	}
}

// contractGetStatus fetches path from srv with its API key and returns
// the status and body of the answer, whatever the status.
func contractGetStatus(t *testing.T, hc *http.Client, srv *fake.Server, path string) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, srv.URL+path, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+srv.APIKey)
	resp, err := hc.Do(req)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp.StatusCode, body
}
