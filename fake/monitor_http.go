package fake

import (
	"errors"
	"net/http"
	"slices"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/monitoring"
)

// monitorRoutes registers the monitor endpoints of the service and the
// fake's monitoring controls.
func (s *Server) monitorRoutes(st *monitorState) {
	s.handleAPI("POST /v1/monitor", s.handleCreateMonitor)
	s.handleAPI("GET /v1/monitor", s.handleListMonitors)
	s.handleAPI("DELETE /v1/monitor/{entity_id}", s.handleDeleteMonitor)

	s.handleControl("GET /_fake/deliveries", s.handleDeliveries)
	s.handleControl("POST /_fake/plan", s.handleSetPlan)
	s.handleControl("POST /_fake/monitors/enable", s.handleEnableMonitors)
	s.handleControl("PUT /_fake/webhook", s.handleSetWebhook)
	s.handleControl("/_fake/inspector/{bin}", st.inspector.record)
	s.handleControl("GET /_fake/inspector/{bin}/requests", st.inspector.list)
	s.handleControl("DELETE /_fake/inspector/{bin}/requests", st.inspector.clear)
}

// writeMonitorError answers with an engine refusal, or 500 for anything
// else.
func writeMonitorError(w http.ResponseWriter, err error) {
	var e *monitoring.Error
	if errors.As(err, &e) {
		writeError(w, e.Status, e.Code, e.Message)
		return
	}
	writeError(w, http.StatusInternalServerError, CodeInternal, "fake: "+err.Error())
}

func (s *Server) handleCreateMonitor(w http.ResponseWriter, r *http.Request) {
	var req registerdata.MonitorRequest
	if !decodeBody(w, r, &req) {
		return
	}
	m, err := s.monitoring().engine.Create(apiKey(r), req)
	if err != nil {
		writeMonitorError(w, err)
		return
	}
	writeJSON(w, http.StatusCreated, m)
}

func (s *Server) handleListMonitors(w http.ResponseWriter, r *http.Request) {
	if s.charge(w, apiKey(r), s.price("GET /v1/monitor")) {
		writeJSON(w, http.StatusOK, registerdata.MonitorList{Items: s.Monitors(apiKey(r))})
	}
}

// handleDeleteMonitor answers 204, or 404 when the key has no monitor of
// the entity. The id is only ever compared with the ids of the key's
// monitors, so a hostile one (an escaped "../monitor", "a%2Fb", a blank)
// finds nothing and gets 404. The deletion is billed at its price (0 in
// registerdata.DefaultPrices) once the monitor is found, before it is
// deleted; two concurrent deletions of one monitor may both be billed.
func (s *Server) handleDeleteMonitor(w http.ResponseWriter, r *http.Request) {
	key, id := apiKey(r), r.PathValue("entity_id")
	if !slices.ContainsFunc(s.Monitors(key), func(m registerdata.Monitor) bool { return m.EntityID == id }) {
		if err := s.monitoring().engine.Delete(key, id); err != nil {
			writeMonitorError(w, err) // the engine's 404
			return
		}
		w.WriteHeader(http.StatusNoContent) // created since the check: not billed
		return
	}
	if !s.charge(w, key, s.price("DELETE /v1/monitor/{entity_id}")) {
		return
	}
	if err := s.monitoring().engine.Delete(key, id); err != nil {
		writeMonitorError(w, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}

// handleSetPlan is POST /_fake/plan?key=K with {"monitoring": bool}: the
// plan change of SetMonitoringPlan.
func (s *Server) handleSetPlan(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Monitoring *bool `json:"monitoring"`
	}
	if !decodeBody(w, r, &body) {
		return
	}
	if body.Monitoring == nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, `send {"monitoring": true} or {"monitoring": false}`)
		return
	}
	key := s.keyParam(r)
	s.SetMonitoringPlan(key, *body.Monitoring)
	writeJSON(w, http.StatusOK, struct {
		Key        string `json:"key"`
		Monitoring bool   `json:"monitoring"`
	}{key, *body.Monitoring})
}

// handleEnableMonitors is POST /_fake/monitors/enable?key=K with
// {"entity_id": "..."} (or {} for all of K's monitors): the operator's
// re-enabling of EnableMonitors.
func (s *Server) handleEnableMonitors(w http.ResponseWriter, r *http.Request) {
	var body struct {
		EntityID string `json:"entity_id"`
	}
	if !decodeBody(w, r, &body) {
		return
	}
	key := s.keyParam(r)
	if err := s.monitoring().engine.Enable(key, body.EntityID); err != nil {
		writeMonitorError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, registerdata.MonitorList{Items: s.Monitors(key)})
}

// handleSetWebhook is PUT /_fake/webhook with {"url", "secret"}: the
// dashboard setting of SetWebhookEndpoint.
func (s *Server) handleSetWebhook(w http.ResponseWriter, r *http.Request) {
	var body struct {
		URL    string `json:"url"`
		Secret string `json:"secret"`
	}
	if !decodeBody(w, r, &body) {
		return
	}
	if err := s.SetWebhookEndpoint(body.URL, body.Secret); err != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
