package registerdata

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/internal/contract"
)

// TestRouteAnswersAreTheContractsSuccesses: routeAnswers names every
// operation of api/openapi.yaml, each with exactly the 2xx statuses the
// operation defines, and says of each what the contract says: a status
// with a body is the result, one without is an empty success, one marked
// x-registerdata-answer: processing is neither; x-registerdata-billed:
// false marks the statuses the service does not bill.
func TestRouteAnswersAreTheContractsSuccesses(t *testing.T) {
	doc, err := contract.Document()
	require.NoError(t, err)
	seen := map[string]bool{}
	for _, path := range doc.Paths.InMatchingOrder() {
		for method, op := range doc.Paths.Find(path).Operations() {
			route := method + " " + path
			seen[route] = true
			table, ok := routeAnswers[route]
			if !assert.True(t, ok, "%s (%s) has no row in routeAnswers", route, op.OperationID) {
				continue
			}
			want := map[int]routeAnswer{}
			for code, ref := range op.Responses.Map() {
				status, err := strconv.Atoi(code)
				if err != nil || status < 200 || status > 299 {
					continue
				}
				resp := ref.Value
				a := routeAnswer{kind: answerEmpty, billed: true}
				if len(resp.Content) > 0 {
					a.kind = answerData
				}
				if resp.Extensions["x-registerdata-answer"] == "processing" {
					a.kind = answerProcessing
				}
				if billed, ok := resp.Extensions["x-registerdata-billed"].(bool); ok {
					a.billed = billed
				}
				want[status] = a
			}
			assert.Equal(t, want, table, "%s: routeAnswers and the 2xx responses of api/openapi.yaml", route)
		}
	}
	for route := range routeAnswers {
		assert.True(t, seen[route], "routeAnswers names %s, which api/openapi.yaml does not have", route)
	}
}

// The facts of the table the service's documentation states (SPEC-DOCS
// A.3, B.3), checked on their own so that the contract and the table
// cannot drift from them together.
func TestRouteAnswersOfTheDocumentedAsynchronousRoutes(t *testing.T) {
	hist := "GET /v1/company/{company_id}/owners/historical"
	assert.Equal(t, routeAnswer{kind: answerData, billed: true}, answerOf(hist, http.StatusOK))
	assert.Equal(t, routeAnswer{kind: answerProcessing, billed: false}, answerOf(hist, http.StatusAccepted))
	assert.Equal(t, historyRoute, hist)

	extract := "GET /v1/transparenzregister/extracts/{extract_id}"
	assert.Equal(t, answerData, answerOf(extract, http.StatusOK).kind)
	assert.Equal(t, answerData, answerOf(extract, http.StatusAccepted).kind, "a 202 extract is the extract, still processing")
	assert.Equal(t, answerData, answerOf("POST /v1/transparenzregister/extracts", http.StatusCreated).kind)
	assert.Equal(t, answerEmpty, answerOf("POST /v1/transparenzregister/credentials", http.StatusCreated).kind)

	// A 2xx a known route does not define is not its result, and is
	// charged; any 2xx of a route the SDK does not know is data.
	for _, status := range []int{http.StatusAccepted, http.StatusNonAuthoritativeInfo, http.StatusNoContent, 299} {
		assert.Equal(t, routeAnswer{kind: answerUndefined, billed: true}, answerOf("GET /v1/company/{company_id}", status), "%d", status)
	}
	assert.Equal(t, routeAnswer{kind: answerData, billed: true}, answerOf("GET /v1/things/{unknown}", http.StatusAccepted))
}
