package fake

import (
	"encoding/json"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

func TestControlClock(t *testing.T) {
	srv, clk := newTestServer(t)
	r := do(t, "POST", srv.URL+"/_fake/clock/advance", "", `{"seconds": 1800}`)
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
	assert.Equal(t, testStart.Add(30*time.Minute), clk.Now())
	var body struct{ Now time.Time }
	require.NoError(t, json.Unmarshal(r.body, &body))
	assert.True(t, body.Now.Equal(clk.Now()))

	r = do(t, "GET", srv.URL+"/_fake/clock", "", "")
	require.NoError(t, json.Unmarshal(r.body, &body))
	assert.True(t, body.Now.Equal(clk.Now()))

	for _, bad := range []string{`{}`, `{"seconds": -1}`, `{"seconds": "60"}`, `{"minutes": 1}`, `{"seconds": 1e12}`, ``} {
		r := do(t, "POST", srv.URL+"/_fake/clock/advance", "", bad)
		assert.Equal(t, http.StatusBadRequest, r.status, bad)
	}
	assert.Equal(t, testStart.Add(30*time.Minute), clk.Now(), "refused advances do nothing")
}

func TestControlCredits(t *testing.T) {
	srv, _ := newTestServer(t, WithCredits(70))
	r := do(t, "GET", srv.URL+"/_fake/credits", "", "")
	assert.JSONEq(t, `{"credits": 70}`, string(r.body))

	r = do(t, "PUT", srv.URL+"/_fake/credits", "", `{"credits": 5}`)
	require.Equal(t, http.StatusOK, r.status)
	assert.Equal(t, int64(5), srv.Credits(srv.APIKey))
	assert.Equal(t, http.StatusPaymentRequired, do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "").status)

	// A new key becomes valid.
	r = do(t, "PUT", srv.URL+"/_fake/credits?key=team-b", "", `{"credits": 10}`)
	require.Equal(t, http.StatusOK, r.status)
	do(t, "GET", srv.URL+"/v1/company/"+richID, "team-b", "").company(t)
	r = do(t, "GET", srv.URL+"/_fake/credits?key=team-b", "", "")
	assert.JSONEq(t, `{"credits": 0}`, string(r.body))

	assert.Equal(t, http.StatusNotFound, do(t, "GET", srv.URL+"/_fake/credits?key=nobody", "", "").status)
	for _, bad := range []string{`{"credits": -1}`, `{}`, `{"credits": 1.5}`, `{"credits": 1, "key": "x"}`, `[]`} {
		assert.Equal(t, http.StatusBadRequest, do(t, "PUT", srv.URL+"/_fake/credits", "", bad).status, bad)
	}
	assert.Equal(t, int64(5), srv.Credits(srv.APIKey))
}

func TestControlGetCompany(t *testing.T) {
	srv, _ := newTestServer(t)
	r := do(t, "GET", srv.URL+"/_fake/companies/"+richID, "", "")
	c := r.company(t)
	assert.Equal(t, richID, c.ID)
	assert.Empty(t, c.Sources)
	assert.Equal(t, DefaultCredits, srv.Credits(srv.APIKey), "control routes are free")
	assert.Equal(t, http.StatusNotFound, do(t, "GET", srv.URL+"/_fake/companies/nope", "", "").status)
}

func TestChargeIsAtomic(t *testing.T) {
	srv, _ := newTestServer(t, WithCredits(105))
	var wg sync.WaitGroup
	var mu sync.Mutex
	statuses := map[int]int{}
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := do(t, "GET", srv.URL+"/v1/company/"+richID, srv.APIKey, "")
			mu.Lock()
			statuses[r.status]++
			mu.Unlock()
		}()
	}
	wg.Wait()
	assert.Equal(t, map[int]int{http.StatusOK: 10, http.StatusPaymentRequired: 10}, statuses)
	assert.Equal(t, int64(5), srv.Credits(srv.APIKey))
}

func TestCloseIsIdempotentAndShutdownWorks(t *testing.T) {
	srv := NewServer()
	srv.Close()
	srv.Close()
	_, err := http.Get(srv.URL + "/_fake/clock")
	assert.Error(t, err)

	srv2, err := Listen("127.0.0.1:0", WithAPIKey("k"))
	require.NoError(t, err)
	assert.Equal(t, "k", srv2.APIKey)
	require.NoError(t, srv2.Shutdown(t.Context()))

	_, err = Listen("256.0.0.1:1")
	assert.Error(t, err)
}

// TestControlPatchKeepsDerivedFieldsConsistent: a patch of the address's
// parts, the legal form or a role code through the controls gets the
// formatted address, the name's legal form and the role's labels of the
// new parts; a patch that sets them itself keeps what it set.
func TestControlPatchKeepsDerivedFieldsConsistent(t *testing.T) {
	srv, _ := newTestServer(t)
	before, _ := srv.Company(richID)
	require.NotEmpty(t, before.Address.FormattedValue)
	r := do(t, "PATCH", srv.URL+"/_fake/companies/"+richID, "", `{"address": {"street": "Alt-Moabit 101", "postal_code": "10559", "city": "Berlin"}}`)
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
	c, _ := srv.Company(richID)
	assert.Equal(t, "Alt-Moabit 101, 10559 Berlin, "+before.Address.Country, c.Address.FormattedValue)
	assert.Equal(t, c.Address.FormattedValue, r.company(t).Address.FormattedValue, "the answer is the stored record")

	r = do(t, "PATCH", srv.URL+"/_fake/companies/"+richID, "", `{"address": {"street": "Invalidenstraße 1", "formatted_value": "Invalidenstr. 1, Berlin"}}`)
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
	c, _ = srv.Company(richID)
	assert.Equal(t, "Invalidenstr. 1, Berlin", c.Address.FormattedValue, "set by the patch")

	i := -1
	for j, rp := range c.Representation {
		if rp.RoleDetail.Code == enums.RoleCodeDirector {
			i = j
			break
		}
	}
	require.GreaterOrEqual(t, i, 0)
	reps, err := json.Marshal(c.Representation)
	require.NoError(t, err)
	var raw []map[string]any
	require.NoError(t, json.Unmarshal(reps, &raw))
	raw[i]["role_detail"].(map[string]any)["code"] = string(enums.RoleCodeLiquidator)
	patch, err := json.Marshal(map[string]any{"representation": raw, "legal_form": "ag"})
	require.NoError(t, err)
	r = do(t, "PATCH", srv.URL+"/_fake/companies/"+richID, "", string(patch))
	require.Equal(t, http.StatusOK, r.status, "body: %s", r.body)
	c, _ = srv.Company(richID)
	assert.Equal(t, RoleDetail(enums.RoleCodeLiquidator), c.Representation[i].RoleDetail)
	assert.Equal(t, enums.RoleCodeLiquidator.Role(), c.Representation[i].Role)
	assert.Equal(t, enums.LegalFormAG, c.Name.LegalForm)
}
