package fake

import (
	"bytes"
	"errors"
	"io"
	"net/http"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// installOwnership serves the ownership and person endpoints and their
// controls. Each endpoint is billed, on success only, at its price in the
// SDK's cost table; unknown companies and persons answer 404.
func installOwnership(s *Server) {
	s.handleAPI("GET /v1/company/{id}/owners", s.handleGetOwners)
	s.handleAPI("GET /v1/company/{id}/ubo", s.handleGetBeneficialOwners)
	s.handleAPI("GET /v1/company/{id}/owners/historical", s.handleGetOwnershipHistory)
	s.handleAPI("GET /v1/company/{id}/holdings", s.handleGetCompanyHoldings)
	s.handleAPI("GET /v1/person/{id}", s.handleGetPerson)
	s.handleAPI("GET /v1/person/{id}/holdings", s.handleGetPersonHoldings)
	s.handleControl("GET /_fake/companies/{id}/owners", s.handleControlGetOwners)
	s.handleControl("PUT /_fake/companies/{id}/owners", s.handlePutOwners)
	s.handleControl("PATCH /_fake/companies/{id}/owners", s.handlePutOwners)
	s.handleControl("GET /_fake/persons", s.handleControlPersons)
	s.handleControl("GET /_fake/history/processing", s.handleGetHistoryProcessing)
	s.handleControl("PUT /_fake/history/processing", s.handlePutHistoryProcessing)
	// The curated owner register is loaded by the first request that
	// needs it (a broken one is reported by those requests).
}

// ownedCompany returns the company of the request's {id}, answering 404
// when there is none.
func (s *Server) ownedCompany(w http.ResponseWriter, r *http.Request) (*registerdata.Company, bool) {
	id := r.PathValue("id")
	c, ok := s.store.get(id)
	if !ok {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no company with id %q in the register", id)
	}
	return c, ok
}

// internalError answers 500 for a failure of the fake itself.
func internalError(w http.ResponseWriter, err error) {
	writeError(w, http.StatusInternalServerError, CodeInternal, "fake: "+err.Error())
}

// servedOnlyBestAvailable reports whether the owners of c are served only
// with best_available=true: an AG or SE.
func servedOnlyBestAvailable(c *registerdata.Company) bool {
	return c.LegalForm == enums.LegalFormAG || c.LegalForm == enums.LegalFormSE
}

// handleGetOwners serves GET /v1/company/{id}/owners: the latest
// shareholder list with a presigned address of it as the source. A
// company of a legal form the service does not publish owners for (see
// registerdata.OwnersAvailable) answers 404, unbilled; so does an AG or SE
// without best_available=true (with it the answer says best_available
// true); best_available with realtime is refused with 400.
// export and realtime are accepted and change nothing: the fake's lists
// are always processed and current.
func (s *Server) handleGetOwners(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	flags := map[string]bool{}
	for _, name := range []string{"export", "realtime", "best_available"} {
		v, err := queryBool(q, name)
		if err != nil {
			writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
			return
		}
		flags[name] = v
	}
	if flags["best_available"] && flags["realtime"] {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, "best_available cannot be combined with realtime: send one of them")
		return
	}
	c, ok := s.ownedCompany(w, r)
	if !ok {
		return
	}
	if s.refuseUnsupportedForm(w, c, registerdata.PartOwners, flags["best_available"]) {
		return
	}
	lists, err := s.shareLists(c)
	if err != nil {
		internalError(w, err)
		return
	}
	if !s.charge(w, apiKey(r), s.priceOf("GET /v1/company/{company_id}/owners", realtimeVariant(flags["realtime"]))) {
		return
	}
	latest := lists[len(lists)-1]
	out := registerdata.Owners{
		CompanyID:     c.ID,
		BestAvailable: servedOnlyBestAvailable(c),
		Owners:        append([]registerdata.Owner{}, latest.owners...),
		Sources:       []registerdata.Source{{DocumentURL: s.presign(c.ID, "shareholder-list-"+latest.id, s.clock.Now().Add(DocumentURLValidity).Unix())}},
	}
	writeJSON(w, http.StatusOK, &out)
}

// handleGetBeneficialOwners serves GET /v1/company/{id}/ubo; a company
// of a legal form without published beneficial owners (see
// registerdata.BeneficialOwnersAvailable) answers 404, unbilled.
func (s *Server) handleGetBeneficialOwners(w http.ResponseWriter, r *http.Request) {
	c, ok := s.ownedCompany(w, r)
	if !ok || s.refuseUnsupportedForm(w, c, registerdata.PartBeneficialOwners, false) {
		return
	}
	ubos, err := s.beneficialOwners(c.ID)
	if err != nil {
		internalError(w, err)
		return
	}
	if !s.charge(w, apiKey(r), s.price("GET /v1/company/{company_id}/ubo")) {
		return
	}
	writeJSON(w, http.StatusOK, &registerdata.BeneficialOwners{CompanyID: c.ID, Owners: ubos})
}

// handleGetOwnershipHistory serves GET /v1/company/{id}/owners/historical:
// a company other than a GmbH (see registerdata.OwnershipHistoryAvailable)
// answers 404, unbilled; a GmbH's answers 202, unbilled, while its history
// is still processing (see WithHistoryProcessing), then the history,
// billed.
func (s *Server) handleGetOwnershipHistory(w http.ResponseWriter, r *http.Request) {
	c, ok := s.ownedCompany(w, r)
	if !ok || s.refuseUnsupportedForm(w, c, registerdata.PartOwnershipHistory, false) {
		return
	}
	if extState[historyProcessing](s).stillProcessing(c.ID) {
		writeHistoryProcessing(w, c.ID)
		return
	}
	owners, err := s.ownershipHistory(c)
	if err != nil {
		internalError(w, err)
		return
	}
	if !s.charge(w, apiKey(r), s.price("GET /v1/company/{company_id}/owners/historical")) {
		return
	}
	writeJSON(w, http.StatusOK, &registerdata.HistoricalOwners{Owners: owners})
}

func (s *Server) handleGetCompanyHoldings(w http.ResponseWriter, r *http.Request) {
	c, ok := s.ownedCompany(w, r)
	if !ok {
		return
	}
	hs, err := s.holdingsOf(c.ID)
	if err != nil {
		internalError(w, err)
		return
	}
	if !s.charge(w, apiKey(r), s.price("GET /v1/company/{company_id}/holdings")) {
		return
	}
	writeJSON(w, http.StatusOK, &registerdata.Holdings{CompanyID: c.ID, Holdings: hs})
}

// knownPerson returns the person of the request's {id}, answering 404
// when the register names nobody with that id.
func (s *Server) knownPerson(w http.ResponseWriter, r *http.Request) (registerdata.Person, bool) {
	id := r.PathValue("id")
	p, ok, err := s.person(id)
	switch {
	case err != nil:
		internalError(w, err)
	case !ok:
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no person with id %q in the register", id)
	}
	return p, ok && err == nil
}

func (s *Server) handleGetPerson(w http.ResponseWriter, r *http.Request) {
	p, ok := s.knownPerson(w, r)
	if !ok || !s.charge(w, apiKey(r), s.price("GET /v1/person/{person_id}")) {
		return
	}
	writeJSON(w, http.StatusOK, &p)
}

func (s *Server) handleGetPersonHoldings(w http.ResponseWriter, r *http.Request) {
	p, ok := s.knownPerson(w, r)
	if !ok {
		return
	}
	hs, err := s.holdingsOf(p.ID)
	if err != nil {
		internalError(w, err)
		return
	}
	if !s.charge(w, apiKey(r), s.price("GET /v1/person/{person_id}/holdings")) {
		return
	}
	writeJSON(w, http.StatusOK, &registerdata.Holdings{PersonID: p.ID, Holdings: hs})
}

// handleControlGetOwners answers the current owners of a company, as
// GetOwners would, without billing and for any legal form.
func (s *Server) handleControlGetOwners(w http.ResponseWriter, r *http.Request) {
	c, ok := s.ownedCompany(w, r)
	if !ok {
		return
	}
	owners, err := s.currentOwners(c)
	if err != nil {
		internalError(w, err)
		return
	}
	writeJSON(w, http.StatusOK, owners)
}

// handlePutOwners replaces the owners of a company (SetOwners) with the
// body: a JSON array of owners, or an object {"owners": [...]} (a JSON
// Merge Patch of the owner list, which replaces it whole). It answers the
// stored owners; 400 with nothing changed for invalid owners.
func (s *Server) handlePutOwners(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxControlBody))
	if err != nil {
		writeErrorf(w, http.StatusBadRequest, CodeInvalidRequest, "owners refused, nothing changed: the body could not be read (at most %d bytes): %v", maxControlBody, err)
		return
	}
	if trimmed := bytes.TrimSpace(raw); len(trimmed) > 0 && trimmed[0] == '[' {
		raw = append(append([]byte(`{"owners":`), trimmed...), '}')
	}
	var wrapped struct {
		Owners *[]registerdata.Owner `json:"owners"`
	}
	msg := decodeObject(raw, &wrapped)
	if msg == "" && wrapped.Owners == nil {
		msg = `it has no "owners" list`
	}
	if msg != "" {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, "owners refused, nothing changed: send a JSON array of owners or {\"owners\": [...]}: "+msg)
		return
	}
	id := r.PathValue("id")
	switch err := s.SetOwners(id, *wrapped.Owners); {
	case errors.Is(err, ErrUnknownCompany):
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no company with id %q in the register", id)
	case err != nil:
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
	default:
		s.handleControlGetOwners(w, r)
	}
}

// handleControlPersons answers the ids of every person of the register.
func (s *Server) handleControlPersons(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, http.StatusOK, map[string][]string{"persons": s.Persons()})
}
