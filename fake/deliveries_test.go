package fake

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/webhook"

	standardwebhooks "github.com/standard-webhooks/standard-webhooks/libraries/go"
)

func TestInspectorRecordsAndForcesStatus(t *testing.T) {
	srv, _ := newTestServer(t)
	res := do(t, http.MethodPost, srv.URL+"/_fake/inspector/bin1?force_status_code=418", "", `{"hello":"world"}`)
	assert.Equal(t, 418, res.status)
	res = do(t, http.MethodPut, srv.URL+"/_fake/inspector/bin1", "", "plain")
	assert.Equal(t, http.StatusOK, res.status)
	for _, bad := range []string{"abc", "99", "600", "-1", "1e3"} {
		res = do(t, http.MethodPost, srv.URL+"/_fake/inspector/bin1?force_status_code="+bad, "", "")
		assert.Equal(t, http.StatusBadRequest, res.status, bad)
	}

	res = do(t, http.MethodGet, srv.URL+"/_fake/inspector/bin1/requests", "", "")
	require.Equal(t, http.StatusOK, res.status)
	var got []InspectedRequest
	require.NoError(t, json.Unmarshal(res.body, &got))
	require.Len(t, got, 2, "refused requests are not recorded")
	assert.Equal(t, "POST", got[0].Method)
	assert.Equal(t, `{"hello":"world"}`, got[0].Body)
	assert.Equal(t, "application/json", got[0].Header.Get("Content-Type"))
	assert.Equal(t, 418, got[0].Status)
	assert.Equal(t, "PUT", got[1].Method)
	assert.Equal(t, testStart, got[1].ReceivedAt, "stamped with the fake clock")
	assert.Empty(t, srv.InspectedRequests("other"))

	require.Equal(t, http.StatusNoContent, do(t, http.MethodDelete, srv.URL+"/_fake/inspector/bin1/requests", "", "").status)
	assert.Empty(t, srv.InspectedRequests("bin1"))
}

func TestInspectorTruncatesLargeBodies(t *testing.T) {
	srv, _ := newTestServer(t)
	res := do(t, http.MethodPost, srv.InspectorURL("big"), "", strings.Repeat("x", inspectorMaxBody+10))
	assert.Equal(t, http.StatusOK, res.status)
	got := srv.InspectedRequests("big")
	require.Len(t, got, 1)
	assert.True(t, got[0].Truncated)
	assert.Len(t, got[0].Body, inspectorMaxBody)
}

// A webhook endpoint pointed at the inspector with force_status_code
// fails every attempt; moving it to a succeeding address lets the next
// retry through, with the id of the first attempt.
func TestDeliveriesToTheInspectorRetryThenSucceed(t *testing.T) {
	srv, clk := newTestServer(t)
	require.NoError(t, srv.SetWebhookEndpoint(srv.InspectorURL("hook")+"?force_status_code=503", testSecret))
	c := newSDKClient(t, srv)
	_, err := c.CreateMonitor(context.Background(), registerdata.MonitorRequest{EntityID: richID, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceDocuments}, UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)
	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) {
		co.Documents = append(co.Documents, registerdata.CompanyDocument{ID: "doc-new", Type: enums.DocumentTypeShareholderList, Date: registerdata.NewDate(2025, 6, 2), Latest: false})
	}))

	clk.Advance(24 * time.Hour)
	clk.Advance(5 * time.Second)
	got := srv.InspectedRequests("hook")
	require.Len(t, got, 2)
	v, err := webhook.NewVerifier(testSecret) // the wall clock: deliveries are signed with it
	require.NoError(t, err)
	for _, r := range got {
		assert.Equal(t, http.MethodPost, r.Method)
		assert.Equal(t, got[0].Header.Get("Webhook-Id"), r.Header.Get("Webhook-Id"))
		require.NoError(t, v.Verify(r.Header, []byte(r.Body)), "every attempt is signed")
	}

	require.NoError(t, srv.SetWebhookEndpoint(srv.InspectorURL("hook"), testSecret))
	clk.Advance(5 * time.Minute)
	got = srv.InspectedRequests("hook")
	require.Len(t, got, 3)
	assert.Equal(t, 200, got[2].Status)

	res := do(t, http.MethodGet, srv.URL+"/_fake/deliveries?entity_id="+richID, "", "")
	require.Equal(t, http.StatusOK, res.status)
	var ds []Delivery
	require.NoError(t, json.Unmarshal(res.body, &ds))
	require.Len(t, ds, 1)
	assert.Equal(t, got[0].Header.Get("Webhook-Id"), ds[0].ID)
	assert.Equal(t, "delivered", ds[0].State)
	require.Len(t, ds[0].Attempts, 3)
	assert.Equal(t, []int{503, 503, 200}, []int{ds[0].Attempts[0].Status, ds[0].Attempts[1].Status, ds[0].Attempts[2].Status})
	assert.Equal(t, []enums.Preference{enums.PreferenceDocuments}, ds[0].Categories)

	res = do(t, http.MethodGet, srv.URL+"/_fake/deliveries?entity_id=other", "", "")
	assert.JSONEq(t, `[]`, string(res.body))
}

// A receiver that does not answer within the timeout fails the attempt
// with a transport error; the retry then reaches it.
func TestDeliveryTimeout(t *testing.T) {
	release := make(chan struct{})
	var calls atomic.Int32
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			select {
			case <-release:
			case <-r.Context().Done():
			}
			return
		}
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(hook.Close)
	t.Cleanup(func() { close(release) })

	srv, clk := newTestServer(t, WithWebhookEndpoint(hook.URL, testSecret))
	srv.monitoring().timeout = 50 * time.Millisecond
	res := do(t, http.MethodPost, srv.URL+"/v1/monitor", srv.APIKey, `{"entity_id":"`+richID+`","entity_type":"company","preferences":["basic"]}`)
	require.Equal(t, http.StatusCreated, res.status, "%s", res.body)
	require.NoError(t, srv.UpdateCompany(richID, func(c *registerdata.Company) { c.Status = enums.CompanyStatusInactive }))

	clk.Advance(week)
	d := srv.Deliveries()
	require.Len(t, d, 1)
	require.Len(t, d[0].Attempts, 1)
	assert.Zero(t, d[0].Attempts[0].Status)
	assert.Contains(t, d[0].Attempts[0].Error, "deadline exceeded")
	assert.Equal(t, "pending", d[0].State)

	// The retry is answered at once: it gets all the time a loaded
	// machine may need to make the exchange.
	srv.monitoring().timeout = time.Minute
	clk.Advance(5 * time.Second)
	d = srv.Deliveries()
	require.Len(t, d[0].Attempts, 2)
	assert.Equal(t, http.StatusAccepted, d[0].Attempts[1].Status)
	assert.Equal(t, "delivered", d[0].State)
}

func TestDeliveryRetryScheduleIsTheProvidersAndACopy(t *testing.T) {
	want := []time.Duration{0, 5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour, 10 * time.Hour, 10 * time.Hour}
	got := DeliveryRetrySchedule()
	assert.Equal(t, want, got)
	got[1] = time.Hour
	assert.Equal(t, want, DeliveryRetrySchedule())
}

func TestSetWebhookEndpointRefusesBadSettings(t *testing.T) {
	srv, _ := newTestServer(t)
	assert.Error(t, srv.SetWebhookEndpoint("", testSecret))
	assert.Error(t, srv.SetWebhookEndpoint("mailto:a@b", testSecret))
	assert.Error(t, srv.SetWebhookEndpoint("https://example.invalid/hook", "whsec_%%%"))
	assert.Error(t, srv.SetWebhookEndpoint("https://example.invalid/hook", ""))
	assert.NoError(t, srv.SetWebhookEndpoint("https://example.invalid/hook", testSecret))
}

// TestStandardWebhooksVerifiesDeliveryAfterClockAdvance: the provider's
// own library, with its default wall clock, verifies a delivery made
// after the fake clock moved 8 days ahead.
func TestStandardWebhooksVerifiesDeliveryAfterClockAdvance(t *testing.T) {
	srv, clk := newTestServer(t)
	require.Equal(t, http.StatusNoContent, do(t, http.MethodPut, srv.URL+"/_fake/webhook", "",
		`{"url": "`+srv.InspectorURL("hook")+`", "secret": "`+testSecret+`"}`).status)
	require.Equal(t, http.StatusCreated, do(t, http.MethodPost, srv.URL+"/v1/monitor", srv.APIKey, monitorBody).status)
	patch := do(t, http.MethodPatch, srv.URL+"/_fake/companies/"+richID, "", `{"name": {"name": "Nordlicht Solar GmbH"}}`)
	require.Equal(t, http.StatusOK, patch.status, "body: %s", patch.body)
	require.Equal(t, http.StatusOK, do(t, http.MethodPost, srv.URL+"/_fake/clock/advance", "", `{"seconds": 691200}`).status)
	assert.Equal(t, testStart.Add(8*24*time.Hour), clk.Now())

	res := do(t, http.MethodGet, srv.URL+"/_fake/inspector/hook/requests", "", "")
	var got []struct {
		Header http.Header `json:"header"`
		Body   string      `json:"body"`
	}
	require.NoError(t, json.Unmarshal(res.body, &got))
	require.Len(t, got, 1, "the weekly check delivered the rename")
	lib, err := standardwebhooks.NewWebhook(testSecret)
	require.NoError(t, err)
	require.NoError(t, lib.Verify([]byte(got[0].Body), got[0].Header))
	var ev struct {
		DetectedAt time.Time `json:"detected_at"`
	}
	require.NoError(t, json.Unmarshal([]byte(got[0].Body), &ev))
	assert.Equal(t, testStart.Add(7*24*time.Hour), ev.DetectedAt, "detected_at follows the fake clock")
}
