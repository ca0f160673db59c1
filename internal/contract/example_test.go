package contract_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/internal/contract"
)

// printT stands in for the *testing.T a real test passes: it prints what
// the checker reports instead of failing a test.
type printT struct{ testing.TB }

func (printT) Helper()                           {}
func (printT) Logf(format string, args ...any)   { fmt.Printf(format+"\n", args...) }
func (printT) Errorf(format string, args ...any) { fmt.Printf(format+"\n", args...) }
func (printT) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

// A client whose transport checks the traffic: the server here leaves
// "disabled" out of a monitor, which the contract requires.
func ExampleTransport() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"items": [{"entity_id": "DE-HRB-F1103-267645", "entity_type": "company", "preferences": ["basic"]}]}`)
	}))
	defer srv.Close()

	hc := &http.Client{Transport: contract.Transport(printT{}, nil)} // in a test: contract.Transport(t, nil)
	req, _ := http.NewRequest(http.MethodGet, srv.URL+"/v1/monitor", nil)
	req.Header.Set("Authorization", "Bearer key")
	resp, err := hc.Do(req)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.StatusCode, len(body) > 0) // the caller still reads the whole body
	// Output:
	// contract: GET /v1/monitor: the 200 answer breaks the contract:
	// response body doesn't match schema #/components/schemas/MonitorList: at "/items/0/disabled": property "disabled" is missing
	// 200 true
}

// A handler checked on the server side: a request without a credential
// must be answered 401, and this handler serves it anyway.
func ExampleMiddleware() {
	h := contract.Middleware(printT{}, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}))
	h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodDelete, "/v1/monitor/DE-HRB-F1103-267645", nil))
	// Output:
	// contract: DELETE /v1/monitor/DE-HRB-F1103-267645: the 204 answer breaks the contract:
	// the request carried no bearer credential, yet the answer was 204: the contract requires 401
}

func ExampleCheckExchange() {
	req := httptest.NewRequest(http.MethodPost, "/v1/monitor",
		strings.NewReader(`{"entity_id": "DE-HRB-F1103-267645", "entity_type": "company", "preferences": ["basic"], "update_frequency": "weekly"}`))
	req.Header.Set("Authorization", "Bearer key")
	req.Header.Set("Content-Type", "application/json")
	err := contract.CheckExchange(req, http.StatusBadRequest, http.Header{"Content-Type": {"application/json"}},
		[]byte(`{"error": {"code": "invalid_request", "message": "weekly is the default: omit update_frequency"}}`))
	fmt.Println(err)
	// Output:
	// contract: POST /v1/monitor: the request breaks the contract: request body has an error: doesn't match schema #/components/schemas/MonitorRequest: at "/update_frequency": value is not one of the allowed values ["daily"]
}

func ExampleValidateJSON() {
	err := contract.ValidateJSON("Source", []byte(`{"document_url": null}`))
	fmt.Println(err)
	// Output:
	// contract: Source: at "/document_url": Value is not nullable
}

func ExampleMissingRequired() {
	missing, err := contract.MissingRequired("CompanyCapital", []byte(`{"amount": 25000}`))
	fmt.Println(missing, err)
	// Output:
	// [/currency /start_date] <nil>
}
