package fake

import (
	"errors"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// Inspector limits: requests kept per bin (the oldest are dropped) and
// body bytes kept per request (the rest is cut off and counted).
const (
	inspectorMaxRequests = 1000
	inspectorMaxBody     = 1 << 20
)

// InspectedRequest is what the request inspector recorded of one request.
type InspectedRequest struct {
	// Method is the request's HTTP method, "POST" for a webhook delivery.
	Method string `json:"method"`
	// Path is the request's path, such as "/_fake/inspector/hooks".
	Path string `json:"path"`
	// Query is the raw query string without the "?", such as
	// "force_status_code=500"; empty when there was none.
	Query string `json:"query,omitempty"`
	// Header holds a copy of the request's headers, such as the
	// webhook-id, webhook-timestamp and webhook-signature of a delivery.
	Header http.Header `json:"header"`
	// Body is the request body as received, cut to its first 1 MiB (see
	// Truncated).
	Body string `json:"body"`
	// Truncated is true when the body was longer than 1 MiB and Body holds
	// only its start.
	Truncated bool `json:"truncated,omitempty"`
	// ReceivedAt is when the request arrived, on the fake clock.
	ReceivedAt time.Time `json:"received_at"`
	// Status is the status the inspector answered: 200, or the
	// force_status_code of the query.
	Status int `json:"status"`
}

// inspector is the fake's public request inspector: /_fake/inspector/{bin}
// records every request it gets and answers 200, or the status given as
// ?force_status_code=NNN, so that a webhook endpoint pointed at it
// exercises the delivery retries.
type inspector struct {
	now  func() time.Time // the fake clock
	mu   sync.Mutex
	bins map[string][]InspectedRequest
}

func (in *inspector) record(w http.ResponseWriter, r *http.Request) {
	status := http.StatusOK
	if v := r.URL.Query().Get("force_status_code"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 200 || n > 599 {
			writeErrorf(w, http.StatusBadRequest, CodeInvalidRequest, "force_status_code %q is not a status from 200 to 599", v)
			return
		}
		status = n
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, inspectorMaxBody+1))
	if err != nil && !errors.Is(err, io.EOF) {
		writeErrorf(w, http.StatusBadRequest, CodeInvalidRequest, "reading the body: %v", err)
		return
	}
	rec := InspectedRequest{
		Method: r.Method, Path: r.URL.Path, Query: r.URL.RawQuery, Header: r.Header.Clone(),
		Body: string(body), ReceivedAt: in.now(), Status: status,
	}
	if len(body) > inspectorMaxBody {
		rec.Body, rec.Truncated = string(body[:inspectorMaxBody]), true
	}
	bin := r.PathValue("bin")
	in.mu.Lock()
	if in.bins == nil {
		in.bins = map[string][]InspectedRequest{}
	}
	reqs := append(in.bins[bin], rec)
	if len(reqs) > inspectorMaxRequests {
		reqs = reqs[len(reqs)-inspectorMaxRequests:]
	}
	in.bins[bin] = reqs
	in.mu.Unlock()
	writeJSON(w, status, struct {
		Bin    string `json:"bin"`
		Status int    `json:"status"`
	}{bin, status})
}

// requests returns a copy of what bin recorded, oldest first.
func (in *inspector) requests(bin string) []InspectedRequest {
	in.mu.Lock()
	defer in.mu.Unlock()
	return append([]InspectedRequest{}, in.bins[bin]...)
}

func (in *inspector) list(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, in.requests(r.PathValue("bin")))
}

func (in *inspector) clear(w http.ResponseWriter, r *http.Request) {
	in.mu.Lock()
	delete(in.bins, r.PathValue("bin"))
	in.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// InspectorURL returns the address of the request inspector's bin: point
// a webhook endpoint at it (SetWebhookEndpoint) and read what arrived
// with InspectedRequests. Append ?force_status_code=NNN to make it answer
// NNN instead of 200.
func (s *Server) InspectorURL(bin string) string {
	return s.URL + "/_fake/inspector/" + url.PathEscape(bin)
}

// InspectedRequests returns what the request inspector's bin recorded,
// oldest first (the last 1000 requests).
func (s *Server) InspectedRequests(bin string) []InspectedRequest {
	return s.monitoring().inspector.requests(bin)
}
