package fake

import (
	"net/http"
	"slices"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/internal/finreport"
)

// installFinancials serves GET /v1/company/{id}/financials. The reports
// are derived from the company's indicator summaries on each request (see
// package internal/finreport), so they always agree with the record and
// cost no memory per company.
func installFinancials(s *Server) {
	s.handleAPI("GET /v1/company/{id}/financials", s.handleFinancials)
}

// handleFinancials answers with the company's reports, each with one
// presigned HTML source valid for ReportURLValidity, charged
// the price of its route only when it answers 200.
func (s *Server) handleFinancials(w http.ResponseWriter, r *http.Request) {
	c, ok := s.lookupCompany(w, r.PathValue("id"))
	if !ok {
		return
	}
	if !s.charge(w, apiKey(r), s.price("GET /v1/company/{company_id}/financials")) {
		return
	}
	f, stored := s.data().storedFinancials(c.ID)
	if stored {
		f.Reports = slices.Clone(f.Reports)
	} else {
		f = finreport.Financials(c)
	}
	for i := range f.Reports {
		f.Reports[i].Sources = []registerdata.ReportSource{{
			HTMLURL: s.presignFile(c.ID, "report-"+f.Reports[i].ReportID+".html", ReportURLValidity),
		}}
	}
	writeJSON(w, http.StatusOK, &f)
}

// lookupCompany returns the stored company id, or answers 404.
func (s *Server) lookupCompany(w http.ResponseWriter, id string) (*registerdata.Company, bool) {
	if _, err := registerdata.ParseCompanyID(id); err != nil {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no company with id %q: it is not a company identifier (%v)", id, err)
		return nil, false
	}
	c, ok := s.store.get(id)
	if !ok {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no company with id %q in the register", id)
		return nil, false
	}
	return c, true
}
