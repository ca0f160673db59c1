package fake

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
)

// HistoryRetryAfterSeconds is the Retry-After of the fake's 202 answers
// of the ownership history: the 30 seconds the service documents.
const HistoryRetryAfterSeconds = 30

// historyProcessing is how many more requests of each company's
// ownership history answer 202 ("still processing") before the history
// is served. It counts per company per server, not per API key: the
// service prepares a company's history once, for every account that asks.
type historyProcessing struct {
	mu       sync.Mutex
	requests int            // every company's first requests answer 202
	left     map[string]int // per company asked about (or set): 202s still to answer
}

// WithHistoryProcessing makes the first n requests of each company's
// ownership history (GET /v1/company/{id}/owners/historical) answer 202
// with Retry-After: 30 and a {"status": "processing", "message": ...}
// body that is not a history, unbilled, as the service does while it
// prepares a history; the n+1th answers 200 and is billed. Requests that
// fail (an unknown company, 401, 429) do not count. The count is per
// company for the whole server, whatever API key asks. n <= 0 (the
// default) serves every history at once. At run time, PUT
// /_fake/history/processing changes it (registerfake -history-processing
// at start).
func WithHistoryProcessing(n int) Option {
	return withSetup(func(s *Server) { s.SetHistoryProcessing(n) })
}

// SetHistoryProcessing is WithHistoryProcessing at run time: from now on
// the first n requests of each company's ownership history answer 202
// (the counts of earlier requests are forgotten).
func (s *Server) SetHistoryProcessing(n int) {
	st := extState[historyProcessing](s)
	st.mu.Lock()
	defer st.mu.Unlock()
	st.requests, st.left = max(n, 0), nil
}

// SetCompanyHistoryProcessing makes the next n requests of the ownership
// history of the company id answer 202, whatever WithHistoryProcessing
// says of the others; 0 serves its history at the next request.
func (s *Server) SetCompanyHistoryProcessing(id string, n int) {
	st := extState[historyProcessing](s)
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.left == nil {
		st.left = map[string]int{}
	}
	st.left[id] = max(n, 0)
}

// stillProcessing counts one request of the ownership history of the
// company id and reports whether it answers 202.
func (h *historyProcessing) stillProcessing(id string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	n, ok := h.left[id]
	if !ok {
		n = h.requests
	}
	if n <= 0 {
		return false
	}
	if h.left == nil {
		h.left = map[string]int{}
	}
	h.left[id] = n - 1
	return true
}

// processingJSON is the body of a 202 "still processing" answer, and of
// the controls of the setting.
type processingJSON struct {
	Status  string `json:"status"`
	Message string `json:"message"`
}

// writeHistoryProcessing answers 202 for the ownership history of the
// company id, unbilled.
func writeHistoryProcessing(w http.ResponseWriter, id string) {
	w.Header().Set("Retry-After", strconv.Itoa(HistoryRetryAfterSeconds))
	writeJSON(w, http.StatusAccepted, &processingJSON{Status: "processing",
		Message: fmt.Sprintf("the ownership history of %s is being processed: ask again in %d seconds (this answer is not billed)", id, HistoryRetryAfterSeconds)})
}

// historyProcessingControl is the body of PUT and GET
// /_fake/history/processing.
type historyProcessingControl struct {
	// Requests is how many requests answer 202: every company's first
	// ones, or with CompanyID that company's next ones.
	Requests *int `json:"requests"`
	// CompanyID, when set, limits the setting to one company.
	CompanyID string `json:"company_id,omitempty"`
}

// historyProcessingState is the answer of GET /_fake/history/processing.
type historyProcessingState struct {
	Requests  int            `json:"requests"`
	Remaining map[string]int `json:"remaining"` // the companies asked about or set, with their 202s still to come
}

// handlePutHistoryProcessing is PUT /_fake/history/processing
// {"requests": n} (SetHistoryProcessing) or {"requests": n,
// "company_id": id} (SetCompanyHistoryProcessing).
func (s *Server) handlePutHistoryProcessing(w http.ResponseWriter, r *http.Request) {
	var body historyProcessingControl
	if !decodeBody(w, r, &body) {
		return
	}
	if body.Requests == nil || *body.Requests < 0 {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, `send {"requests": n} with n >= 0 (and "company_id" for one company): the first n requests of each history answer 202`)
		return
	}
	if body.CompanyID == "" {
		s.SetHistoryProcessing(*body.Requests)
	} else {
		if _, ok := s.store.get(body.CompanyID); !ok {
			writeErrorf(w, http.StatusNotFound, CodeNotFound, "no company with id %q in the register", body.CompanyID)
			return
		}
		s.SetCompanyHistoryProcessing(body.CompanyID, *body.Requests)
	}
	s.handleGetHistoryProcessing(w, r)
}

// handleGetHistoryProcessing is GET /_fake/history/processing.
func (s *Server) handleGetHistoryProcessing(w http.ResponseWriter, _ *http.Request) {
	st := extState[historyProcessing](s)
	st.mu.Lock()
	out := historyProcessingState{Requests: st.requests, Remaining: map[string]int{}}
	for id, n := range st.left {
		out.Remaining[id] = n
	}
	st.mu.Unlock()
	writeJSON(w, http.StatusOK, &out)
}
