package fake

import (
	"net/http"
	"sync"
)

// extensions install the fake's features beyond company lookup (search,
// monitoring). Each feature lives in its own files and adds exactly one
// line here: a func(*Server) that, using the hooks below, registers its
// routes (handleAPI, handleControl), its register observers
// (store.observe), its clock hooks (clock.onAdvance) and its clean-up
// (onClose), and keeps its state with extState. They run in this order,
// after the register is loaded and before the server serves.
var extensions = []func(*Server){
	installScenario, // first: its clock hook applies due events before the monitors' checks
	installSearch,
	installMonitoring,
	installSurface,
	installOwnership,
	installInsolvency,
	installTransparency,
}

// handleAPI registers an authenticated endpoint of the service, such as
// "POST /v1/search/company". Before h runs, the request has passed fault
// injection, carries a valid API key (apiKey(r)) and is within the key's
// rate limit. A billable h calls s.charge once it knows it succeeds.
func (s *Server) handleAPI(pattern string, h http.HandlerFunc) {
	s.mux.Handle(pattern, s.withAuth(s.withRateLimit(h)))
}

// handleControl registers a control route under /_fake/, such as
// "GET /_fake/deliveries". Control routes need no API key and are never
// faulted or rate limited; they answer only loopback hosts and JSON
// writes (guardControl).
func (s *Server) handleControl(pattern string, h http.HandlerFunc) {
	s.controls = append(s.controls, pattern)
	s.mux.Handle(pattern, s.guardControl(pattern, h))
}

// onClose registers fn to run when the server closes, after it has stopped
// serving, in reverse order of registration.
func (s *Server) onClose(fn func()) {
	s.closeMu.Lock()
	defer s.closeMu.Unlock()
	s.closers = append(s.closers, fn)
}

// extStore holds one value per extension state type.
type extStore struct {
	mu     sync.Mutex
	values map[any]any
}

// extState returns the server's value of type T, creating a zero T on
// first use. An extension keeps its state there rather than in a field of
// Server: extState[monitorState](s).
func extState[T any](s *Server) *T {
	s.ext.mu.Lock()
	defer s.ext.mu.Unlock()
	key := (*T)(nil) // a distinct comparable key per type
	if v, ok := s.ext.values[key]; ok {
		return v.(*T)
	}
	if s.ext.values == nil {
		s.ext.values = map[any]any{}
	}
	v := new(T)
	s.ext.values[key] = v
	return v
}
