package fake

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// maxControlBody bounds a request body the fake reads.
const maxControlBody = 1 << 20

// controlRoutes registers the test controls under /_fake/. They need no
// API key, so that tests in any language drive them with plain HTTP: the
// fake belongs on a loopback address. Each one has a line in
// controlRouteList too (control_routes.go).
func (s *Server) controlRoutes() {
	s.handleControl("GET /_fake/companies/{id}", s.handleControlGetCompany)
	s.handleControl("PATCH /_fake/companies/{id}", s.handlePatchCompany)
	s.handleControl("GET /_fake/clock", s.handleGetClock)
	s.handleControl("POST /_fake/clock/advance", s.handleAdvanceClock)
	s.handleControl("GET /_fake/credits", s.handleGetCredits)
	s.handleControl("PUT /_fake/credits", s.handlePutCredits)
	s.handleControl("GET /_fake/faults", s.handleGetFaults)
	s.handleControl("POST /_fake/faults", s.handlePostFault)
	s.handleControl("DELETE /_fake/faults", s.handleDeleteFaults)
	s.handleControl("GET /_fake/snapshot", s.handleSnapshot)
	s.handleControl("GET /_fake/latency", s.handleGetLatency)
	s.handleControl("PUT /_fake/latency", s.handlePutLatency)
}

// decodeBody decodes the JSON request body into v strictly (see
// readObject): one JSON object of at most 1 MiB, valid UTF-8, no unknown
// keys. On failure it answers 400 (413 when too large) saying what is
// wrong and returns false.
func decodeBody(w http.ResponseWriter, r *http.Request, v any) bool {
	return readObject(w, r, maxControlBody, v)
}

func (s *Server) handleControlGetCompany(w http.ResponseWriter, r *http.Request) {
	c, ok := s.Company(r.PathValue("id"))
	if !ok {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no company with id %q in the register", r.PathValue("id"))
		return
	}
	writeJSON(w, http.StatusOK, &c)
}

// handlePatchCompany applies a JSON Merge Patch (RFC 7386) to the JSON of
// a company and answers with the result. A patch that is not JSON, that
// changes the id, or whose result is not a valid company is refused with
// 400 and changes nothing.
func (s *Server) handlePatchCompany(w http.ResponseWriter, r *http.Request) {
	var patch json.RawMessage
	if !decodeBody(w, r, &patch) {
		return
	}
	id := r.PathValue("id")
	var result registerdata.Company
	err := s.store.update(id, func(c registerdata.Company) (registerdata.Company, error) {
		doc, err := json.Marshal(c)
		if err != nil {
			return c, err
		}
		merged, err := mergePatch(doc, patch)
		if err != nil {
			return c, err
		}
		out, err := decodeCompanyStrict(merged)
		if err != nil {
			return c, fmt.Errorf("the patched record is not a company: %s", jsonProblem(err))
		}
		if out.ID != id {
			return c, fmt.Errorf("the patch changes the id from %q to %q: ids cannot change", id, out.ID)
		}
		rederive(c, &out)
		completeCompany(&out) // what the store will complete, for the answer
		result = out
		return out, nil
	})
	switch {
	case errors.Is(err, ErrUnknownCompany):
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no company with id %q in the register", id)
	case err != nil:
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, "patch refused, nothing changed: "+err.Error())
	default:
		writeJSON(w, http.StatusOK, &result)
	}
}

// rederive clears in a patched company what the record derives from parts
// the patch changed without changing it too, so that completing the
// record (completeCompany) builds it again from the new parts: the
// formatted address of the current address, the current name's legal
// form where it was the company's, and a representative's role and
// labels where they were those of its old role code.
func rederive(before registerdata.Company, after *registerdata.Company) {
	parts := func(a registerdata.CompanyAddress) [5]string {
		return [5]string{a.Street, a.PostalCode, a.City, a.Country, a.Extra}
	}
	if parts(after.Address) != parts(before.Address) && after.Address.FormattedValue == before.Address.FormattedValue {
		after.Address.FormattedValue = ""
	}
	if after.LegalForm != before.LegalForm && after.Name.LegalForm == before.LegalForm {
		after.Name.LegalForm = ""
	}
	type who struct{ id, name string }
	key := func(r *registerdata.Representative) who {
		if r.ID != nil {
			return who{id: *r.ID}
		}
		return who{name: r.Name}
	}
	old := make(map[who][]*registerdata.Representative, len(before.Representation))
	for i := range before.Representation {
		r := &before.Representation[i]
		old[key(r)] = append(old[key(r)], r)
	}
	for i := range after.Representation {
		r := &after.Representation[i]
		for _, b := range old[key(r)] {
			labels, oldLabels := r.RoleDetail, b.RoleDetail
			labels.Code, oldLabels.Code = "", ""
			if b.RoleDetail.Code != r.RoleDetail.Code && labels == oldLabels {
				r.RoleDetail = registerdata.RoleDetail{Code: r.RoleDetail.Code}
				if r.Role == b.Role {
					r.Role = ""
				}
				break
			}
		}
	}
}

// clockJSON is the body of GET /_fake/clock and of the answer to an advance.
type clockJSON struct {
	Now time.Time `json:"now"`
}

func (s *Server) handleGetClock(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, clockJSON{Now: s.clock.Now()})
}

// handleAdvanceClock advances the clock by {"seconds": n}, n >= 0, and
// answers with the new time once the clock's hooks have run.
func (s *Server) handleAdvanceClock(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Seconds *float64 `json:"seconds"`
	}
	if !decodeBody(w, r, &body) {
		return
	}
	const maxSeconds = 100 * 366 * 24 * 3600
	if body.Seconds == nil || *body.Seconds < 0 || *body.Seconds > maxSeconds {
		writeErrorf(w, http.StatusBadRequest, CodeInvalidRequest, `send {"seconds": n} with n from 0 to %d`, maxSeconds)
		return
	}
	d := time.Duration(*body.Seconds * float64(time.Second))
	if err := checkClockTime(s.clock.Now().Add(d)); err != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error()+": advance it less")
		return
	}
	s.clock.Advance(d)
	writeJSON(w, http.StatusOK, clockJSON{Now: s.clock.Now()})
}

// creditsJSON is the body of GET and PUT /_fake/credits.
type creditsJSON struct {
	Key     string `json:"key,omitempty"`
	Credits *int64 `json:"credits"`
}

// keyParam is the ?key= of a control route, or the seeded key.
func (s *Server) keyParam(r *http.Request) string {
	if k := r.URL.Query().Get("key"); k != "" {
		return k
	}
	return s.APIKey
}

func (s *Server) handleGetCredits(w http.ResponseWriter, r *http.Request) {
	key := s.keyParam(r)
	n, ok := s.accounts.balance(key)
	if !ok {
		writeError(w, http.StatusNotFound, CodeNotFound, "no account has this key: PUT /_fake/credits?key=... creates one")
		return
	}
	writeJSON(w, http.StatusOK, creditsJSON{Credits: &n})
}

// handlePutCredits sets the balance of ?key= (default: the seeded key)
// to {"credits": n}, creating the account for a new key.
func (s *Server) handlePutCredits(w http.ResponseWriter, r *http.Request) {
	var body creditsJSON
	if !decodeBody(w, r, &body) {
		return
	}
	if body.Key != "" || body.Credits == nil || checkCredits(*body.Credits) != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, `send {"credits": n} with n >= 0; name another key with ?key=`)
		return
	}
	s.SetCredits(s.keyParam(r), *body.Credits)
	writeJSON(w, http.StatusOK, creditsJSON{Credits: body.Credits})
}

func (s *Server) handleGetFaults(w http.ResponseWriter, _ *http.Request) {
	pending := s.PendingFaults()
	out := make([]faultJSON, len(pending))
	for i, f := range pending {
		out[i] = f.wire()
	}
	writeJSON(w, http.StatusOK, map[string][]faultJSON{"faults": out})
}

// handlePostFault queues a fault: {"path_prefix", "method", "count",
// "probability", "status", "retry_after_seconds", "drop", "latency_ms",
// "latency_max_ms"}.
func (s *Server) handlePostFault(w http.ResponseWriter, r *http.Request) {
	var body faultJSON
	if !decodeBody(w, r, &body) {
		return
	}
	if err := s.InjectFault(body.fault()); err != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
		return
	}
	writeJSON(w, http.StatusCreated, body)
}

func (s *Server) handleDeleteFaults(w http.ResponseWriter, _ *http.Request) {
	s.ClearFaults()
	w.WriteHeader(http.StatusNoContent)
}
