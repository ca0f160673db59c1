package registerdata

import "net/http"

// answerKind is what a 2xx status means for one operation.
type answerKind uint8

const (
	// answerUndefined: the operation does not define the status. Its body
	// is never decoded as the operation's result: the call fails with a
	// *ResponseError (ErrUnexpectedResponse), and it is charged, since
	// the service may have billed it.
	answerUndefined answerKind = iota
	// answerData: the body is the operation's result.
	answerData
	// answerEmpty: success without a body (a deletion, stored
	// credentials).
	answerEmpty
	// answerProcessing: the service is still working on the answer; ask
	// again after Retry-After (see ProcessingError). The body is not the
	// result.
	answerProcessing
)

// routeAnswer is one 2xx status of an operation: what it is and whether
// the service bills it.
type routeAnswer struct {
	kind   answerKind
	billed bool
}

var (
	dataAnswer       = routeAnswer{kind: answerData, billed: true}
	emptyAnswer      = routeAnswer{kind: answerEmpty, billed: true}
	processingAnswer = routeAnswer{kind: answerProcessing} // never billed
)

// routeAnswers is, for every operation of the service (its route, as
// routeOf and request.route write it), each 2xx status it defines: which
// of them carry the operation's result, and which of them the service
// bills. It is the one place these facts live: the retry stage decodes
// only the statuses marked data (answerOf), and the write counter
// (writes.go) charges only the billed ones and every status the table
// does not name, so CreditsSpent never falls below what the service
// billed. TestRouteAnswersAreTheContractsSuccesses checks it against the
// 2xx responses of every operation of api/openapi.yaml.
//
// A price of 0 (the extract poll, the monitor list) is still "billed": the
// flag says whether the status costs the route's price, whatever that is.
var routeAnswers = map[string]map[int]routeAnswer{
	"GET /v1/company/{company_id}":             {http.StatusOK: dataAnswer},
	"GET /v1/company/{company_id}/financials":  {http.StatusOK: dataAnswer},
	"GET /v1/company/{company_id}/owners":      {http.StatusOK: dataAnswer},
	"GET /v1/company/{company_id}/ubo":         {http.StatusOK: dataAnswer},
	"GET /v1/company/{company_id}/holdings":    {http.StatusOK: dataAnswer},
	"GET /v0/company/{company_id}/contact":     {http.StatusOK: dataAnswer},
	"POST /v1/search/company":                  {http.StatusOK: dataAnswer},
	"POST /v1/search/person":                   {http.StatusOK: dataAnswer},
	"POST /v1/search/insolvency":               {http.StatusOK: dataAnswer},
	"GET /v0/search/lookup":                    {http.StatusOK: dataAnswer},
	"GET /v1/autocomplete/company":             {http.StatusOK: dataAnswer},
	"POST /v1/monitor":                         {http.StatusOK: dataAnswer, http.StatusCreated: dataAnswer},
	"GET /v1/monitor":                          {http.StatusOK: dataAnswer},
	"DELETE /v1/monitor/{entity_id}":           {http.StatusNoContent: emptyAnswer},
	"GET /v1/document":                         {http.StatusOK: dataAnswer},
	"GET /v1/document/{document_id}":           {http.StatusOK: dataAnswer},
	"GET /v1/credits":                          {http.StatusOK: dataAnswer},
	"GET /v1/person/{person_id}":               {http.StatusOK: dataAnswer},
	"GET /v1/person/{person_id}/holdings":      {http.StatusOK: dataAnswer},
	"GET /v1/insolvency/{insolvency_id}":       {http.StatusOK: dataAnswer},
	"POST /v1/transparenzregister/credentials": {http.StatusCreated: emptyAnswer, http.StatusNoContent: emptyAnswer},
	"POST /v1/transparenzregister/extracts":    {http.StatusCreated: dataAnswer},
	"GET /v1/transparenzregister/extracts/{extract_id}": {
		http.StatusOK:       dataAnswer,
		http.StatusAccepted: dataAnswer, // still processing, in the same schema (SPEC-DOCS B.3)
	},
	"GET /v1/company/{company_id}/owners/historical": {
		http.StatusOK:       dataAnswer,
		http.StatusAccepted: processingAnswer, // ask again after Retry-After; billed only on 200 (SPEC-DOCS A.3)
	},
}

// answerOf is what status means for route: answerData for every 2xx of a
// route the table does not know (an endpoint sent with Do that the SDK
// does not model), answerUndefined for a 2xx a known route does not
// define.
func answerOf(route string, status int) routeAnswer {
	answers, ok := routeAnswers[route]
	if !ok {
		return dataAnswer
	}
	a, ok := answers[status]
	if !ok {
		return routeAnswer{kind: answerUndefined, billed: true}
	}
	return a
}
