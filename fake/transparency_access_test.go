package fake

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// sandboxExtract posts a sandbox extract request with body {} for key.
func sandboxExtract(t *testing.T, srv *Server, key string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, srv.URL+"/v1/transparenzregister/extracts", strings.NewReader(`{}`))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+key)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Credential-Name", registerdata.SandboxCredentialName)
	res, err := checkedHTTP(t).Do(req)
	require.NoError(t, err)
	t.Cleanup(func() { res.Body.Close() })
	return res
}

func TestTransparencyQuotaCountsProductionExtractsOnTheClock(t *testing.T) {
	srv, clk := newTestServer(t, WithExtractQuota(1))
	extracts := srv.URL + "/v1/transparenzregister/extracts"
	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/credentials", srv.APIKey, trCreds).status)
	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, extracts, srv.APIKey, `{"company_id": "`+richID+`"}`).status)
	clk.Advance(24 * time.Hour)
	balance := srv.Credits(srv.APIKey)

	res := do(t, http.MethodPost, extracts, srv.APIKey, `{"company_id": "`+richID+`"}`)
	require.Equal(t, http.StatusTooManyRequests, res.status)
	assert.Equal(t, CodeExtractQuotaExceed, res.errorBody(t).Code)
	assert.Contains(t, res.errorBody(t).Message, "30-day")
	assert.Equal(t, "false", res.header.Get("X-Should-Retry"))
	wait, err := strconv.Atoi(res.header.Get("Retry-After"))
	require.NoError(t, err)
	assert.Equal(t, int((ExtractQuotaWindow - 24*time.Hour).Seconds()), wait, "until the oldest extract leaves the window")
	assert.Equal(t, balance, srv.Credits(srv.APIKey), "a refused extract is not billed")

	sandbox := sandboxExtract(t, srv, srv.APIKey)
	assert.Equal(t, http.StatusCreated, sandbox.StatusCode, "sandbox extracts do not count")
	assert.Equal(t, balance, srv.Credits(srv.APIKey), "and cost nothing")

	clk.Advance(time.Duration(wait) * time.Second)
	assert.Equal(t, http.StatusCreated, do(t, http.MethodPost, extracts, srv.APIKey, `{"company_id": "`+richID+`"}`).status)
	assert.Equal(t, balance-registerdata.DefaultPrices().Of("POST /v1/transparenzregister/extracts", false), srv.Credits(srv.APIKey))
}

func TestWithExtractQuotaZeroAllowsNone(t *testing.T) {
	srv, _ := newTestServer(t, WithExtractQuota(0))
	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/credentials", srv.APIKey, trCreds).status)
	assert.Equal(t, http.StatusTooManyRequests, do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/extracts", srv.APIKey, `{"company_id": "`+richID+`"}`).status)
	def, _ := newTestServer(t, WithExtractQuota(-1))
	assert.Equal(t, DefaultExtractQuota, def.transparency().quota, "a negative quota keeps the default")
}

func TestTransparencyCredentialsStatusesOverHTTP(t *testing.T) {
	srv, _ := newTestServer(t)
	creds := srv.URL + "/v1/transparenzregister/credentials"
	res := do(t, http.MethodPost, creds, srv.APIKey, `{"username": "kyc@example.de", "password": "short"}`)
	assert.Equal(t, http.StatusUnauthorized, res.status)
	assert.Equal(t, CodeLoginRejected, res.errorBody(t).Code)
	assert.NotContains(t, string(res.body), "short")

	for i := range MaxTransparencyCredentialSets {
		require.Equal(t, http.StatusCreated, do(t, http.MethodPost, creds, srv.APIKey, `{"username": "u@example.de", "password": "long-enough", "name": "n`+strconv.Itoa(i)+`"}`).status)
	}
	res = do(t, http.MethodPost, creds, srv.APIKey, `{"username": "u@example.de", "password": "long-enough", "name": "extra"}`)
	assert.Equal(t, http.StatusConflict, res.status)
	assert.Equal(t, CodeCredentialLimit, res.errorBody(t).Code)
	assert.Equal(t, http.StatusCreated, do(t, http.MethodPost, creds, srv.APIKey, `{"username": "v@example.de", "password": "long-enough", "name": "n0"}`).status)

	res = do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/extracts", srv.APIKey, `{"company_id": "`+richID+`"}`)
	assert.Equal(t, http.StatusNotFound, res.status, "no credentials under default")
	assert.Contains(t, res.errorBody(t).Message, "store them first")
}

func TestTransparencyAccessAndLocksSurviveASnapshot(t *testing.T) {
	srv, clk := newTestServer(t, WithTransparencyAccess(TransparencyNotEnabled))
	assert.Equal(t, http.StatusForbidden, do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/credentials", srv.APIKey, trCreds).status)
	srv.SetCredits("k2", 1000)
	require.NoError(t, srv.SetTransparencyAccess("k2", TransparencyNeedsPaidPlan))
	res := do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/credentials", "k2", trCreds)
	assert.Equal(t, http.StatusPaymentRequired, res.status)
	assert.Equal(t, CodePaidPlanRequired, res.errorBody(t).Code)

	srv.SetCredits("k3", 1000)
	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/credentials", "k3", trCreds).status)
	res = do(t, http.MethodPost, srv.URL+"/v1/transparenzregister/extracts", "k3", `{"company_id": "`+richID+`"}`)
	require.Equal(t, http.StatusCreated, res.status)
	var created struct{ ID string }
	require.NoError(t, json.Unmarshal(res.body, &created))
	id := created.ID
	require.NoError(t, srv.SetTransparencyLoginLocked("k3", "", true))
	assert.Error(t, srv.SetTransparencyLoginLocked("k3", "nope", true))

	var buf bytes.Buffer
	require.NoError(t, srv.Snapshot(&buf))
	again, _ := newTestServer(t, WithClock(clk), WithSnapshot(&buf))
	assert.Equal(t, http.StatusForbidden, do(t, http.MethodPost, again.URL+"/v1/transparenzregister/credentials", again.APIKey, trCreds).status)
	assert.Equal(t, http.StatusPaymentRequired, do(t, http.MethodPost, again.URL+"/v1/transparenzregister/credentials", "k2", trCreds).status)
	res = do(t, http.MethodPost, again.URL+"/v1/transparenzregister/extracts", "k3", `{"company_id": "`+richID+`"}`)
	assert.Equal(t, http.StatusForbidden, res.status, "the lock is kept")
	assert.Equal(t, CodeLoginLocked, res.errorBody(t).Code)
	clk.Advance(TransparencyExtractDelay)
	view, err := again.extractView("k3", id)
	require.NoError(t, err)
	assert.Equal(t, enums.ExtractStatusFailed, view.Status, "the extract in flight keeps its locked login")
}
