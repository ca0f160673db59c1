package fake

import (
	"encoding/json"
	"encoding/xml"
	"net/http"
	"path"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// extractDocumentsPath is where the fake serves the documents of
// completed extracts.
const extractDocumentsPath = "/_fake/transparenzregister/documents/"

// fictionalUBOReason is the report's reason when the legal
// representatives are named because no natural person holds enough.
const fictionalUBOReason = "no natural person holds more than 25 % of the shares or voting rights or controls the entity otherwise; " +
	"the legal representatives are named as fictitious beneficial owners (GwG section 3(2) sentence 5)"

// discrepancyNote is the report's note for a company marked
// TransparencyDiscrepancy.
const discrepancyNote = "Unstimmigkeitsmeldung: the registered beneficial owners differ from those known to the obliged entity; a review is pending"

// finishExtract completes v, done at done, or fails it.
func (s *Server) finishExtract(v *registerdata.TransparencyExtract, outcome TransparencyOutcome, done time.Time) {
	v.CompletedAt = &done
	var ubos []registerdata.BeneficialOwner
	if v.CompanyID == nil {
		ubos = sandboxOwners()
	} else {
		c, ok := s.store.get(*v.CompanyID)
		if outcome == "" && ok && c.Status == enums.CompanyStatusInactive {
			outcome = TransparencyFail // no current entry
		}
		var err error
		if ubos, err = s.beneficialOwners(*v.CompanyID); err != nil {
			outcome = TransparencyFail
		}
	}
	if outcome == TransparencyFail {
		v.Status = enums.ExtractStatusFailed
		return
	}
	v.Status = enums.ExtractStatusCompleted
	ref := "TR-" + done.Format("2006") + "-" + v.ID
	v.ReferenceNumber = &ref
	v.Report = transparencyReport(ubos, registerdata.DateOf(done), outcome == TransparencyDiscrepancy)
	for _, f := range []string{"pdf", "xml", "json"} {
		name := "transparenzregister-" + v.ID + "." + f
		v.Documents = append(v.Documents, registerdata.TransparencyDocument{
			DocumentID: derivedUUID("extract-document", v.ID, f), Filename: name, Format: f,
			URL: s.URL + extractDocumentsPath + v.ID + "/" + name,
		})
	}
}

// sandboxOwners are the beneficial owners of the sandbox's test entity.
func sandboxOwners() []registerdata.BeneficialOwner {
	share := 100.0
	dob := registerdata.NewDate(1970, 1, 1)
	return []registerdata.BeneficialOwner{{Name: "Erika Mustermann", PercentageShare: &share,
		NaturalPerson: &registerdata.OwnerNaturalPerson{FirstName: "Erika", LastName: "Mustermann", FullName: "Erika Mustermann",
			City: "Berlin", Country: "DE", DateOfBirth: &dob}}}
}

// transparencyReport is the parsed extract of an entity whose beneficial
// owners are ubos (as computed by the fake), created on created. With
// discrepancy the owners differ (the last one is missing, or a single
// one's share is halved) and a note says so.
func transparencyReport(ubos []registerdata.BeneficialOwner, created registerdata.Date, discrepancy bool) *registerdata.TransparencyReport {
	notice := "current_extract"
	r := &registerdata.TransparencyReport{
		CreatedAt: &created, NoticeType: &notice, Groups: []registerdata.TransparencyGroup{}, UBOs: []registerdata.TransparencyUBO{},
		StatusFlags: &registerdata.TransparencyStatusFlags{CorrectedReferences: []string{}},
		Validity:    &registerdata.TransparencyValidity{From: &registerdata.TransparencyValidityPoint{Date: &created}},
	}
	fictitious := len(ubos) > 0
	for i, u := range ubos {
		r.UBOs = append(r.UBOs, transparencyUBO(i+1, u))
		fictitious = fictitious && u.PercentageShare == nil && u.MaxPercentageShare == nil
	}
	interest := "ownership"
	if fictitious {
		reason := fictionalUBOReason
		r.FictionalUBOReason, interest = &reason, "fictitious"
	}
	description := "Wirtschaftlich Berechtigte"
	r.Groups = append(r.Groups, registerdata.TransparencyGroup{Position: 1, Description: &description, InterestType: &interest})
	if discrepancy {
		note := discrepancyNote
		r.StatusFlags.DiscrepancyNote = &note
		switch {
		case len(r.UBOs) > 1:
			r.UBOs = r.UBOs[:len(r.UBOs)-1]
		case len(r.UBOs) == 1 && r.UBOs[0].Interest.Percentage != nil:
			half := *r.UBOs[0].Interest.Percentage / 2
			r.UBOs[0].Interest.Percentage = &half
		}
	}
	return r
}

// transparencyUBO is beneficial owner u as the extract lists it at
// position pos; the interest's percentage is on the percent scale of
// GetBeneficialOwners.
func transparencyUBO(pos int, u registerdata.BeneficialOwner) registerdata.TransparencyUBO {
	name := u.Name
	np := &registerdata.TransparencyUBONaturalPerson{FullName: &name, Nationalities: []string{}}
	if n := u.NaturalPerson; n != nil {
		np.FirstName, np.LastName = ptrTo(n.FirstName), ptrTo(n.LastName)
		if n.City != "" {
			np.City = ptrTo(n.City)
		}
		if n.Country != "" {
			np.Country = ptrTo(n.Country)
			if len(n.Country) == 2 {
				np.Nationalities = append(np.Nationalities, n.Country)
			}
		}
		np.DateOfBirth = n.DateOfBirth
	}
	in := &registerdata.TransparencyUBOInterest{}
	switch {
	case u.PercentageShare != nil:
		in.Type, in.Scope, in.Percentage = ptrTo("ownership"), ptrTo("exact"), ptrTo(*u.PercentageShare)
	case u.MaxPercentageShare != nil:
		in.Type, in.Scope, in.Percentage = ptrTo("ownership"), ptrTo("maximum"), ptrTo(*u.MaxPercentageShare)
	default:
		in.Type = ptrTo("fictitious")
	}
	return registerdata.TransparencyUBO{Position: pos, NaturalPerson: np, Interest: in}
}

// serveExtractDocument serves a document of a completed extract: the
// report as JSON or XML, or a placeholder PDF.
func (s *Server) serveExtractDocument(w http.ResponseWriter, r *http.Request) {
	id, file := r.PathValue("id"), r.PathValue("file")
	st := s.transparency()
	st.mu.Lock()
	ex := st.extracts[id]
	var v *registerdata.TransparencyExtract
	if ex != nil {
		v = ex.view
	}
	st.mu.Unlock()
	if v == nil || v.Status != enums.ExtractStatusCompleted {
		writeErrorf(w, http.StatusNotFound, CodeNotFound, "no completed extract %q", id)
		return
	}
	for _, d := range v.Documents {
		if d.Filename != file {
			continue
		}
		switch path.Ext(file) {
		case ".json":
			writeJSON(w, http.StatusOK, v.Report)
		case ".xml":
			w.Header().Set("Content-Type", "application/xml")
			b, _ := xml.MarshalIndent(struct {
				XMLName xml.Name `xml:"Auszug"`
				EKRN    string   `xml:"EKRN"`
				Report  string   `xml:"Bericht"`
			}{EKRN: deref(v.EKRN), Report: string(mustJSON(v.Report))}, "", "  ")
			_, _ = w.Write(b)
		default:
			w.Header().Set("Content-Type", "application/pdf")
			_, _ = w.Write([]byte("%PDF-1.4\n% registerdata fake Transparenzregister extract " + id + "\n%%EOF\n"))
		}
		return
	}
	writeErrorf(w, http.StatusNotFound, CodeNotFound, "extract %q has no document %q", id, file)
}

func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// handleSetTransparencyOutcome is PUT /_fake/transparenzregister/{company_id}
// with {"outcome": "fail" | "discrepancy" | "ambiguous" | "normal"}: SetTransparencyOutcome.
func (s *Server) handleSetTransparencyOutcome(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Outcome TransparencyOutcome `json:"outcome"`
	}
	if !decodeBody(w, r, &body) {
		return
	}
	if err := s.SetTransparencyOutcome(r.PathValue("company_id"), body.Outcome); err != nil {
		status := http.StatusBadRequest
		if _, ok := s.store.get(r.PathValue("company_id")); !ok {
			status = http.StatusNotFound
		}
		writeError(w, status, codeForStatus(status), err.Error())
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
