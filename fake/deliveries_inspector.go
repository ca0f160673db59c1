package fake

import (
	"errors"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"time"
)

// Inspector limits. The inspector is reachable without a key, so what it
// keeps is bounded: requests per bin, bins, body bytes per request and
// bytes in all. Past a limit the oldest go first: the oldest requests of
// the bin, the least recently used bin, the oldest requests anywhere.
const (
	inspectorMaxRequests = 1000
	inspectorMaxBins     = 100
	inspectorMaxBody     = 1 << 20
	inspectorMaxBytes    = 32 << 20
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

	seq uint64 // order of arrival across bins
}

// size is what the inspector counts of a recorded request against its
// byte limit: body, path, query and header.
func (r *InspectedRequest) size() int {
	n := len(r.Body) + len(r.Path) + len(r.Query) + len(r.Method)
	for k, vs := range r.Header {
		for _, v := range vs {
			n += len(k) + len(v)
		}
	}
	return n
}

// inspector is the fake's public request inspector: /_fake/inspector/{bin}
// records every request it gets and answers 200, or the status given as
// ?force_status_code=NNN, so that a webhook endpoint pointed at it
// exercises the delivery retries.
type inspector struct {
	now func() time.Time // the fake clock
	// Limits; zero means the inspectorMax* default (tests set small ones).
	maxRequests, maxBins, maxBytes int

	mu    sync.Mutex
	bins  map[string][]InspectedRequest
	used  []string // bin names, least recently used first
	bytes int      // sizes of every kept request
	seq   uint64   // requests recorded so far
}

func limit(v, def int) int {
	if v > 0 {
		return v
	}
	return def
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
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, "the request body could not be read")
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
	in.keep(bin, rec)
	writeJSON(w, status, struct {
		Bin    string `json:"bin"`
		Status int    `json:"status"`
	}{bin, status})
}

// keep stores rec in bin and drops the oldest until every limit holds.
func (in *inspector) keep(bin string, rec InspectedRequest) {
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.bins == nil {
		in.bins = map[string][]InspectedRequest{}
	}
	in.seq++
	rec.seq = in.seq
	in.touch(bin)
	in.bins[bin] = append(in.bins[bin], rec)
	in.bytes += rec.size()
	if reqs := in.bins[bin]; len(reqs) > limit(in.maxRequests, inspectorMaxRequests) {
		in.bytes -= reqs[0].size()
		in.bins[bin] = slices.Delete(reqs, 0, 1)
	}
	for len(in.used) > limit(in.maxBins, inspectorMaxBins) {
		in.dropBin(in.used[0])
	}
	for in.bytes > limit(in.maxBytes, inspectorMaxBytes) && len(in.used) > 0 {
		oldest := in.oldestBin()
		reqs := in.bins[oldest]
		in.bytes -= reqs[0].size()
		if len(reqs) == 1 {
			in.dropBin(oldest)
		} else {
			in.bins[oldest] = slices.Delete(reqs, 0, 1)
		}
	}
}

// touch makes bin the most recently used.
func (in *inspector) touch(bin string) {
	if i := slices.Index(in.used, bin); i >= 0 {
		in.used = slices.Delete(in.used, i, i+1)
	}
	in.used = append(in.used, bin)
}

// dropBin forgets bin and its requests.
func (in *inspector) dropBin(bin string) {
	for _, r := range in.bins[bin] {
		in.bytes -= r.size()
	}
	delete(in.bins, bin)
	if i := slices.Index(in.used, bin); i >= 0 {
		in.used = slices.Delete(in.used, i, i+1)
	}
}

// oldestBin is the bin holding the request received first.
func (in *inspector) oldestBin() string {
	best := in.used[0]
	for _, b := range in.used[1:] {
		if in.bins[b][0].seq < in.bins[best][0].seq {
			best = b
		}
	}
	return best
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
	in.dropBin(r.PathValue("bin"))
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
// oldest first: the last 1000 requests of the bin, of the 100 bins used
// most recently, within 32 MiB in all (the oldest are dropped first).
func (s *Server) InspectedRequests(bin string) []InspectedRequest {
	return s.monitoring().inspector.requests(bin)
}
