package fake

import "net/http"

// HealthPath is the fake's health check: GET answers 200 with
// {"status": "ok"} while the server serves, with no API key and under any
// host name, so that a container's health check or a Testcontainers wait
// strategy can poll it. It is a control route of the process, not one of
// the service's: it is never faulted, rate limited or billed.
const HealthPath = "/healthz"

// healthRoute registers GET /healthz.
func (s *Server) healthRoute() {
	s.mux.HandleFunc("GET "+HealthPath, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
	})
}
