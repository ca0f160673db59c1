package fake

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// flakyReceiver is a webhook endpoint that answers 500 while failing is
// set and 204 otherwise.
type flakyReceiver struct {
	srv     *httptest.Server
	failing atomic.Bool
}

func newFlakyReceiver(t *testing.T) *flakyReceiver {
	rc := &flakyReceiver{}
	rc.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		if rc.failing.Load() {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(rc.srv.Close)
	return rc
}

// exchange sends the same request to a fake and answers the status, the
// request id and the body with the fake's address replaced, so two fakes
// can be compared.
func exchange(t *testing.T, srv *Server, method, path, body string, header ...string) string {
	t.Helper()
	var rd *strings.Reader
	if body != "" {
		rd = strings.NewReader(body)
	} else {
		rd = strings.NewReader("")
	}
	req, err := http.NewRequest(method, srv.URL+path, rd)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+srv.APIKey)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	var b bytes.Buffer
	_, _ = b.ReadFrom(res.Body)
	return fmt.Sprintf("%d %s %s", res.StatusCode, res.Header.Get("X-Request-Id"), strings.ReplaceAll(b.String(), srv.URL, "BASE"))
}

// randomOps changes srv in n random ways (seeded): register changes,
// owners, monitors, insolvency events, extracts, credits, faults, clock
// advances with deliveries to rc, which fails now and then.
func randomOps(t *testing.T, srv *Server, clk *Clock, rc *flakyReceiver, rng *rand.Rand, n int) {
	t.Helper()
	ids := srv.CompanyIDs()
	persons := srv.Persons()
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	for i := range n {
		switch rng.IntN(11) {
		case 0:
			require.NoError(t, srv.UpdateCompany(pick(ids), renameTo(fmt.Sprintf("Umbenannt %d GmbH", i))))
		case 1:
			owner, pct := pick(persons), float64(10+rng.IntN(80))
			id := pick(ids)
			_ = srv.SetOwners(id, []registerdata.Owner{{ID: &owner, Name: "Eigentümer " + owner[:4], Type: enums.RepresentativeTypeNaturalPerson,
				RelationType: enums.RelationTypeShareholder, PercentageShare: &pct, NominalShare: 1000}}) // may refuse (self-owning, ...)
		case 2:
			body := fmt.Sprintf(`{"entity_id": %q, "entity_type": "company", "preferences": ["basic", "representation", "ownership", "insolvencies"], "update_frequency": %q}`,
				pick(ids), []string{"daily", "weekly"}[rng.IntN(2)])
			exchange(t, srv, http.MethodPost, "/v1/monitor", body)
		case 3:
			exchange(t, srv, http.MethodPost, "/v1/monitor", fmt.Sprintf(`{"entity_id": %q, "entity_type": "person", "preferences": ["basic", "holdings", "representation", "insolvencies"]}`, pick(persons)))
		case 4:
			if ms := srv.Monitors(srv.APIKey); len(ms) > 0 {
				exchange(t, srv, http.MethodDelete, "/v1/monitor/"+ms[rng.IntN(len(ms))].EntityID, "")
			}
		case 5:
			rc.failing.Store(rng.IntN(3) == 0)
			clk.Advance(time.Duration(rng.IntN(72)) * time.Hour)
		case 6:
			if ins := srv.InsolvencyIDs(); len(ins) > 0 {
				_ = srv.AddInsolvencyEvent(pick(ins), registerdata.InsolvencyEvent{EventType: enums.InsolvencyEventTypeProceedingsOpened})
			}
		case 7:
			exchange(t, srv, http.MethodPost, "/v1/transparenzregister/extracts", `{}`, "X-Credential-Name", "sandbox")
			exchange(t, srv, http.MethodPost, "/v1/transparenzregister/credentials", `{"username": "u", "password": "p", "name": "prod"}`)
			exchange(t, srv, http.MethodPost, "/v1/transparenzregister/extracts", fmt.Sprintf(`{"company_id": %q}`, pick(ids)), "X-Credential-Name", "prod")
		case 8:
			exchange(t, srv, http.MethodGet, "/v1/company/"+pick(ids), "")
			srv.SetCredits("second-key", int64(rng.IntN(1000)))
		case 9:
			c, _ := srv.Company(pick(ids))
			c.ID = fmt.Sprintf("DE-HRB-F1103-9%05d", i)
			c.Register.CompanyID, c.Register.RegisterNumber, c.Register.RegisterType = c.ID, fmt.Sprintf("9%05d", i), enums.RegisterTypeHRB
			c.Registers = []registerdata.CompanyRegister{c.Register}
			c.Insolvencies = nil
			require.NoError(t, srv.AddCompany(c))
			ids = append(ids, c.ID)
		case 10:
			require.NoError(t, srv.InjectFault(Fault{PathPrefix: "/v1/none/", Count: 1 + rng.IntN(3), Status: 503}))
		}
	}
}

// observe sends the same requests to a fake, touching every endpoint,
// and returns the answers.
func observe(t *testing.T, srv *Server, ids, persons, proceedings []string) []string {
	t.Helper()
	var out []string
	add := func(method, path, body string, header ...string) {
		out = append(out, method+" "+path+" -> "+exchange(t, srv, method, path, body, header...))
	}
	for _, id := range ids {
		add("GET", "/v1/company/"+id, "")
		add("GET", "/v1/company/"+id+"/owners?best_available=true", "")
		add("GET", "/v1/company/"+id+"/ubo", "")
		add("GET", "/v1/company/"+id+"/holdings", "")
		add("GET", "/v1/company/"+id+"/owners/historical", "")
		add("GET", "/v1/company/"+id+"/financials", "")
		add("GET", "/v0/company/"+id+"/contact", "")
	}
	for _, p := range persons {
		add("GET", "/v1/person/"+p, "")
		add("GET", "/v1/person/"+p+"/holdings", "")
	}
	for _, p := range proceedings {
		add("GET", "/v1/insolvency/"+p, "")
	}
	add("POST", "/v1/search/company", `{"query": {"value": "umbenannt"}, "pagination": {"per_page": 100}}`)
	add("POST", "/v1/search/company", `{"filters": [{"field": "number_of_owners", "min": "1"}], "pagination": {"per_page": 100}}`)
	add("POST", "/v1/search/person", `{"pagination": {"per_page": 100}}`)
	add("POST", "/v1/search/insolvency", `{"pagination": {"per_page": 100}}`)
	add("GET", "/v1/autocomplete/company?query=umb", "")
	add("GET", "/v1/monitor", "")
	add("GET", "/v1/credits", "")
	for i := range 4 {
		add("GET", fmt.Sprintf("/v1/transparenzregister/extracts/tre_%d", 1001+i), "")
	}
	add("GET", "/v1/none/x", "")
	return out
}

// comparableDeliveries are the delivery records without the wall-clock
// time of sending.
func comparableDeliveries(srv *Server) []Delivery {
	ds := srv.Deliveries()
	for i := range ds {
		for j := range ds[i].Attempts {
			ds[i].Attempts[j].SentAt = time.Time{}
			ds[i].Attempts[j].Error = ""
		}
	}
	return ds
}

// TestSnapshotRestoresEveryAnswer is the property: after random
// operations, a fake restored from a snapshot answers every endpoint as
// the saved one does, then goes on the same way (billing, monitor checks,
// delivery retries, ids) as both clocks advance.
func TestSnapshotRestoresEveryAnswer(t *testing.T) {
	t.Parallel() // one of the package's longest; each seed has its own fakes, clocks and receiver
	for seed := range uint64(3) {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			t.Parallel()
			rc := newFlakyReceiver(t)
			clk := NewClock(testStart)
			a := NewServer(WithClock(clk), WithSeed(int64(seed)), WithGenerated(12), WithWebhookEndpoint(rc.srv.URL, testSecret), WithCredits(50_000))
			t.Cleanup(a.Close)
			randomOps(t, a, clk, rc, rand.New(rand.NewPCG(seed, 7)), 60)

			var snap bytes.Buffer
			require.NoError(t, a.Snapshot(&snap))
			clkB := NewClock(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))
			b := NewServer(WithSnapshot(bytes.NewReader(snap.Bytes())), WithClock(clkB), WithWebhookEndpoint(rc.srv.URL, testSecret))
			t.Cleanup(b.Close)
			require.Equal(t, clk.Now(), clkB.Now(), "the clock is restored")

			ids := a.CompanyIDs()
			require.Equal(t, ids, b.CompanyIDs())
			persons := a.Persons()
			require.Equal(t, persons, b.Persons())
			proceedings := a.InsolvencyIDs()
			require.Equal(t, proceedings, b.InsolvencyIDs())
			assert.Equal(t, a.PendingFaults(), b.PendingFaults())
			assert.Equal(t, a.Credits("second-key"), b.Credits("second-key"))
			assert.Equal(t, comparableDeliveries(a), comparableDeliveries(b))

			assert.Equal(t, observe(t, a, ids, persons, proceedings), observe(t, b, ids, persons, proceedings))
			for _, fail := range []bool{true, false} {
				rc.failing.Store(fail)
				clk.Advance(8 * 24 * time.Hour)
				clkB.Advance(8 * 24 * time.Hour)
				assert.Equal(t, comparableDeliveries(a), comparableDeliveries(b), "deliveries go on alike")
			}
			assert.Equal(t, a.Credits(a.APIKey), b.Credits(b.APIKey), "monthly billing goes on alike")
			assert.Equal(t, observe(t, a, ids, persons, proceedings), observe(t, b, ids, persons, proceedings))
		})
	}
}

// TestSnapshotVersionsAndMistakes: a snapshot of another version, a file
// that is no snapshot and a damaged one fail with a clear error; the
// webhook secret is not written; GET /_fake/snapshot serves the same
// state.
func TestSnapshotVersionsAndMistakes(t *testing.T) {
	srv, _ := newTestServer(t, WithWebhookEndpoint("http://127.0.0.1:9/hook", testSecret))
	var snap bytes.Buffer
	require.NoError(t, srv.Snapshot(&snap))
	assert.NotContains(t, snap.String(), testSecret, "the webhook secret is not saved")
	assert.Contains(t, snap.String(), `"version":1`)

	for name, tc := range map[string]struct{ data, want string }{
		"older version":  {strings.Replace(snap.String(), `"version":1`, `"version":0`, 1), "format version 0; this fake reads version 1"},
		"newer version":  {strings.Replace(snap.String(), `"version":1`, `"version":2`, 1), "format version 2; this fake reads version 1"},
		"not a snapshot": {`{"companies": []}`, "not a registerfake snapshot"},
		"not JSON":       {`registerfake`, "not a registerfake snapshot"},
		"damaged":        {strings.Replace(snap.String(), `"accounts":{`, `"accounts":{"k":7,`, 1), "the snapshot is damaged"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Listen("127.0.0.1:0", WithSnapshot(strings.NewReader(tc.data)))
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}

	res := do(t, http.MethodGet, srv.URL+"/_fake/snapshot", "", "")
	require.Equal(t, http.StatusOK, res.status)
	restored, err := Listen("127.0.0.1:0", WithSnapshot(bytes.NewReader(res.body)))
	require.NoError(t, err)
	defer restored.Close()
	assert.Equal(t, srv.CompanyIDs(), restored.CompanyIDs())
	assert.Equal(t, srv.Clock().Now(), restored.Clock().Now())
}
