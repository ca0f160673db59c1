package fake

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWithoutMonitoringRefusesMonitorsUnbilled(t *testing.T) {
	srv, _ := newTestServer(t, WithoutMonitoring(), WithWebhookEndpoint("https://hooks.example/x", testSecret))
	balance := srv.Credits(srv.APIKey)
	res := do(t, http.MethodPost, srv.URL+"/v1/monitor", srv.APIKey, `{"entity_id": "`+richID+`", "entity_type": "company", "preferences": ["basic"]}`)
	assert.Equal(t, http.StatusForbidden, res.status)
	assert.Equal(t, "plan_without_monitoring", res.errorBody(t).Code)
	assert.Equal(t, balance, srv.Credits(srv.APIKey))
	srv.SetMonitoringPlan(srv.APIKey, true)
	res = do(t, http.MethodPost, srv.URL+"/v1/monitor", srv.APIKey, `{"entity_id": "`+richID+`", "entity_type": "company", "preferences": ["basic"]}`)
	assert.Equal(t, http.StatusCreated, res.status, "%s", res.body)
}
