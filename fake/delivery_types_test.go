package fake

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// A receiver that refuses a delivery says why in its answer; the record
// of the attempt keeps the status and the start of that answer.
func TestDeliveryAttemptRecordsWhyItFailed(t *testing.T) {
	reason := "refused: " + strings.Repeat("the receiver explains at length. ", 40)
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, reason, http.StatusUnprocessableEntity)
	}))
	t.Cleanup(hook.Close)

	srv, clk := newTestServer(t, WithWebhookEndpoint(hook.URL, testSecret))
	c := newSDKClient(t, srv)
	_, err := c.CreateMonitor(context.Background(), registerdata.MonitorRequest{EntityID: richID, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic}})
	require.NoError(t, err)
	require.NoError(t, srv.UpdateCompany(richID, func(co *registerdata.Company) { co.Status = enums.CompanyStatusInactive }))
	clk.Advance(week)

	ds := srv.Deliveries()
	require.Len(t, ds, 1)
	require.Len(t, ds[0].Attempts, 1)
	a := ds[0].Attempts[0]
	assert.Equal(t, http.StatusUnprocessableEntity, a.Status)
	assert.Equal(t, reason[:deliveryBodyKept], a.ResponseBody, "the start of the receiver's reason is kept")
	assert.Empty(t, a.Error)
	assert.Equal(t, DeliveryPending, ds[0].State)
	require.NotNil(t, ds[0].NextAttemptAt)
	assert.Equal(t, a.At.Add(5*time.Second), *ds[0].NextAttemptAt)
}
