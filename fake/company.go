package fake

import (
	"fmt"
	"net/http"
	"net/url"

	registerdata "github.com/registerdata/registerdata-go"
)

// handleGetCompany serves GET /v1/company/{id}: the stored record with
// fresh presigned sources (none with export=true), charged 10 credits or
// 20 with realtime=true, only when it answers 200.
func (s *Server) handleGetCompany(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	realtime, err := queryBool(q, "realtime")
	if err != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
		return
	}
	export, err := queryBool(q, "export")
	if err != nil {
		writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
		return
	}
	id := r.PathValue("id")
	if _, err := registerdata.ParseCompanyID(id); err != nil {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no company with id %q: it is not a company identifier (%v)", id, err)
		return
	}
	stored, version, ok := s.store.getAt(id)
	if !ok {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no company with id %q in the register", id)
		return
	}
	if !s.charge(w, apiKey(r), s.priceOf("GET /v1/company/{company_id}", realtimeVariant(realtime))) {
		return
	}
	sources := []registerdata.Source{}
	if !export {
		sources = s.sourcesFor(stored)
	}
	s.store.writeRecord(w, stored, version, sources)
}

// queryBool reads an optional boolean query parameter strictly: absent is
// false, "true" and "false" are themselves, anything else (and a repeated
// parameter) is an error naming the parameter.
func queryBool(q url.Values, name string) (bool, error) {
	vs, ok := q[name]
	if !ok {
		return false, nil
	}
	if len(vs) != 1 {
		return false, fmt.Errorf("query parameter %s is given %d times: give it once, true or false", name, len(vs))
	}
	switch vs[0] {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("query parameter %s=%q is not a boolean: use true or false", name, vs[0])
}
