package fake

import (
	"fmt"
	"net/http"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// supportedForms says, per ownership answer, which legal forms the
// service publishes it for, as the 404 of an unsupported form words it
// (SPEC-DOCS A.1-A.3; the decision is registerdata.OwnersAvailable and
// its siblings).
var supportedForms = map[registerdata.OwnershipPart]string{
	registerdata.PartOwners:           "owners for GmbH, KG, e.K., eGbR and OHG companies (AG and SE with best_available=true)",
	registerdata.PartBeneficialOwners: "beneficial owners for GmbH, gGmbH, UG and KG companies",
	registerdata.PartOwnershipHistory: "historical owners for GmbH companies",
}

// refuseUnsupportedForm answers 404, unbilled, when the service does not
// publish part for c's legal form, and reports whether it did. The body
// names the supported forms and carries the company's form in
// error.legal_form (registerdata.UnsupportedLegalForm reads it). A
// company whose form the fake does not know (empty or "unknown") is
// served.
func (s *Server) refuseUnsupportedForm(w http.ResponseWriter, c *registerdata.Company, part registerdata.OwnershipPart, bestAvailable bool) bool {
	if part.Available(c.LegalForm, bestAvailable) {
		return false
	}
	msg := fmt.Sprintf("the service publishes %s only; %s is %s", supportedForms[part], c.ID, registerdata.FormWithArticle(c.LegalForm))
	if part == registerdata.PartOwners && (c.LegalForm == enums.LegalFormAG || c.LegalForm == enums.LegalFormSE) {
		msg = fmt.Sprintf("no current owner list for %s: it is %s, whose owners are served only with best_available=true", c.ID, registerdata.FormWithArticle(c.LegalForm))
	}
	writeJSON(w, http.StatusNotFound, registerdata.ErrorBody{Error: registerdata.ErrorDetail{Code: CodeNotFound, Message: msg, LegalForm: c.LegalForm}})
	return true
}
