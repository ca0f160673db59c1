package fake

import (
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

type counterState struct{ n int }
type otherState struct{ n int }

// TestExtensionHooks plugs a feature in the way search and monitoring do,
// through withSetup here instead of the extensions list.
func TestExtensionHooks(t *testing.T) {
	var closed []string
	var changes []string
	var steps []time.Duration
	srv, clk := newTestServer(t, WithCredits(25), withSetup(func(s *Server) {
		st := extState[counterState](s)
		s.handleAPI("GET /v1/ping", func(w http.ResponseWriter, r *http.Request) {
			if !s.charge(w, apiKey(r), 10) {
				return
			}
			st.n++
			writeJSON(w, http.StatusOK, map[string]int{"pings": st.n})
		})
		s.handleControl("GET /_fake/pings", func(w http.ResponseWriter, _ *http.Request) {
			writeJSON(w, http.StatusOK, map[string]int{"pings": extState[counterState](s).n})
		})
		s.observe(func(b, a registerdata.Company) { changes = append(changes, a.ID) })
		s.clock.onAdvance(func(from, to time.Time) { steps = append(steps, to.Sub(from)) })
		s.onClose(func() { closed = append(closed, "first") })
		s.onClose(func() { closed = append(closed, "second") })
	}))

	assert.Equal(t, http.StatusUnauthorized, do(t, "GET", srv.URL+"/v1/ping", "", "").status, "API routes need a key")
	r := do(t, "GET", srv.URL+"/v1/ping", srv.APIKey, "")
	assert.JSONEq(t, `{"pings": 1}`, string(r.body))
	do(t, "GET", srv.URL+"/v1/ping", srv.APIKey, "")
	assert.Equal(t, http.StatusPaymentRequired, do(t, "GET", srv.URL+"/v1/ping", srv.APIKey, "").status)
	assert.Equal(t, int64(5), srv.Credits(srv.APIKey))
	assert.JSONEq(t, `{"pings": 2}`, string(do(t, "GET", srv.URL+"/_fake/pings", "", "").body))

	require.NoError(t, srv.UpdateCompany(richID, func(*registerdata.Company) {}))
	assert.Equal(t, []string{richID}, changes)
	clk.Advance(time.Hour)
	assert.Equal(t, []time.Duration{time.Hour}, steps)

	assert.Same(t, extState[counterState](srv), extState[counterState](srv))
	assert.Zero(t, extState[otherState](srv).n, "each type has its own state")

	srv.Close()
	assert.Equal(t, []string{"second", "first"}, closed, "clean-up in reverse order")
}

func TestMonitoringPlanFlag(t *testing.T) {
	srv, _ := newTestServer(t)
	assert.True(t, srv.accounts.monitoringPlan(srv.APIKey), "accounts start with monitoring")
	assert.True(t, srv.accounts.setMonitoringPlan(srv.APIKey, false))
	assert.False(t, srv.accounts.setMonitoringPlan(srv.APIKey, false), "no change")
	assert.False(t, srv.accounts.monitoringPlan(srv.APIKey))
	assert.False(t, srv.accounts.monitoringPlan("unknown"))
}
