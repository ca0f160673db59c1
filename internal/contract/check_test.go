package contract

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/stretchr/testify/require"
)

// exchangeCase is one request and the answer a server gives to it, with
// the violations the checker must report (substrings of one report each).
type exchangeCase struct {
	name           string
	method, target string
	anonymous      bool // send no Authorization header
	reqBody        string
	status         int
	contentType    string // of the answer; "application/json" when empty and respBody is set
	respBody       string
	want           []string // nil: no violation
}

const (
	validID       = "DE-HRB-F1103-267645"
	errNotFound   = `{"error": {"code": "not_found", "message": "no company DE-HRB-X-1"}}`
	errBadRequest = `{"error": {"code": "invalid_request", "message": "bad body"}}`
	errUnauth     = `{"error": {"code": "unauthorized", "message": "missing API key"}}`
	companySearch = `{"query": {"value": "muster"}, "filters": [{"field": "status", "value": "active"}, {"field": "revenue", "min": "100000"}], "location": {"latitude": 50.11, "longitude": 8.68, "radius": 10}, "pagination": {"page": 1, "per_page": 50}}`
	companyPage   = `{"results": [{"company_id": "DE-HRB-F1103-267645", "name": "Mainufer Analytik GmbH", "country": "DE", "register_number": "267645", "register_type": "HRB", "register_court": "Frankfurt am Main", "active": true, "legal_form": "gmbh", "address": {"city": "Frankfurt am Main", "country": "DE", "formatted_value": "60314 Frankfurt am Main"}, "purpose": "Software"}], "pagination": {"page": 1, "per_page": 50, "total_pages": 1, "total_results": 1}}`
	personSearch  = `{"query": {"value": "vogelsang"}, "filters": [{"field": "city", "keywords": ["Frankfurt"]}], "pagination": {}}`
	personPage    = `{"results": [{"id": "3f0c9a52-6d1e-4b8a-9f3e-2a7c5d8e1b40", "name": "Katrin Vogelsang", "city": "Frankfurt am Main", "date_of_birth": "1978-11-02", "active": true}], "pagination": {"page": 1, "per_page": 10, "total_pages": 1, "total_results": 1}}`
	monitorCreate = `{"entity_id": "DE-HRB-F1103-267645", "entity_type": "company", "preferences": ["basic", "insolvencies"], "update_frequency": "daily"}`
	monitorBody   = `{"entity_id": "DE-HRB-F1103-267645", "entity_type": "company", "preferences": ["basic", "insolvencies"], "update_frequency": "daily", "disabled": false}`
	monitorList   = `{"items": [` + monitorBody + `, {"entity_id": "3f0c9a52-6d1e-4b8a-9f3e-2a7c5d8e1b40", "entity_type": "person", "preferences": ["management_positions"], "disabled": true}]}`
)

// company returns the valid company fixture, changed by edit.
func company(t testing.TB, edit func(map[string]any)) string {
	t.Helper()
	b, err := os.ReadFile("testdata/company.json")
	require.NoError(t, err)
	if edit == nil {
		return string(b)
	}
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	edit(m)
	b, err = json.Marshal(m)
	require.NoError(t, err)
	return string(b)
}

// obj returns m[key] as an object, for edits of nested fields.
func obj(m map[string]any, key string) map[string]any { return m[key].(map[string]any) }

// first returns the first element of the array m[key] as an object.
func first(m map[string]any, key string) map[string]any { return m[key].([]any)[0].(map[string]any) }

func exchangeCases(t testing.TB) []exchangeCase {
	companyPath := "/v1/company/" + validID
	return []exchangeCase{
		// Exchanges that follow the contract.
		{name: "company", method: "GET", target: companyPath, status: 200, respBody: company(t, nil)},
		{name: "company with flags", method: "GET", target: companyPath + "?realtime=true&export=false", status: 200, respBody: company(t, nil)},
		{name: "company not found", method: "GET", target: "/v1/company/DE-HRB-X-1", status: 404, respBody: errNotFound},
		{name: "company unavailable", method: "GET", target: companyPath, status: 503, respBody: `{"error": {"code": "unavailable", "message": "try later"}}`},
		{name: "company search", method: "POST", target: "/v1/search/company", reqBody: companySearch, status: 200, respBody: companyPage},
		{name: "person search", method: "POST", target: "/v1/search/person", reqBody: personSearch, status: 200, respBody: personPage},
		{name: "create monitor", method: "POST", target: "/v1/monitor", reqBody: monitorCreate, status: 200, respBody: monitorBody},
		{name: "list monitors", method: "GET", target: "/v1/monitor", status: 200, respBody: monitorList},
		{name: "delete monitor", method: "DELETE", target: "/v1/monitor/" + validID, status: 204},
		{name: "anonymous answered 401", method: "GET", target: companyPath, anonymous: true, status: 401, respBody: errUnauth},
		{name: "outside /v1/ unchecked", method: "PATCH", target: "/_fake/companies/x", anonymous: true, reqBody: "not json", status: 418, contentType: "text/plain", respBody: "not json"},

		// Answers that break it.
		{name: "missing required field", method: "GET", target: companyPath, status: 200,
			respBody: company(t, func(m map[string]any) { delete(obj(m, "register"), "register_court") }),
			want:     []string{`GET /v1/company/DE-HRB-F1103-267645: the 200 answer`, `"register_court" is missing`}},
		{name: "missing required nullable field", method: "GET", target: companyPath, status: 200,
			respBody: company(t, func(m map[string]any) { delete(m, "terminated_at") }),
			want:     []string{`"terminated_at" is missing`}},
		{name: "wrong type", method: "GET", target: companyPath, status: 200,
			respBody: company(t, func(m map[string]any) { obj(m, "capital")["amount"] = "25000.50" }),
			want:     []string{`at "/capital"`, `at "/amount": value must be a number`}},
		{name: "null where not nullable", method: "GET", target: companyPath, status: 200,
			respBody: company(t, func(m map[string]any) { m["name"] = nil }),
			want:     []string{`/name`}},
		{name: "unknown enum value", method: "GET", target: companyPath, status: 200,
			respBody: company(t, func(m map[string]any) { m["status"] = "dormant" }),
			want:     []string{`/status`}},
		{name: "malformed role code", method: "GET", target: companyPath, status: 200,
			respBody: company(t, func(m map[string]any) { obj(first(m, "representation"), "role_detail")["code"] = "director" }),
			want:     []string{`/representation/0/role_detail/code`}},
		{name: "bad date", method: "GET", target: companyPath, status: 200,
			respBody: company(t, func(m map[string]any) { m["incorporated_at"] = "01.06.2011" }),
			want:     []string{`/incorporated_at`}},
		{name: "day that does not exist", method: "GET", target: companyPath, status: 200,
			respBody: company(t, func(m map[string]any) { obj(m, "name")["start_date"] = "2023-02-29" }),
			want:     []string{`/name/start_date`, "not a calendar date"}},
		{name: "bad uuid", method: "GET", target: companyPath, status: 200,
			respBody: company(t, func(m map[string]any) { first(m, "indicators")["report_id"] = "report-1" }),
			want:     []string{`/indicators/0/report_id`}},
		{name: "not JSON", method: "GET", target: companyPath, status: 200, respBody: `{"id": `, want: []string{"decode"}},
		{name: "wrong content type", method: "GET", target: companyPath, status: 200, contentType: "text/html", respBody: "<html></html>", want: []string{"text/html"}},
		{name: "error body of another shape", method: "GET", target: companyPath, status: 404, respBody: `{"detail": "not found"}`, want: []string{`"error" is missing`}},
		{name: "undocumented status", method: "GET", target: companyPath, status: 418, respBody: errBadRequest, want: []string{"418", "status is not supported"}},
		{name: "status of another endpoint", method: "POST", target: "/v1/search/company", reqBody: companySearch, status: 404, respBody: errNotFound, want: []string{"status is not supported"}},
		{name: "search page without pagination", method: "POST", target: "/v1/search/person", reqBody: personSearch, status: 200,
			respBody: `{"results": []}`, want: []string{`"pagination" is missing`}},
		{name: "anonymous served", method: "GET", target: companyPath, anonymous: true, status: 200, respBody: company(t, nil),
			want: []string{"no bearer credential", "requires 401"}},

		// Requests that break it.
		{name: "stray field in body", method: "POST", target: "/v1/search/company", status: 400, respBody: errBadRequest,
			reqBody: `{"filters": [], "pagination": {}, "sort": "name"}`, want: []string{"the request breaks", `"sort"`}},
		{name: "mixed filter forms", method: "POST", target: "/v1/search/company", status: 400, respBody: errBadRequest,
			reqBody: `{"filters": [{"field": "city", "value": "Berlin", "keywords": ["Ber"]}]}`, want: []string{`/filters/0`}},
		{name: "location without latitude", method: "POST", target: "/v1/search/company", status: 400, respBody: errBadRequest,
			reqBody: `{"location": {"longitude": 13.4}}`, want: []string{`"latitude" is missing`}},
		{name: "filter without a value", method: "POST", target: "/v1/search/company", status: 400, respBody: errBadRequest,
			reqBody: `{"filters": [{"field": "status"}], "pagination": {}}`, want: []string{`/filters/0`}},
		{name: "location in person search", method: "POST", target: "/v1/search/person", status: 400, respBody: errBadRequest,
			reqBody: `{"filters": [], "pagination": {}, "location": {"latitude": 1, "longitude": 1, "radius": 1}}`, want: []string{`"location"`}},
		{name: "weekly requested", method: "POST", target: "/v1/monitor", status: 400, respBody: errBadRequest,
			reqBody: `{"entity_id": "x", "entity_type": "company", "preferences": ["basic"], "update_frequency": "weekly"}`, want: []string{`/update_frequency`}},
		{name: "no preferences", method: "POST", target: "/v1/monitor", status: 400, respBody: errBadRequest,
			reqBody: `{"entity_id": "x", "entity_type": "company", "preferences": []}`, want: []string{`/preferences`}},
		{name: "missing body", method: "POST", target: "/v1/monitor", status: 400, respBody: errBadRequest, want: []string{"request body"}},
		{name: "unknown path", method: "GET", target: "/v1/companies/" + validID, status: 404, respBody: errNotFound, want: []string{"not an operation"}},
		{name: "unknown method", method: "PUT", target: "/v1/monitor", status: 404, respBody: errNotFound, want: []string{"not an operation"}},
		{name: "undeclared query parameter", method: "GET", target: companyPath + "?real_time=true", status: 200, respBody: company(t, nil), want: []string{`"real_time"`}},
		{name: "bad boolean", method: "GET", target: companyPath + "?realtime=yes", status: 400, respBody: errBadRequest, want: []string{`"realtime"`}},
		{name: "blank id", method: "GET", target: "/v1/company/%20", status: 400, respBody: errBadRequest, want: []string{`"company_id"`}},
	}
}

// header returns the answer's headers for c.
func (c exchangeCase) header() http.Header {
	h := http.Header{}
	switch {
	case c.contentType != "":
		h.Set("Content-Type", c.contentType)
	case c.respBody != "":
		h.Set("Content-Type", "application/json")
	}
	return h
}

// cannedHandler answers every request as c says and records the request
// body it received.
func cannedHandler(t testing.TB, c exchangeCase, got *string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		assert.NoError(t, err)
		*got = string(b)
		for k, v := range c.header() {
			w.Header()[k] = v
		}
		w.WriteHeader(c.status)
		_, _ = io.WriteString(w, c.respBody)
	})
}

func newRequest(t testing.TB, c exchangeCase, base string) *http.Request {
	var body io.Reader
	if c.reqBody != "" {
		body = strings.NewReader(c.reqBody)
	}
	req, err := http.NewRequest(c.method, base+c.target, body)
	require.NoError(t, err)
	if !c.anonymous {
		req.Header.Set("Authorization", "Bearer test-key")
	}
	if c.reqBody != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

// assertReported checks that rec holds exactly the violation c wants.
func assertReported(t *testing.T, c exchangeCase, rec *recorder) {
	t.Helper()
	got := rec.reported()
	for _, r := range got {
		t.Log(r)
	}
	if c.want == nil {
		assert.Empty(t, got, "no violation expected")
		return
	}
	require.Len(t, got, 1, "want one report")
	for _, w := range c.want {
		assert.Contains(t, got[0], w)
	}
}

// caseNamed returns the exchange case called name.
func caseNamed(t *testing.T, name string) exchangeCase {
	t.Helper()
	for _, c := range exchangeCases(t) {
		if c.name == name {
			return c
		}
	}
	t.Fatalf("no exchange case %q", name)
	return exchangeCase{}
}

// roundTrip sends c through a Transport made with opts and returns what
// was reported.
func roundTrip(t *testing.T, c exchangeCase, opts ...Option) []string {
	t.Helper()
	var received string
	srv := httptest.NewServer(cannedHandler(t, c, &received))
	defer srv.Close()
	rec := newRecorder(t)
	resp, err := (&http.Client{Transport: Transport(rec, nil, opts...)}).Do(newRequest(t, c, srv.URL))
	require.NoError(t, err)
	_, _ = io.Copy(io.Discard, resp.Body)
	require.NoError(t, resp.Body.Close())
	return rec.reported()
}

func TestHostileIDs(t *testing.T) {
	for _, id := range []string{"..%2Fmonitor", "a%2Fb", "%20", "a%3Fb", "a%23b", "a%25b"} {
		t.Run(id, func(t *testing.T) {
			c := caseNamed(t, "company not found")
			c.target = "/v1/company/" + id
			got := roundTrip(t, c)
			require.Len(t, got, 1, "an id that is not one clean path segment must be reported")
			assert.True(t, strings.Contains(got[0], `"company_id"`) || strings.Contains(got[0], "not an operation"), got[0])
		})
	}
}
