package registerdata

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/jarcoal/httpmock"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/enums"
)

// capture records the request a responder got, body included.
type capture struct {
	req  *http.Request
	body string
}

func (c *capture) responder(t *testing.T, status int, body string) httpmock.Responder {
	return func(r *http.Request) (*http.Response, error) {
		c.req = r
		if r.Body != nil {
			b, err := io.ReadAll(r.Body)
			require.NoError(t, err)
			c.body = string(b)
		}
		resp := httpmock.NewStringResponse(status, body)
		resp.Header.Set("Content-Type", "application/json")
		return resp, nil
	}
}

func TestCreateMonitorRequestShape(t *testing.T) {
	cases := []struct {
		name     string
		req      MonitorRequest
		wantBody string
		cost     int64
	}{
		{"weekly company", MonitorRequest{EntityID: "DE-HRB-F1103-267645", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic, enums.PreferenceOwnership}},
			`{"entity_id":"DE-HRB-F1103-267645","entity_type":"company","preferences":["basic","ownership"]}`, 25},
		{"weekly spelled out is sent as omitted", MonitorRequest{EntityID: "DE-HRB-F1103-267645", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyWeekly},
			`{"entity_id":"DE-HRB-F1103-267645","entity_type":"company","preferences":["basic"]}`, 25},
		{"daily company", MonitorRequest{EntityID: "DE-HRB-F1103-267645", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceFinancials}, UpdateFrequency: enums.UpdateFrequencyDaily},
			`{"entity_id":"DE-HRB-F1103-267645","entity_type":"company","preferences":["financials"],"update_frequency":"daily"}`, 50},
		{"person", MonitorRequest{EntityID: "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01", EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceManagementPositions, enums.PreferenceInsolvencies}},
			`{"entity_id":"3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01","entity_type":"person","preferences":["management_positions","insolvencies"]}`, 25},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c, mt := newMockClient(t)
			var got capture
			answer := `{"entity_id":"` + tc.req.EntityID + `","entity_type":"` + string(tc.req.EntityType) + `","preferences":["basic"],"update_frequency":"weekly","disabled":false}`
			mt.RegisterResponder(http.MethodPost, "https://api.test/v1/monitor", got.responder(t, http.StatusCreated, answer))

			m, err := c.CreateMonitor(context.Background(), tc.req)
			require.NoError(t, err)
			require.NotNil(t, got.req)
			assert.Equal(t, "/v1/monitor", got.req.URL.EscapedPath())
			assert.Empty(t, got.req.URL.RawQuery)
			assert.Equal(t, "Bearer "+testKey, got.req.Header.Get("Authorization"))
			assert.Equal(t, "application/json", got.req.Header.Get("Content-Type"))
			assert.JSONEq(t, tc.wantBody, got.body)
			assert.Equal(t, tc.req.EntityID, m.EntityID)
			assert.Equal(t, tc.cost, c.CreditsSpent())
		})
	}
}

func TestCreateMonitorRefusesInvalidRequestsWithoutSending(t *testing.T) {
	basic := []enums.Preference{enums.PreferenceBasic}
	cases := map[string]MonitorRequest{
		"empty id":             {EntityType: enums.EntityTypeCompany, Preferences: basic},
		"traversal id":         {EntityID: "../monitor", EntityType: enums.EntityTypeCompany, Preferences: basic},
		"slash id":             {EntityID: "a/b", EntityType: enums.EntityTypeCompany, Preferences: basic},
		"blank id":             {EntityID: " ", EntityType: enums.EntityTypeCompany, Preferences: basic},
		"dot id":               {EntityID: ".", EntityType: enums.EntityTypeCompany, Preferences: basic},
		"oversized id":         {EntityID: strings.Repeat("9", 257), EntityType: enums.EntityTypeCompany, Preferences: basic},
		"unknown type":         {EntityID: "x", EntityType: "fund", Preferences: basic},
		"empty type":           {EntityID: "x", Preferences: basic},
		"no preferences":       {EntityID: "x", EntityType: enums.EntityTypeCompany},
		"empty preference":     {EntityID: "x", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{""}},
		"person pref":          {EntityID: "x", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceManagementPositions}},
		"company pref":         {EntityID: "x", EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceOwnership}},
		"duplicate pref":       {EntityID: "x", EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceHoldings, enums.PreferenceHoldings}},
		"daily person":         {EntityID: "x", EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceHoldings}, UpdateFrequency: enums.UpdateFrequencyDaily},
		"unknown frequency":    {EntityID: "x", EntityType: enums.EntityTypeCompany, Preferences: basic, UpdateFrequency: "monthly"},
		"upper-case frequency": {EntityID: "x", EntityType: enums.EntityTypeCompany, Preferences: basic, UpdateFrequency: "DAILY"},
	}
	for name, r := range cases {
		t.Run(name, func(t *testing.T) {
			c, mt := newMockClient(t)
			m, err := c.CreateMonitor(context.Background(), r)
			require.ErrorIs(t, err, ErrInvalidRequest)
			assert.Nil(t, m)
			assert.Zero(t, mt.GetTotalCallCount(), "nothing was sent")
			assert.Zero(t, c.CreditsSpent())
			assert.NotContains(t, err.Error(), "%!", "the message is well formed")
		})
	}
}

func TestValidateMessagesSayHowToFix(t *testing.T) {
	err := MonitorRequest{EntityID: "x", EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceBasic}}.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), `"basic"`)
	assert.Contains(t, err.Error(), "management_positions", "it lists the preferences that apply")

	err = MonitorRequest{EntityID: "x", EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceHoldings}, UpdateFrequency: enums.UpdateFrequencyDaily}.Validate()
	require.Error(t, err)
	assert.Contains(t, err.Error(), "company monitors only")
}

func TestCreateMonitorErrorsFromTheService(t *testing.T) {
	cases := []struct {
		status int
		want   error
	}{
		{400, ErrInvalidRequest}, {402, ErrInsufficientCredits}, {403, ErrForbidden}, {404, ErrNotFound}, {409, ErrConflict},
	}
	for _, tc := range cases {
		c, mt := newMockClient(t)
		mt.RegisterResponder(http.MethodPost, "https://api.test/v1/monitor",
			httpmock.NewStringResponder(tc.status, `{"error":{"code":"x","message":"refused"}}`))
		_, err := c.CreateMonitor(context.Background(), MonitorRequest{EntityID: "x", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}})
		require.ErrorIs(t, err, tc.want, "status %d", tc.status)
		assert.Zero(t, c.CreditsSpent(), "a refusal is not counted as spent")
	}
}

func TestCreateMonitorDoesNotMutateTheRequest(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodPost, "https://api.test/v1/monitor", httpmock.NewStringResponder(201, `{"entity_id":"x","entity_type":"company","preferences":["basic"],"disabled":false}`))
	r := MonitorRequest{EntityID: "x", EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyWeekly}
	_, err := c.CreateMonitor(context.Background(), r)
	require.NoError(t, err)
	assert.Equal(t, enums.UpdateFrequencyWeekly, r.UpdateFrequency)
	// r is passed by value, so only what it points to could change: the
	// preferences' backing array is shared with the caller.
	assert.Equal(t, []enums.Preference{enums.PreferenceBasic}, r.Preferences)
}

func TestListMonitorsRequestShape(t *testing.T) {
	c, mt := newMockClient(t)
	var got capture
	mt.RegisterResponder(http.MethodGet, "https://api.test/v1/monitor", got.responder(t, http.StatusOK,
		`{"items":[{"entity_id":"DE-HRB-F1103-267645","entity_type":"company","preferences":["basic","surprise"],"update_frequency":"daily","disabled":true,"note":"new field"},
		{"entity_id":"3f6c2a1e","entity_type":"person","preferences":["holdings"],"disabled":false}]}`))

	ms, err := c.ListMonitors(context.Background())
	require.NoError(t, err)
	assert.Equal(t, "/v1/monitor", got.req.URL.EscapedPath())
	assert.Empty(t, got.req.URL.RawQuery)
	assert.Empty(t, got.body)
	assert.Empty(t, got.req.Header.Get("Content-Type"))
	require.Len(t, ms, 2)
	assert.Equal(t, Monitor{EntityID: "DE-HRB-F1103-267645", EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic, "surprise"}, UpdateFrequency: enums.UpdateFrequencyDaily, Disabled: true}, ms[0])
	assert.False(t, ms[1].Disabled)
	assert.Zero(t, c.CreditsSpent(), "listing is free")
}

func TestListMonitorsEmptyAndMalformed(t *testing.T) {
	for _, body := range []string{`{"items":[]}`, `{"items":null}`} {
		c, mt := newMockClient(t)
		mt.RegisterResponder(http.MethodGet, "https://api.test/v1/monitor", httpmock.NewStringResponder(200, body))
		ms, err := c.ListMonitors(context.Background())
		require.NoError(t, err, body)
		assert.NotNil(t, ms, body)
		assert.Empty(t, ms, body)
	}
	for _, body := range []string{`{"items":{}}`, `[`, `{"items":[{"disabled":"yes"}]}`, `{}`, `null`, ``} {
		c, mt := newMockClient(t)
		mt.RegisterResponder(http.MethodGet, "https://api.test/v1/monitor", httpmock.NewStringResponder(200, body))
		_, err := c.ListMonitors(context.Background())
		assert.Error(t, err, body)
	}
}

func TestDeleteMonitorRequestShape(t *testing.T) {
	c, mt := newMockClient(t)
	var got capture
	mt.RegisterResponder(http.MethodDelete, `=~^https://api.test/v1/monitor/`, got.responder(t, http.StatusNoContent, ""))

	require.NoError(t, c.DeleteMonitor(context.Background(), "DE-HRB-F1103-267645"))
	assert.Equal(t, "/v1/monitor/DE-HRB-F1103-267645", got.req.URL.EscapedPath())
	assert.Empty(t, got.body)
	assert.Equal(t, "Bearer "+testKey, got.req.Header.Get("Authorization"))

	require.NoError(t, c.DeleteMonitor(context.Background(), "Müller&Co:1"))
	assert.Equal(t, "/v1/monitor/M%C3%BCller&Co:1", got.req.URL.EscapedPath(), "escaped as one segment")
	assert.Zero(t, c.CreditsSpent(), "deleting is free")
}

func TestDeleteMonitorRefusesHostileIDs(t *testing.T) {
	for _, id := range []string{"", " ", "..", "../monitor", "a/b", `a\b`, "x?y", "x#y", "%2F", "a\nb", strings.Repeat("a", 300), "\xff"} {
		c, mt := newMockClient(t)
		err := c.DeleteMonitor(context.Background(), id)
		require.ErrorIs(t, err, ErrInvalidRequest, "%q", id)
		assert.Zero(t, mt.GetTotalCallCount(), "%q: nothing was sent", id)
	}
}

func TestDeleteMonitorNotFound(t *testing.T) {
	c, mt := newMockClient(t)
	mt.RegisterResponder(http.MethodDelete, `=~^https://api.test/v1/monitor/`,
		httpmock.NewStringResponder(404, `{"error":{"code":"not_found","message":"this account has no monitor of \"x\""}}`))
	err := c.DeleteMonitor(context.Background(), "x")
	require.ErrorIs(t, err, ErrNotFound)
	assert.Contains(t, err.Error(), "no monitor")
}
