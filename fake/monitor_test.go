package fake

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/contract"
)

// countingTransport counts the requests that reach the network.
type countingTransport struct{ n atomic.Int32 }

func (c *countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	c.n.Add(1)
	return http.DefaultTransport.RoundTrip(r)
}

// invalidMonitorRequests are refused by the client before sending and by
// the fake when sent anyway.
var invalidMonitorRequests = map[string]registerdata.MonitorRequest{
	"no preference":              {EntityID: richID, EntityType: enums.EntityTypeCompany},
	"person preference":          {EntityID: richID, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceManagementPositions}},
	"company preference":         {EntityID: directorP, EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceBasic}},
	"unknown preference":         {EntityID: richID, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{"rumours"}},
	"repeated preference":        {EntityID: richID, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic, enums.PreferenceBasic}},
	"frequency on a person":      {EntityID: directorP, EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceHoldings}, UpdateFrequency: enums.UpdateFrequencyDaily},
	"unknown frequency":          {EntityID: richID, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: "hourly"},
	"unknown entity type":        {EntityID: richID, EntityType: "fund", Preferences: []enums.Preference{enums.PreferenceBasic}},
	"empty entity id":            {EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
	"traversing entity id":       {EntityID: "../monitor", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
	"entity id with a slash":     {EntityID: "a/b", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
	"blank entity id":            {EntityID: " ", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
	"entity id with a query":     {EntityID: "x?y=1", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
	"oversized entity id":        {EntityID: strings.Repeat("A", 300), EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
	"entity id with a NUL byte":  {EntityID: "DE\x00", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
	"entity id percent-encoded":  {EntityID: "..%2Fmonitor", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}},
	"weekly frequency on person": {EntityID: directorP, EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceHoldings}, UpdateFrequency: enums.UpdateFrequencyWeekly},
}

func TestInvalidMonitorRequestsClientRefusesFakeAnswers400(t *testing.T) {
	s := newMonitorSetup(t)
	ct := &countingTransport{}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(s.srv.APIKey), registerdata.WithBaseURL(s.srv.URL),
		registerdata.WithHTTPClient(&http.Client{Transport: contract.Transport(t, ct)}))
	require.NoError(t, err)
	for name, r := range invalidMonitorRequests {
		t.Run(name, func(t *testing.T) {
			_, err := c.CreateMonitor(context.Background(), r)
			require.ErrorIs(t, err, registerdata.ErrInvalidRequest)
			assert.Zero(t, ct.n.Load(), "the client sent nothing")

			raw, err := json.Marshal(r)
			require.NoError(t, err)
			res := do(t, http.MethodPost, s.srv.URL+"/v1/monitor", s.srv.APIKey, string(raw))
			assert.Equal(t, http.StatusBadRequest, res.status, "body %s: %s", raw, res.body)
			assert.Equal(t, CodeInvalidRequest, res.errorBody(t).Code)
		})
	}
	assert.Empty(t, s.srv.Monitors(s.srv.APIKey))
	assert.Equal(t, DefaultCredits, s.srv.Credits(s.srv.APIKey), "no refusal is charged")
}

func TestCreateMonitorHostileBodies(t *testing.T) {
	s := newMonitorSetup(t)
	cases := map[string]struct {
		body   string
		status int
	}{
		"empty":          {"", http.StatusBadRequest},
		"not JSON":       {"entity_id=1", http.StatusBadRequest},
		"truncated":      {`{"entity_id": "` + richID, http.StatusBadRequest},
		"array":          {`[]`, http.StatusBadRequest},
		"unknown field":  {`{"entity_id":"` + richID + `","entity_type":"company","preferences":["basic"],"webhook_url":"http://x"}`, http.StatusBadRequest},
		"trailing data":  {`{"entity_id":"` + richID + `","entity_type":"company","preferences":["basic"]} {}`, http.StatusBadRequest},
		"wrong types":    {`{"entity_id":42,"entity_type":"company","preferences":"basic"}`, http.StatusBadRequest},
		"null prefs":     {`{"entity_id":"` + richID + `","entity_type":"company","preferences":null}`, http.StatusBadRequest},
		"oversized body": {`{"entity_id":"` + strings.Repeat("A", 2<<20) + `"}`, http.StatusRequestEntityTooLarge},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			res := do(t, http.MethodPost, s.srv.URL+"/v1/monitor", s.srv.APIKey, c.body)
			assert.Equal(t, c.status, res.status, "%s", res.body)
			assert.NotEmpty(t, res.errorBody(t).Message)
		})
	}
	assert.Empty(t, s.srv.Monitors(s.srv.APIKey))
}

func TestCreateMonitorRefusals(t *testing.T) {
	body := `{"entity_id":"` + richID + `","entity_type":"company","preferences":["basic"]}`
	t.Run("no API key", func(t *testing.T) {
		s := newMonitorSetup(t)
		assert.Equal(t, http.StatusUnauthorized, do(t, http.MethodPost, s.srv.URL+"/v1/monitor", "", body).status)
	})
	t.Run("no webhook endpoint", func(t *testing.T) {
		srv, _ := newTestServer(t)
		res := do(t, http.MethodPost, srv.URL+"/v1/monitor", srv.APIKey, body)
		assert.Equal(t, http.StatusBadRequest, res.status)
		assert.Equal(t, "webhook_not_configured", res.errorBody(t).Code)
		assert.Contains(t, res.errorBody(t).Message, "dashboard")
	})
	t.Run("plan without monitoring", func(t *testing.T) {
		s := newMonitorSetup(t)
		res := do(t, http.MethodPost, s.srv.URL+"/_fake/plan", "", `{"monitoring": false}`)
		require.Equal(t, http.StatusOK, res.status, "%s", res.body)
		res = do(t, http.MethodPost, s.srv.URL+"/v1/monitor", s.srv.APIKey, body)
		assert.Equal(t, http.StatusForbidden, res.status)
		assert.Equal(t, "plan_without_monitoring", res.errorBody(t).Code)
	})
	t.Run("unknown entity", func(t *testing.T) {
		s := newMonitorSetup(t)
		res := do(t, http.MethodPost, s.srv.URL+"/v1/monitor", s.srv.APIKey, `{"entity_id":"DE-HRB-X0000-1","entity_type":"company","preferences":["basic"]}`)
		assert.Equal(t, http.StatusNotFound, res.status)
		res = do(t, http.MethodPost, s.srv.URL+"/v1/monitor", s.srv.APIKey, `{"entity_id":"00000000-0000-4000-8000-000000000000","entity_type":"person","preferences":["holdings"]}`)
		assert.Equal(t, http.StatusNotFound, res.status)
	})
	t.Run("second monitor of an entity", func(t *testing.T) {
		s := newMonitorSetup(t)
		assert.Equal(t, http.StatusCreated, do(t, http.MethodPost, s.srv.URL+"/v1/monitor", s.srv.APIKey, body).status)
		res := do(t, http.MethodPost, s.srv.URL+"/v1/monitor", s.srv.APIKey, body)
		assert.Equal(t, http.StatusConflict, res.status)
		assert.Equal(t, "monitor_exists", res.errorBody(t).Code)
	})
	t.Run("too few credits", func(t *testing.T) {
		s := newMonitorSetup(t, WithCredits(49))
		_, err := s.client.CreateMonitor(context.Background(), registerdata.MonitorRequest{
			EntityID: richID, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic},
			UpdateFrequency: enums.UpdateFrequencyDaily})
		require.ErrorIs(t, err, registerdata.ErrInsufficientCredits)
		assert.Equal(t, int64(49), s.srv.Credits(s.srv.APIKey))
		assert.Zero(t, s.client.CreditsSpent())
	})
}

func TestMonitorListAndDelete(t *testing.T) {
	s := newMonitorSetup(t)
	ctx := context.Background()
	ms, err := s.client.ListMonitors(ctx)
	require.NoError(t, err)
	assert.Empty(t, ms)
	assert.NotNil(t, ms)

	res := do(t, http.MethodPost, s.srv.URL+"/v1/monitor", s.srv.APIKey,
		`{"entity_id":"`+directorP+`","entity_type":"person","preferences":["holdings","insolvencies"]}`)
	require.Equal(t, http.StatusCreated, res.status, "%s", res.body)
	assert.JSONEq(t, `{"entity_id":"`+directorP+`","entity_type":"person","preferences":["holdings","insolvencies"],"disabled":false}`, string(res.body))
	s.monitor(t, companyMonitor(richID, enums.PreferenceBasic))

	res = do(t, http.MethodGet, s.srv.URL+"/v1/monitor", s.srv.APIKey, "")
	require.Equal(t, http.StatusOK, res.status)
	assert.JSONEq(t, `{"items":[
		{"entity_id":"`+directorP+`","entity_type":"person","preferences":["holdings","insolvencies"],"disabled":false},
		{"entity_id":"`+richID+`","entity_type":"company","preferences":["basic"],"update_frequency":"weekly","disabled":false}]}`, string(res.body))

	for _, hostile := range []string{"..%2Fmonitor", "a%2Fb", "%20", "%00", richID + "%3F", richID + "%2F"} {
		res := do(t, http.MethodDelete, s.srv.URL+"/v1/monitor/"+hostile, s.srv.APIKey, "")
		assert.Equal(t, http.StatusNotFound, res.status, "DELETE %s: %s", hostile, res.body)
	}
	for _, dots := range []string{"..", "%2E%2E", "../monitor"} { // cleaned away: never reaches the handler
		res := do(t, http.MethodDelete, s.srv.URL+"/v1/monitor/"+dots, s.srv.APIKey, "")
		assert.NotEqual(t, http.StatusNoContent, res.status, "DELETE %s", dots)
	}
	require.Len(t, s.srv.Monitors(s.srv.APIKey), 2, "no hostile id deleted anything")

	require.ErrorIs(t, s.client.DeleteMonitor(ctx, "a/b"), registerdata.ErrInvalidRequest)
	require.NoError(t, s.client.DeleteMonitor(ctx, richID))
	require.ErrorIs(t, s.client.DeleteMonitor(ctx, richID), registerdata.ErrNotFound)
	ms, err = s.client.ListMonitors(ctx)
	require.NoError(t, err)
	require.Len(t, ms, 1)
	assert.Equal(t, directorP, ms[0].EntityID)
	assert.Equal(t, DefaultCredits-50, s.srv.Credits(s.srv.APIKey), "two creates; list and delete are free")
}

func TestMonitorControlsOverHTTP(t *testing.T) {
	s := newMonitorSetup(t)
	s.monitor(t, companyMonitor(richID, enums.PreferenceBasic))

	for _, bad := range []string{``, `{}`, `{"monitoring": "no"}`, `{"monitoring": false, "x": 1}`} {
		assert.Equal(t, http.StatusBadRequest, do(t, http.MethodPost, s.srv.URL+"/_fake/plan", "", bad).status, bad)
	}
	require.Equal(t, http.StatusOK, do(t, http.MethodPost, s.srv.URL+"/_fake/plan?key="+s.srv.APIKey, "", `{"monitoring": false}`).status)
	assert.True(t, s.srv.Monitors(s.srv.APIKey)[0].Disabled)

	res := do(t, http.MethodPost, s.srv.URL+"/_fake/monitors/enable", "", `{}`)
	assert.Equal(t, http.StatusForbidden, res.status, "re-enabling needs the plan")
	require.Equal(t, http.StatusOK, do(t, http.MethodPost, s.srv.URL+"/_fake/plan", "", `{"monitoring": true}`).status)
	assert.True(t, s.srv.Monitors(s.srv.APIKey)[0].Disabled, "the upgrade re-enables nothing")
	res = do(t, http.MethodPost, s.srv.URL+"/_fake/monitors/enable", "", `{"entity_id": "DE-HRB-X0000-1"}`)
	assert.Equal(t, http.StatusNotFound, res.status)
	res = do(t, http.MethodPost, s.srv.URL+"/_fake/monitors/enable", "", `{"entity_id": "`+richID+`"}`)
	require.Equal(t, http.StatusOK, res.status, "%s", res.body)
	assert.False(t, s.srv.Monitors(s.srv.APIKey)[0].Disabled)

	for _, bad := range []string{`{"url": "", "secret": "` + testSecret + `"}`, `{"url": "ftp://x", "secret": "` + testSecret + `"}`,
		`{"url": "http://127.0.0.1:1/", "secret": "not base64!"}`, `{"url": "/relative", "secret": "` + testSecret + `"}`} {
		assert.Equal(t, http.StatusBadRequest, do(t, http.MethodPut, s.srv.URL+"/_fake/webhook", "", bad).status, bad)
	}
	assert.Equal(t, http.StatusNoContent, do(t, http.MethodPut, s.srv.URL+"/_fake/webhook", "", `{"url": "https://example.invalid/hook", "secret": "`+testSecret+`"}`).status)
}

// A client in any language drives monitoring over plain HTTP: create,
// patch the register, advance the clock, read the deliveries.
func TestMonitoringOverPlainHTTP(t *testing.T) {
	s := newMonitorSetup(t)
	res := do(t, http.MethodPost, s.srv.URL+"/v1/monitor", s.srv.APIKey,
		`{"entity_id":"`+richID+`","entity_type":"company","preferences":["basic"],"update_frequency":"daily"}`)
	require.Equal(t, http.StatusCreated, res.status, "%s", res.body)
	res = do(t, http.MethodPatch, s.srv.URL+"/_fake/companies/"+richID, "", `{"status":"inactive"}`)
	require.Equal(t, http.StatusOK, res.status, "%s", res.body)
	res = do(t, http.MethodPost, s.srv.URL+"/_fake/clock/advance", "", `{"seconds": 86400}`)
	require.Equal(t, http.StatusOK, res.status, "%s", res.body)

	res = do(t, http.MethodGet, s.srv.URL+"/_fake/deliveries", "", "")
	require.Equal(t, http.StatusOK, res.status)
	var ds []struct {
		ID       string `json:"id"`
		State    string `json:"state"`
		Body     Event  `json:"body"`
		Attempts []struct {
			Status int `json:"status"`
		} `json:"attempts"`
	}
	require.NoError(t, json.Unmarshal(res.body, &ds), "%s", res.body)
	require.Len(t, ds, 1)
	assert.Equal(t, "delivered", ds[0].State)
	assert.Equal(t, "/status", ds[0].Body.Changes[0].Path)
	assert.JSONEq(t, `"inactive"`, string(ds[0].Body.Changes[0].After))
	require.Len(t, ds[0].Attempts, 1)
	assert.Equal(t, http.StatusNoContent, ds[0].Attempts[0].Status)
	require.Len(t, s.rc.events(), 1)
	assert.Equal(t, ds[0].ID, s.rc.events()[0].ID)
}
