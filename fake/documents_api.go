package fake

import (
	"fmt"
	"net/http"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// documentIndex maps each document id of the register to its company.
type documentIndex struct{ keyIndex }

// installDocuments serves GET /v1/document/{id} (a cached document of a
// company's documents) and GET /v1/document (a document fetched "live" by
// category). Both answer presigned addresses of PDF files (XML for
// structured information) served under /_fake/files/.
func installDocuments(s *Server) {
	extState[documentIndex](s).install(s, func(c *registerdata.Company) []string {
		ids := make([]string, len(c.Documents))
		for i, d := range c.Documents {
			ids[i] = d.ID
		}
		return ids
	})
	s.handleAPI("GET /v1/document/{id}", s.handleGetDocument)
	s.handleAPI("GET /v1/document", s.handleRealtimeDocument)
}

// companyOfDocument returns the id of the company holding document id.
func (s *Server) companyOfDocument(id string) (string, bool) {
	return extState[documentIndex](s).lookup(s.store, id)
}

// handleGetDocument answers GET /v1/document/{id}: the document's entry
// with a name and a URL valid for CachedDocumentURLValidity, charged
// CostDocument only when it answers 200.
func (s *Server) handleGetDocument(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	companyID, ok := s.companyOfDocument(id)
	var doc *registerdata.CompanyDocument
	if ok {
		if c, found := s.store.get(companyID); found {
			for i := range c.Documents {
				if c.Documents[i].ID == id {
					doc = &c.Documents[i]
				}
			}
		}
	}
	if doc == nil {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no document with id %q: use the id of an entry of a company's documents", id)
		return
	}
	if !s.charge(w, apiKey(r), s.price("GET /v1/document/{document_id}")) {
		return
	}
	writeJSON(w, http.StatusOK, &registerdata.Document{
		ID:   doc.ID,
		Name: documentTitle(doc.Type, doc.Date),
		Date: doc.Date,
		Type: doc.Type,
		URL:  s.presignFile(companyID, "document-"+doc.ID+".pdf", CachedDocumentURLValidity),
	})
}

// documentTitle names a document as the register does.
func documentTitle(t enums.DocumentType, d registerdata.Date) string {
	name := map[enums.DocumentType]string{
		enums.DocumentTypeArticlesOfAssociation: "Gesellschaftsvertrag",
		enums.DocumentTypeSampleProtocol:        "Musterprotokoll",
		enums.DocumentTypeShareholderList:       "Gesellschafterliste",
	}[t]
	if name == "" {
		name = "Dokument"
	}
	return fmt.Sprintf("%s vom %02d.%02d.%04d", name, d.Day, int(d.Month), d.Year)
}

// handleRealtimeDocument answers GET /v1/document?company_id=&document_category=.
// The printouts and the structured information exist for every company
// and are dated today on the fake clock; a shareholder list or articles
// of association is the company's latest document of that type (404
// when it has none). Charged CostRealtimeDocument only when it answers 200.
func (s *Server) handleRealtimeDocument(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	companyID, err := requiredQuery(q["company_id"], "company_id")
	if err == nil {
		var cat string
		if cat, err = requiredQuery(q["document_category"], "document_category"); err == nil {
			s.answerRealtimeDocument(w, r, companyID, enums.DocumentCategory(cat))
			return
		}
	}
	writeError(w, http.StatusBadRequest, CodeInvalidRequest, err.Error())
}

func (s *Server) answerRealtimeDocument(w http.ResponseWriter, r *http.Request, companyID string, cat enums.DocumentCategory) {
	if !cat.IsKnown() {
		writeErrorf(w, http.StatusBadRequest, CodeInvalidRequest, "document_category %q is not one of %v", cat, cat.Values())
		return
	}
	c, ok := s.lookupCompany(w, companyID)
	if !ok {
		return
	}
	date := registerdata.DateOf(s.clock.Now().UTC())
	ext := ".pdf"
	switch cat {
	case enums.DocumentCategoryShareholderList, enums.DocumentCategoryArticlesOfAssociation:
		latest, found := latestDocument(c, enums.DocumentType(cat))
		if !found {
			writeErrorf(w, http.StatusNotFound, CodeNotFound, "company %s has no %s on file", c.ID, cat)
			return
		}
		date = latest.Date
	case enums.DocumentCategoryStructuredInformation:
		ext = ".xml"
	}
	if !s.charge(w, apiKey(r), s.price("GET /v1/document")) {
		return
	}
	name := fmt.Sprintf("%s_%s_%s%s", strings.ReplaceAll(c.ID, "-", "_"), cat, date, ext)
	writeJSON(w, http.StatusOK, &registerdata.RealtimeDocument{
		Category: cat,
		FileDate: &date,
		FileName: &name,
		URL:      s.presignFile(c.ID, name, RealtimeDocumentURLValidity),
	})
}

// latestDocument returns c's latest document of type t.
func latestDocument(c *registerdata.Company, t enums.DocumentType) (registerdata.CompanyDocument, bool) {
	var best registerdata.CompanyDocument
	found := false
	for _, d := range c.Documents {
		if d.Type == t && (!found || d.Date.After(best.Date)) {
			best, found = d, true
		}
	}
	return best, found
}

// requiredQuery returns the one value of a required query parameter.
func requiredQuery(vs []string, name string) (string, error) {
	switch {
	case len(vs) == 0 || vs[0] == "":
		return "", fmt.Errorf("query parameter %s is required", name)
	case len(vs) > 1:
		return "", fmt.Errorf("query parameter %s is given %d times: give it once", name, len(vs))
	}
	return vs[0], nil
}
