package registerdata

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/internal/matchtext"
)

// The service publishes owners, beneficial owners and historical owners
// for some legal forms only (SPEC-DOCS A.1, A.2, A.3). The functions here
// say, from a legal form the caller already knows (Company.LegalForm),
// whether asking can give an answer, so that a caller pays nothing for a
// call the service cannot answer.
//
// The rule is "skip only when the form is known and unsupported": an
// empty form, enums.LegalFormUnknown and a value this package does not
// know all report true (available), because then only the service can
// tell. Every value of enums.LegalForm is decided here; the tests fail
// when a form is added to the package without a decision.

// OwnersAvailable reports whether the service publishes the direct owners
// (GetOwners) of a company of legal form form: a GmbH, KG, e.K., eGbR (a
// GbR of the register: every company with a register id is a registered
// GbR) or OHG; an AG or SE only when bestAvailable is set
// (GetOwnersParams.BestAvailable). An empty, unknown or unrecognised form
// reports true: ask the service.
//
// Source: https://docs.openregister.de/endpoint/company-owners
func OwnersAvailable(form enums.LegalForm, bestAvailable bool) bool {
	switch form {
	case enums.LegalFormGmbH, enums.LegalFormKG, enums.LegalFormEK, enums.LegalFormGbR, enums.LegalFormOHG:
		return true
	case enums.LegalFormAG, enums.LegalFormSE:
		return bestAvailable
	}
	return !formKnown(form)
}

// BeneficialOwnersAvailable reports whether the service publishes the
// ultimate beneficial owners (GetBeneficialOwners) of a company of legal
// form form: a GmbH, gGmbH, UG or KG. An empty, unknown or unrecognised
// form reports true: ask the service.
//
// Source: https://docs.openregister.de/endpoint/company-ubo
func BeneficialOwnersAvailable(form enums.LegalForm) bool {
	switch form {
	case enums.LegalFormGmbH, enums.LegalFormGGmbH, enums.LegalFormUG, enums.LegalFormKG:
		return true
	}
	return !formKnown(form)
}

// OwnershipHistoryAvailable reports whether the service publishes the
// historical owners (GetOwnershipHistory) of a company of legal form
// form: a GmbH only. An empty, unknown or unrecognised form reports true:
// ask the service.
//
// Source: https://docs.openregister.de/endpoint/company-historical-owners
func OwnershipHistoryAvailable(form enums.LegalForm) bool {
	return form == enums.LegalFormGmbH || !formKnown(form)
}

// formKnown reports whether form is a legal form the availability rules
// decide: a value of enums.LegalForm other than LegalFormUnknown.
func formKnown(form enums.LegalForm) bool {
	return form.IsKnown() && form != enums.LegalFormUnknown
}

// OwnershipPart names one of the three ownership answers whose
// availability depends on the legal form. Its value is the word the
// sentences of NotPublished begin with.
type OwnershipPart string

// The ownership answers published for some legal forms only.
const (
	PartOwners           OwnershipPart = "owners"            // GetOwners
	PartBeneficialOwners OwnershipPart = "UBO"               // GetBeneficialOwners
	PartOwnershipHistory OwnershipPart = "historical owners" // GetOwnershipHistory
)

// Available reports whether the service publishes part for a company of
// legal form form (OwnersAvailable, BeneficialOwnersAvailable or
// OwnershipHistoryAvailable; bestAvailable matters for PartOwners only).
// An OwnershipPart other than the three constants reports true.
func (p OwnershipPart) Available(form enums.LegalForm, bestAvailable bool) bool {
	switch p {
	case PartOwners:
		return OwnersAvailable(form, bestAvailable)
	case PartBeneficialOwners:
		return BeneficialOwnersAvailable(form)
	case PartOwnershipHistory:
		return OwnershipHistoryAvailable(form)
	}
	return true
}

// NotPublished is the sentence that says why part is not asked for a
// company of legal form form, such as "UBO: not published for an OHG" or
// "owners: published for an AG only with best_available", and "" when
// part is available for the form (including an empty, unknown or
// unrecognised form: then the caller asks the service). Every consumer of
// the SDK (the ownership tree, the dossier, the portfolio, the MCP server,
// the CLI) says the same sentence.
func NotPublished(part OwnershipPart, form enums.LegalForm, bestAvailable bool) string {
	if part.Available(form, bestAvailable) {
		return ""
	}
	if part == PartOwners && (form == enums.LegalFormAG || form == enums.LegalFormSE) {
		return string(part) + ": published for " + FormWithArticle(form) + " only with best_available"
	}
	return string(part) + ": not published for " + FormWithArticle(form)
}

// formSpellings are the legal forms as a reader writes them, with the
// article they take in English ("an OHG", "a UG").
var formSpellings = map[enums.LegalForm][2]string{
	enums.LegalFormAG: {"an", "AG"}, enums.LegalFormEG: {"an", "eG"}, enums.LegalFormEK: {"an", "e.K."},
	enums.LegalFormEV: {"an", "e.V."}, enums.LegalFormEWIV: {"an", "EWIV"}, enums.LegalFormForeign: {"a", "foreign company"},
	enums.LegalFormGbR: {"a", "GbR"}, enums.LegalFormGGmbH: {"a", "gGmbH"}, enums.LegalFormGmbH: {"a", "GmbH"},
	enums.LegalFormKG: {"a", "KG"}, enums.LegalFormKGaA: {"a", "KGaA"}, enums.LegalFormUnknown: {"a", "company of unknown legal form"},
	enums.LegalFormLLP: {"an", "LLP"}, enums.LegalFormMunicipal: {"a", "municipal enterprise"}, enums.LegalFormOHG: {"an", "OHG"},
	enums.LegalFormSE: {"an", "SE"}, enums.LegalFormUG: {"a", "UG"},
}

// FormWithArticle writes a legal form as a sentence names it: "an OHG",
// "a GmbH", "a foreign company"; a value this package does not know is
// "a company of legal form \"x\"" (empty: "a company of unknown legal
// form").
func FormWithArticle(form enums.LegalForm) string {
	if s, ok := formSpellings[form]; ok {
		return s[0] + " " + s[1]
	}
	if form == "" {
		return "a company of unknown legal form"
	}
	b, _ := json.Marshal(string(form))
	return "a company of legal form " + string(b)
}

// NotPublishedError is NotPublished for an error of GetOwners,
// GetBeneficialOwners or GetOwnershipHistory: the sentence when err is
// the service's 404 for a company whose legal form does not have part
// (UnsupportedLegalForm reads the form from the answer), else "". A
// caller that knew the form would not have asked; this is for the caller
// that did not, so that it says the same sentence instead of "not found".
func NotPublishedError(part OwnershipPart, err error) string {
	form, ok := UnsupportedLegalForm(err)
	if !ok {
		return ""
	}
	return NotPublished(part, form, false)
}

// UnsupportedLegalForm reports the legal form named by a 404 answer of
// the ownership endpoints that says the company's form is not supported:
// an *APIError of status 404 whose body is {"error": {..., "legal_form":
// "ohg"}} (the fake's answer, see fake/doc.go; the service does not
// document its answer for an unsupported form, SPEC-DOCS H.1). Any other
// error, including a 404 for an unknown company, reports false: then it
// is ErrNotFound as before.
func UnsupportedLegalForm(err error) (enums.LegalForm, bool) {
	var ae *APIError
	if !errors.As(err, &ae) || ae.StatusCode != http.StatusNotFound {
		return "", false
	}
	var body ErrorBody
	if json.Unmarshal(ae.Body, &body) != nil || !formKnown(body.Error.LegalForm) {
		return "", false
	}
	return body.Error.LegalForm, true
}

// nameForms map the legal-form keys of matchtext to the service's forms;
// a key without an entry (partg, ltd, inc) says nothing certain.
var nameForms = map[string]enums.LegalForm{
	"gmbh": enums.LegalFormGmbH, "gmbhcokg": enums.LegalFormKG, "ggmbh": enums.LegalFormGGmbH, "ug": enums.LegalFormUG,
	"ag": enums.LegalFormAG, "se": enums.LegalFormSE, "kg": enums.LegalFormKG, "kgaa": enums.LegalFormKGaA,
	"ohg": enums.LegalFormOHG, "eg": enums.LegalFormEG, "ek": enums.LegalFormEK, "ev": enums.LegalFormEV,
	"ewiv": enums.LegalFormEWIV, "gbr": enums.LegalFormGbR, "llp": enums.LegalFormLLP,
}

// LegalFormOfName is the legal form a company's name states, only when
// it is certain: the name ends with the one legal form written in it, a
// state such as "i.L." allowed after it ("Wagner & Sohn Metallbau OHG" is
// enums.LegalFormOHG, "Nordbau GmbH & Co. KG" enums.LegalFormKG); else ""
// ("OHG Wagner", "Stadtwerke Talheim", a form the service has no value
// for such as "PartG mbB"). A caller that has only a name (an owner
// record, a portfolio entry) may skip by it; "" means ask.
func LegalFormOfName(name string) enums.LegalForm {
	return nameForms[matchtext.FinalForm(name)]
}
