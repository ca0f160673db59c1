package registerdata_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// Monitoring is early access at the service (SPEC-DOCS C.1): an account
// without it gets 403 to a monitor's creation, and the error says so.

func TestCreateMonitorWithoutMonitoringAccessSaysWhereToAsk(t *testing.T) {
	srv, c, ct := newFakeClient(t, []fake.Option{fake.WithoutMonitoring(), fake.WithWebhookEndpoint("https://hooks.example/x", contractSecret)})
	ctx := context.Background()
	before := srv.Credits(srv.APIKey)
	r := registerdata.MonitorRequest{EntityID: knownCompany, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}}
	m, err := c.CreateMonitor(ctx, r)
	assert.Nil(t, m)
	require.ErrorIs(t, err, registerdata.ErrForbidden)
	for _, want := range []string{"lacks monitoring access", "early access", "on request", "https://docs.openregister.de/guide/monitoring", "nothing was billed"} {
		assert.Contains(t, err.Error(), want)
	}
	assert.Equal(t, int32(1), ct.calls.Load(), "a 403 is not retried")
	assert.Zero(t, c.CreditsSpent(), "the client counts nothing")
	assert.Equal(t, before, srv.Credits(srv.APIKey), "the fake bills nothing")
	assert.Empty(t, srv.Monitors(srv.APIKey))

	// Access given on request: the same call creates the monitor.
	srv.SetMonitoringPlan(srv.APIKey, true)
	m, err = c.CreateMonitor(ctx, r)
	require.NoError(t, err)
	assert.Equal(t, knownCompany, m.EntityID)
	assert.Positive(t, c.CreditsSpent())

	// A 403 elsewhere is not about monitoring.
	assert.NotContains(t, (&registerdata.APIError{StatusCode: 403, Method: "GET", Path: "/v1/company/x"}).Error(), "monitoring")
}
