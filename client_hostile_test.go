package registerdata_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/api"
	"github.com/registerdata/registerdata-go/enums"
)

// hostileKey is the API key of the battery's clients: like hostileSecret,
// it must never show in an error, a log line or a printed form.
const hostileKey = "sk_live_hostile-4f1c9a-KEY"

// hostileServer is the service as the battery plays it: each scenario
// answers through handle, and the server keeps what it would have billed.
type hostileServer struct {
	srv      *httptest.Server
	received atomic.Int64 // requests that reached the server
	billed   atomic.Int64 // of them, those the service did the work for
	conns    sync.Map     // remote address -> true: connections seen
	ok       int          // the operation's success status (hostileOp.okStatus)
	status   int          // hostileScenario.status
	spent    int64        // the client's CreditsSpent after the calls, for the check
}

// bill counts a request the service did the work for.
func (h *hostileServer) bill() { h.billed.Add(1) }

// hostileScenario is one entry of the battery.
type hostileScenario struct {
	name string
	// handle answers one request; it calls h.bill when the service would
	// have charged for it.
	handle func(h *hostileServer, w http.ResponseWriter, r *http.Request)
	// status is the status the scenario answers, when it says one
	// (hostileServer.status, for the handler and the check).
	status int
	// opts are extra client options; timeout bounds the call.
	opts    []registerdata.Option
	timeout time.Duration
	// calls is how many times the operation is called on one client
	// (default 1); the later calls reuse the first one's connection.
	calls int
	// check asserts what this scenario promises beyond the common checks
	// (no panic, billing, budget, secrets, time under the context).
	check func(t *testing.T, name string, op hostileOp, h *hostileServer, err error)
}

// hijackClose drops the connection without an answer.
func hijackClose(w http.ResponseWriter) {
	if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
		conn.Close()
	}
}

func answer(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, body)
}

// mustFailAsUnexpected: a 2xx the client cannot use is ErrUnexpectedResponse
// (operations that decode nothing may succeed).
func mustFailAsUnexpected(t *testing.T, name string, op hostileOp, _ *hostileServer, err error) {
	if err == nil && decodesNothing(name) {
		return
	}
	assert.ErrorIs(t, err, registerdata.ErrUnexpectedResponse, name)
}

// decodesNothing: the operations whose success has no body.
func decodesNothing(name string) bool {
	return name == "deleteMonitor" || name == "setTransparencyCredentials"
}

// mustRefuseAsUndefined: a 2xx status the operation does not define is
// never taken as its result, whatever its body: the error is a
// *ResponseError naming the status.
func mustRefuseAsUndefined(t *testing.T, name string, _ hostileOp, h *hostileServer, err error) {
	var respErr *registerdata.ResponseError
	if assert.ErrorAs(t, err, &respErr, name) {
		assert.Contains(t, respErr.Reason, "defines no", name)
		assert.Equal(t, h.status, respErr.StatusCode, name)
	}
}

// anyResult is a body each operation's decoder would take as a result.
const anyResult = `{"id":"DE-HRB-F1103-267645","company_id":"DE-HRB-F1103-267645","name":"X GmbH","results":[],"owners":[],"ubos":[],` +
	`"holdings":[],"items":[],"reports":[],"status":"processing","credits":1,"management_positions":[]}`

// redirectTarget is the other origin the redirect scenarios point to; it
// records what reaches it.
type redirectTarget struct {
	srv  *httptest.Server
	mu   sync.Mutex
	seen []string // method, Authorization and body of each request
}

var hostileScenarios = []hostileScenario{
	{name: "malformed body", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		answer(w, h.ok, `{"id":"DE-HRB-F1103-267645","results":[{"na`)
	}, check: mustFailAsUnexpected},
	{name: "mistyped body", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		answer(w, h.ok, `{"id":5,"company_id":[],"results":"many","owners":{},"items":7,"reports":true,"ubos":1,"holdings":"x","management_positions":{}}`)
	}, check: mustFailAsUnexpected},
	{name: "array for an object", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		answer(w, h.ok, `[{"id":"DE-HRB-F1103-267645"}]`)
	}, check: mustFailAsUnexpected},
	{name: "reset mid-body", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		w.Header().Set("Content-Length", "4096")
		w.WriteHeader(h.ok)
		_, _ = io.WriteString(w, `{"id":"DE-HRB-F1103-267645","name":`)
		http.NewResponseController(w).Flush()
		hijackClose(w)
	}, check: func(t *testing.T, name string, _ hostileOp, _ *hostileServer, err error) {
		if !decodesNothing(name) { // a 204 has no body to cut
			assert.Error(t, err, name)
		}
	}},
	{name: "keep-alive death before the answer", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill() // the service may have done the work before the connection died
		if _, reused := h.conns.LoadOrStore(r.RemoteAddr, true); reused {
			hijackClose(w)
			return
		}
		answer(w, h.ok, `{}`)
	}, calls: 3, opts: []registerdata.Option{registerdata.WithMaxRetries(0)}},
	{name: "503 storm with a day's Retry-After and X-Should-Retry", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "86400")
		w.Header().Set("X-Should-Retry", "true")
		answer(w, http.StatusServiceUnavailable, `{"error":{"message":"down"}}`)
	}, opts: []registerdata.Option{registerdata.WithMaxRetries(3), registerdata.WithRetryWait(time.Millisecond, 10*time.Millisecond, 50*time.Millisecond)},
		check: func(t *testing.T, name string, _ hostileOp, h *hostileServer, err error) {
			assert.ErrorIs(t, err, registerdata.ErrServer, name)
			assert.LessOrEqual(t, h.received.Load(), int64(4), "%s: at most 1 + 3 retries", name)
		}},
	{name: "429 storm with X-Should-Retry", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "0")
		w.Header().Set("X-Should-Retry", "true")
		answer(w, http.StatusTooManyRequests, `{"error":{"message":"slow down"}}`)
	}, opts: []registerdata.Option{registerdata.WithMaxRetries(3), registerdata.WithRetryWait(time.Millisecond, 10*time.Millisecond, 50*time.Millisecond)},
		check: func(t *testing.T, name string, _ hostileOp, h *hostileServer, err error) {
			if name == "requestTransparencyExtract" {
				// An extract's 429 is the 30-day quota: sent once, never
				// retried, whatever the headers say.
				assert.ErrorIs(t, err, registerdata.ErrQuotaExhausted, name)
				assert.NotErrorIs(t, err, registerdata.ErrRateLimited, name)
				assert.Equal(t, int64(1), h.received.Load(), "%s: the quota answer is final", name)
				return
			}
			assert.ErrorIs(t, err, registerdata.ErrRateLimited, name)
			assert.NotErrorIs(t, err, registerdata.ErrQuotaExhausted, name)
			assert.LessOrEqual(t, h.received.Load(), int64(4), "%s: at most 1 + 3 retries", name)
			assert.Greater(t, h.received.Load(), int64(1), "%s: a rate limit is retried", name)
		}},
	{name: "2xx with X-Should-Retry", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		w.Header().Set("X-Should-Retry", "true")
		answer(w, h.ok, `{}`)
	}, opts: []registerdata.Option{registerdata.WithMaxRetries(3), registerdata.WithRetryWait(time.Millisecond, 10*time.Millisecond, 50*time.Millisecond)},
		check: func(t *testing.T, name string, _ hostileOp, h *hostileServer, _ error) {
			assert.Equal(t, int64(1), h.received.Load(), "%s: a 2xx is never retried", name)
		}},
	{name: "slow body", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(h.ok)
		_, _ = io.WriteString(w, `{"id":"`)
		for {
			if _, err := io.WriteString(w, "a"); err != nil {
				return
			}
			http.NewResponseController(w).Flush()
			select {
			case <-r.Context().Done():
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}, timeout: 150 * time.Millisecond, check: func(t *testing.T, name string, _ hostileOp, _ *hostileServer, err error) {
		if !decodesNothing(name) { // a 204 has no body to send slowly
			assert.ErrorIs(t, err, context.DeadlineExceeded, name)
		}
	}},
	{name: "2xx the operation does not define", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		h.bill() // the service did something; the client cannot tell what
		answer(w, h.status, anyResult)
	}, status: http.StatusNonAuthoritativeInfo, check: mustRefuseAsUndefined},
	{name: "202 with an unexpected body", handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/company/"+knownCompany+"/owners/historical" {
			h.bill() // only the historical owners document an unbilled 202
		}
		w.Header().Set("Retry-After", "1")
		answer(w, h.status, `{"status":"processing","message":"later","owners":[{"name":"not a history"}]}`)
	}, status: http.StatusAccepted, timeout: 300 * time.Millisecond, check: func(t *testing.T, name string, _ hostileOp, h *hostileServer, err error) {
		switch name {
		case "getCompanyOwnersHistorical":
			// Still processing: the call waits the Retry-After (past its
			// deadline) and asks nothing more; nothing is charged.
			assert.ErrorIs(t, err, context.DeadlineExceeded, name)
			assert.Equal(t, int64(1), h.received.Load(), "%s: one request, then the wait", name)
			assert.Zero(t, h.spent, "%s: a 202 is never charged", name)
		case "getTransparencyExtract":
			// A 202 is the extract, still processing: this body is not one.
			assert.ErrorIs(t, err, registerdata.ErrUnexpectedResponse, name)
			assert.NotContains(t, err.Error(), "defines no", name)
		default:
			mustRefuseAsUndefined(t, name, hostileOp{}, h, err)
		}
	}},
}

// redirectScenarios send every request on to another origin with 302,
// 307 and 308: the other origin must never see the key, nor a request
// with a body (or the password).
func redirectScenarios(target *redirectTarget) []hostileScenario {
	var out []hostileScenario
	for _, status := range []int{http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
		out = append(out, hostileScenario{name: fmt.Sprintf("cross-origin %d", status),
			handle: func(h *hostileServer, w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, target.srv.URL+r.URL.RequestURI(), status)
			},
			check: func(t *testing.T, name string, op hostileOp, _ *hostileServer, err error) {
				target.mu.Lock()
				seen := append([]string(nil), target.seen...)
				target.seen = nil
				target.mu.Unlock()
				for _, s := range seen {
					assert.NotContains(t, s, hostileKey, "%s %d: the key went to another origin", name, status)
					assert.NotContains(t, s, hostileSecret, "%s %d: the password went to another origin", name, status)
				}
				if op.method == http.MethodPost {
					assert.Empty(t, seen, "%s %d: a request with a body followed a redirect off its origin", name, status)
				}
			}})
	}
	return out
}

// TestHostileServerBattery runs every operation of api/openapi.yaml (the
// rows of hostileOps, which TestHostileSuiteCoversEveryOperation keeps
// complete) through every hostile scenario, and checks for each: no
// panic, the call returns within its context, CreditsSpent() >= what the
// server billed, the server never bills beyond the budget, and neither
// the error, its printed forms nor the client's log carries the API key
// or the password. Memory under hostile answers is
// TestHostileAnswersAllocateLessThanTheMemoryBound, over the same rows.
func TestHostileServerBattery(t *testing.T) {
	// Most of its time is waiting (the slow body's deadline, once per
	// operation), and it shares nothing: it waits beside the other
	// parallel tests instead of holding up the sequential ones.
	t.Parallel()
	target := &redirectTarget{}
	target.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		target.mu.Lock()
		target.seen = append(target.seen, r.Method+" "+r.Header.Get("Authorization")+" "+string(body))
		target.mu.Unlock()
		answer(w, http.StatusNotFound, `{"error":{"message":"other origin"}}`)
	}))
	t.Cleanup(target.srv.Close)
	scenarios := append(append([]hostileScenario{}, hostileScenarios...), redirectScenarios(target)...)

	names := make([]string, 0, len(hostileOps))
	for name := range hostileOps {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			for _, name := range names {
				runHostile(t, name, hostileOps[name], sc)
			}
		})
	}
}

// runHostile runs one operation through one scenario.
func runHostile(t *testing.T, name string, op hostileOp, sc hostileScenario) {
	t.Helper()
	h := &hostileServer{ok: op.okStatus(), status: sc.status}
	h.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h.received.Add(1)
		_, _ = io.Copy(io.Discard, r.Body)
		sc.handle(h, w, r)
	}))
	defer h.srv.Close()

	var logged bytes.Buffer
	var logMu sync.Mutex
	budget := 2 * max(op.cost, 1)
	opts := append([]registerdata.Option{
		registerdata.WithAPIKey(hostileKey), registerdata.WithBaseURL(h.srv.URL), registerdata.WithCreditBudget(budget),
		registerdata.WithLogger(slog.New(slog.NewJSONHandler(lockedWriter{&logMu, &logged}, &slog.HandlerOptions{Level: slog.LevelDebug}))),
		registerdata.WithRetryWait(time.Millisecond, 10*time.Millisecond, time.Second),
	}, sc.opts...)
	c, err := registerdata.NewClient(opts...)
	require.NoError(t, err)

	timeout := sc.timeout
	if timeout == 0 {
		timeout = 5 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	start := time.Now()
	callErr := op.run(ctx, c, name)
	for i := 1; i < sc.calls; i++ {
		if err := op.run(ctx, c, name); err != nil {
			callErr = err // the last error is checked; each is bounded by ctx
		}
	}
	elapsed := time.Since(start)
	h.spent = c.CreditsSpent()

	assert.Less(t, elapsed, timeout+time.Second, "%s: the call outlasted its context", name)
	billed := h.billed.Load() * op.cost
	assert.GreaterOrEqual(t, c.CreditsSpent(), billed, "%s: CreditsSpent must count every request the server billed", name)
	assert.LessOrEqual(t, billed, budget, "%s: the server billed beyond the budget", name)
	if sc.check != nil {
		sc.check(t, name, op, h, callErr)
	}

	logMu.Lock()
	outs := []string{logged.String()}
	logMu.Unlock()
	if callErr != nil {
		outs = append(outs, callErr.Error(), fmt.Sprintf("%+v", callErr), fmt.Sprintf("%#v", callErr))
		var apiErr *registerdata.APIError
		if errors.As(callErr, &apiErr) {
			outs = append(outs, apiErr.Message, string(apiErr.Body))
		}
		var respErr *registerdata.ResponseError
		if errors.As(callErr, &respErr) {
			outs = append(outs, string(respErr.Body))
		}
	}
	outs = append(outs, fmt.Sprintf("%+v", c), fmt.Sprintf("%#v", c))
	for _, out := range outs {
		assert.NotContains(t, out, hostileKey, "%s: the API key shows", name)
		assert.NotContains(t, out, hostileSecret, "%s: the password shows", name)
	}
}

// lockedWriter serializes a log's writes.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// hostileOp is one operation of api/openapi.yaml as the hostile-server
// suite calls it: call makes exactly one SDK call of the operation with a
// valid argument. Every operation must have a row (see
// TestHostileSuiteCoversEveryOperation), so a new endpoint cannot skip
// the battery.
type hostileOp struct {
	method string
	cost   int64 // credits per successful call, as published (or assumed)
	call   func(ctx context.Context, c *registerdata.Client) error
	// id, when set, calls the operation with the given identifier (for
	// the hostile-id rows); nil for operations that take none.
	id func(ctx context.Context, c *registerdata.Client, id string) error
	// ok is the status the operation answers on success, when not 200
	// (TestHostileSuiteCoversEveryOperation checks it is one the
	// operation defines).
	ok int
}

// okStatus is the status the operation answers on success.
func (op hostileOp) okStatus() int {
	if op.ok == 0 {
		return http.StatusOK
	}
	return op.ok
}

const hostilePerson = "0f5c3e0a-8d8b-4f6e-9a55-3d8a7c2b1e44"

// hostileSecret is the Transparenzregister password of the suite's
// credential calls: it must never show in an error, a log line or a
// printed form.
const hostileSecret = "pw-9f1c7e2a-never-shown"

var hostileOps = map[string]hostileOp{
	"getCompany": {cost: registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetCompany(ctx, id, nil)
		return err
	}},
	"searchCompanies": {cost: registerdata.DefaultPrices().Of("POST /v1/search/company", false), method: http.MethodPost, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "gmbh"})
		return err
	}},
	"searchPersons": {cost: registerdata.DefaultPrices().Of("POST /v1/search/person", false), method: http.MethodPost, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.SearchPersons(ctx, registerdata.PersonSearchRequest{Query: "schmidt"})
		return err
	}},
	"createMonitor": {cost: registerdata.DefaultPrices().Of("POST /v1/monitor", false), method: http.MethodPost, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: id, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}})
		return err
	}},
	"listMonitors": {cost: 0, method: http.MethodGet, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.ListMonitors(ctx)
		return err
	}},
	"deleteMonitor": {cost: 0, method: http.MethodDelete, ok: http.StatusNoContent, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		return c.DeleteMonitor(ctx, id)
	}},
	"getCompanyFinancials": {cost: registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/financials", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetFinancials(ctx, id)
		return err
	}},
	"getDocumentCached": {cost: registerdata.DefaultPrices().Of("GET /v1/document/{document_id}", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetDocument(ctx, id)
		return err
	}},
	"getDocumentRealtime": {cost: registerdata.DefaultPrices().Of("GET /v1/document", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetRealtimeDocument(ctx, id, enums.DocumentCategoryCurrentPrintout)
		return err
	}},
	"getCompanyContact": {cost: registerdata.DefaultPrices().Of("GET /v0/company/{company_id}/contact", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetContactDetails(ctx, id)
		return err
	}},
	"lookupCompanyByURL": {cost: registerdata.DefaultPrices().Of("GET /v0/search/lookup", false), method: http.MethodGet, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.LookupCompanyByURL(ctx, "https://example.com")
		return err
	}},
	"autocompleteCompaniesV1": {cost: registerdata.DefaultPrices().Of("GET /v1/autocomplete/company", false), method: http.MethodGet, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.AutocompleteCompanies(ctx, "sie")
		return err
	}},
	"getCreditsV1": {cost: registerdata.DefaultPrices().Of("GET /v1/credits", false), method: http.MethodGet, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.GetCredits(ctx)
		return err
	}},
	"getCompanyOwners": {cost: registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetOwners(ctx, id, nil)
		return err
	}},
	"getCompanyUbos": {cost: registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/ubo", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetBeneficialOwners(ctx, id)
		return err
	}},
	"getCompanyOwnersHistorical": {cost: registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetOwnershipHistory(ctx, id)
		return err
	}},
	"getCompanyHoldings": {cost: registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/holdings", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetCompanyHoldings(ctx, id)
		return err
	}},
	"getPerson": {cost: registerdata.DefaultPrices().Of("GET /v1/person/{person_id}", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetPerson(ctx, id)
		return err
	}},
	"getPersonHoldings": {cost: registerdata.DefaultPrices().Of("GET /v1/person/{person_id}/holdings", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetPersonHoldings(ctx, id)
		return err
	}},
	"getInsolvency": {cost: registerdata.DefaultPrices().Of("GET /v1/insolvency/{insolvency_id}", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetInsolvency(ctx, id)
		return err
	}},
	"searchInsolvencies": {cost: registerdata.DefaultPrices().Of("POST /v1/search/insolvency", false), method: http.MethodPost, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{Query: "gmbh"})
		return err
	}},
	"setTransparencyCredentials": {cost: registerdata.DefaultPrices().Of("POST /v1/transparenzregister/credentials", false), method: http.MethodPost, ok: http.StatusCreated, call: func(ctx context.Context, c *registerdata.Client) error {
		return c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.com", Password: hostileSecret})
	}},
	"requestTransparencyExtract": {cost: registerdata.DefaultPrices().Of("POST /v1/transparenzregister/extracts", false), method: http.MethodPost, ok: http.StatusCreated, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: id})
		return err
	}},
	"getTransparencyExtract": {cost: registerdata.DefaultPrices().Of("GET /v1/transparenzregister/extracts/{extract_id}", false), method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetTransparencyExtract(ctx, id)
		return err
	}},
}

// hostileIDFor is the valid identifier an id-taking operation is called
// with in the battery.
var hostileIDFor = map[string]string{
	"getPerson":              hostilePerson,
	"getPersonHoldings":      hostilePerson,
	"getDocumentCached":      "3b7e5f2c-1d4a-4c8e-9f60-2a1b3c4d5e6f",
	"getInsolvency":          "5c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e",
	"getTransparencyExtract": "7d2e3f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f",
}

// run calls op with its valid argument.
func (op hostileOp) run(ctx context.Context, c *registerdata.Client, name string) error {
	if op.id == nil {
		return op.call(ctx, c)
	}
	id, ok := hostileIDFor[name]
	if !ok {
		id = knownCompany
	}
	return op.id(ctx, c, id)
}

// openAPISuccesses lists the operationIds of api/openapi.yaml with their
// methods and their 2xx statuses.
func openAPISuccesses(t *testing.T) (methods map[string]string, successes map[string][]int) {
	t.Helper()
	doc := openAPIDoc(t)
	methods, successes = map[string]string{}, map[string][]int{}
	for _, path := range doc.Paths.InMatchingOrder() {
		for method, op := range doc.Paths.Find(path).Operations() {
			methods[op.OperationID] = method
			for code := range op.Responses.Map() {
				if n, err := strconv.Atoi(code); err == nil && n >= 200 && n <= 299 {
					successes[op.OperationID] = append(successes[op.OperationID], n)
				}
			}
		}
	}
	return methods, successes
}

// TestHostileSuiteCoversEveryOperation fails when an operation of
// api/openapi.yaml has no row in hostileOps (or a row names none), so a
// new endpoint cannot skip the hostile-server battery.
func TestHostileSuiteCoversEveryOperation(t *testing.T) {
	ops, successStatuses := openAPISuccesses(t)
	var missing, stale []string
	for id, method := range ops {
		row, ok := hostileOps[id]
		if !ok {
			missing = append(missing, id)
			continue
		}
		require.Equal(t, method, row.method, "%s: the row's method", id)
		require.Contains(t, successStatuses[id], row.okStatus(), "%s: the row's success status is not one the operation defines", id)
		require.True(t, (row.call == nil) != (row.id == nil), "%s: a row has exactly one of call and id", id)
	}
	for id := range hostileOps {
		if _, ok := ops[id]; !ok {
			stale = append(stale, id)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	require.Empty(t, missing, "operations of api/openapi.yaml without a row in hostileOps")
	require.Empty(t, stale, "rows of hostileOps naming no operation of api/openapi.yaml")
}

// openAPIDoc loads api/openapi.yaml.
func openAPIDoc(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPI)
	require.NoError(t, err)
	return doc
}
