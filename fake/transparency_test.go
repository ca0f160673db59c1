package fake

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

const trCreds = `{"username": "kyc@example.de", "password": "correct-horse-battery"}`

func TestTransparencyCredentialsOverHTTP(t *testing.T) {
	srv, _ := newTestServer(t)
	res := do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/credentials", srv.APIKey,
		`{"username": "kyc@example.de", "password": "correct-horse-battery", "name": "sandbox"}`)
	assert.Equal(t, http.StatusBadRequest, res.status)
	assert.Contains(t, res.errorBody(t).Message, "reserved")
	assert.NotContains(t, string(res.body), "correct-horse-battery")

	res = do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/credentials", srv.APIKey, `{"username": "kyc@example.de"}`)
	assert.Equal(t, http.StatusBadRequest, res.status)

	res = do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/credentials", srv.APIKey, trCreds)
	assert.Equal(t, http.StatusCreated, res.status, "%s", res.body)
	assert.Empty(t, res.body)
	assert.True(t, srv.HasTransparencyCredentials(srv.APIKey, ""))
	assert.False(t, srv.HasTransparencyCredentials("another-key", ""), "credentials are kept per key")
}

func TestTransparencyExtractLifecycleOverHTTP(t *testing.T) {
	srv, clk := newTestServer(t)
	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/credentials", srv.APIKey, trCreds).status)
	res := do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/extracts", srv.APIKey, `{"company_id": "`+richID+`"}`)
	require.Equal(t, http.StatusCreated, res.status, "%s", res.body)
	var created map[string]any
	require.NoError(t, json.Unmarshal(res.body, &created))
	assert.Len(t, created, 5, "the create answer has the five keys known then: %s", res.body)
	id := created["id"].(string)
	assert.True(t, strings.HasPrefix(id, "tre_"))

	get := func(status int) registerdata.TransparencyExtract {
		res := do(t, http.MethodGet, srv.URL+"/v1/transparenzregister/extracts/"+id, srv.APIKey, "")
		require.Equal(t, status, res.status, "%s", res.body)
		var ex registerdata.TransparencyExtract
		require.NoError(t, json.Unmarshal(res.body, &ex))
		return ex
	}
	clk.Advance(TransparencyExtractDelay - time.Second)
	assert.Equal(t, enums.ExtractStatusProcessing, get(http.StatusAccepted).Status, "202 with the extract while processing")
	clk.Advance(time.Second)
	ex := get(http.StatusOK)
	require.Equal(t, enums.ExtractStatusCompleted, ex.Status)

	// The report agrees with the fake's computed beneficial owners.
	ubos, err := srv.beneficialOwners(richID)
	require.NoError(t, err)
	require.Len(t, ex.Report.UBOs, len(ubos))
	for i, u := range ubos {
		assert.Equal(t, u.Name, *ex.Report.UBOs[i].NaturalPerson.FullName)
	}
	for _, d := range ex.Documents {
		res := do(t, http.MethodGet, d.URL, "", "")
		assert.Equal(t, http.StatusOK, res.status, d.URL)
		assert.NotEmpty(t, res.body)
	}
	assert.Equal(t, http.StatusNotFound, do(t, http.MethodGet, srv.URL+"/v1/transparenzregister/extracts/tre_999", srv.APIKey, "").status)
	assert.Equal(t, http.StatusNotFound, do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/extracts", srv.APIKey, `{"company_id": "DE-HRB-X0000-1"}`).status)
	assert.Equal(t, http.StatusBadRequest, do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/extracts", srv.APIKey, `{}`).status)
}

func TestTransparencyOutcomeControl(t *testing.T) {
	srv, clk := newTestServer(t)
	res := do(t, http.MethodPut, srv.URL+"/_fake/transparenzregister/"+richID, "", `{"outcome": "fail"}`)
	require.Equal(t, http.StatusNoContent, res.status, "%s", res.body)
	assert.Equal(t, http.StatusBadRequest, do(t, http.MethodPut, srv.URL+"/_fake/transparenzregister/"+richID, "", `{"outcome": "perhaps"}`).status)
	assert.Equal(t, http.StatusNotFound, do(t, http.MethodPut, srv.URL+"/_fake/transparenzregister/DE-HRB-X0000-1", "", `{"outcome": "fail"}`).status)

	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/credentials", srv.APIKey, trCreds).status)
	res = do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/extracts", srv.APIKey, `{"company_id": "`+richID+`"}`)
	require.Equal(t, http.StatusCreated, res.status)
	var ex registerdata.TransparencyExtract
	require.NoError(t, json.Unmarshal(res.body, &ex))
	clk.Advance(TransparencyExtractDelay)
	got, err := srv.extractView(srv.APIKey, ex.ID)
	require.NoError(t, err)
	assert.Equal(t, enums.ExtractStatusFailed, got.Status)
	assert.Empty(t, got.Documents)
}
