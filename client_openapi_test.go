package registerdata_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/registerdata/registerdata-go/internal/contract"
)

// contractSetup is a fake whose handler is checked by contract.Middleware,
// reached through an HTTP client whose transport is checked by
// contract.Transport: every exchange is validated on both sides.
type contractSetup struct {
	srv  *fake.Server
	url  string       // the checked server's base URL
	hc   *http.Client // checked by contract.Transport
	hook *httptest.Server
	clk  *fake.Clock
}

const contractSecret = "whsec_Y29udHJhY3QtdGVzdC1zaWduaW5nLXNlY3JldC0wMQ=="

func newContractSetup(t *testing.T) *contractSetup {
	t.Helper()
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent) // the receiver's answer; the payload is checked from the fake's record
	}))
	t.Cleanup(hook.Close)
	clk := fake.NewClock(time.Date(2025, 3, 3, 6, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk), fake.WithWebhookEndpoint(hook.URL, contractSecret))
	t.Cleanup(srv.Close)
	checked := httptest.NewServer(contract.Middleware(t, srv.Handler()))
	t.Cleanup(checked.Close)
	return &contractSetup{srv: srv, url: checked.URL, hc: &http.Client{Transport: contract.Transport(t, nil)}, hook: hook, clk: clk}
}

// client returns an SDK client for key that does not retry, so each call
// is one exchange.
func (s *contractSetup) client(t *testing.T, key string) *registerdata.Client {
	t.Helper()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(key), registerdata.WithBaseURL(s.url),
		registerdata.WithHTTPClient(s.hc), registerdata.WithMaxRetries(0))
	require.NoError(t, err)
	return c
}

// personID finds a natural person of the curated register.
func (s *contractSetup) personID(t *testing.T) string {
	t.Helper()
	for _, id := range s.srv.CompanyIDs() {
		c, _ := s.srv.Company(id)
		for _, r := range c.Representation {
			if r.Type == enums.RepresentativeTypeNaturalPerson && r.ID != nil {
				return *r.ID
			}
		}
	}
	t.Fatal("the curated register has no natural person with an id")
	return ""
}

const contractCompanyID = "DE-HRB-F1103-267645"

func TestContractClientSuccesses(t *testing.T) {
	s := newContractSetup(t)
	c := s.client(t, s.srv.APIKey)
	ctx := context.Background()

	for _, p := range []*registerdata.GetCompanyParams{nil, {Realtime: true}, {Export: true}} {
		co, err := c.GetCompany(ctx, contractCompanyID, p)
		require.NoError(t, err)
		assert.Equal(t, contractCompanyID, co.ID)
	}

	fs, err := filters.Company().Eq(filters.Status, "active").AtLeast(filters.Revenue, "1").Build()
	require.NoError(t, err)
	_, err = c.SearchCompanies(ctx, registerdata.CompanySearchRequest{
		Query: "nordlicht", Filters: fs, Location: &registerdata.Location{Latitude: 53.55, Longitude: 9.99, Radius: 500},
		Pagination: registerdata.PageRequest{Page: 1, PerPage: 5}})
	require.NoError(t, err)
	walked := 0
	for _, err := range c.SearchCompaniesSeq(ctx, registerdata.CompanySearchRequest{Pagination: registerdata.PageRequest{PerPage: 2}}, registerdata.MaxPages(3)) {
		require.NoError(t, err)
		walked++
	}
	assert.Equal(t, 6, walked, "three pages of two: an empty search lists the register")

	pfs, err := filters.Person().Active(true).Build()
	require.NoError(t, err)
	_, err = c.SearchPersons(ctx, registerdata.PersonSearchRequest{Query: "a", Filters: pfs, Pagination: registerdata.PageRequest{PerPage: 3}})
	require.NoError(t, err)
	for _, err := range c.SearchPersonsSeq(ctx, registerdata.PersonSearchRequest{Pagination: registerdata.PageRequest{PerPage: 2}}, registerdata.MaxPages(2)) {
		require.NoError(t, err)
	}

	person := s.personID(t)
	for _, r := range []registerdata.MonitorRequest{
		{EntityID: contractCompanyID, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyDaily},
		{EntityID: person, EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceManagementPositions}},
	} {
		_, err := c.CreateMonitor(ctx, r)
		require.NoError(t, err)
	}
	ms, err := c.ListMonitors(ctx)
	require.NoError(t, err)
	assert.Len(t, ms, 2)

	// A change makes the fake deliver a webhook; its payload is checked
	// against the WebhookEvent schema.
	require.NoError(t, s.srv.UpdateCompany(contractCompanyID, func(co *registerdata.Company) { co.Name.Name = "Umbenannt GmbH" }))
	s.clk.Advance(25 * time.Hour)
	ds := s.srv.Deliveries()
	require.NotEmpty(t, ds, "the daily check delivers the rename")
	for _, d := range ds {
		assert.NoError(t, contract.ValidateJSON("WebhookEvent", d.Body))
	}

	require.NoError(t, c.DeleteMonitor(ctx, person))
	require.NoError(t, c.DeleteMonitor(ctx, contractCompanyID))
}

// TestContractInsolvencyAndTransparency sends every insolvency and
// Transparenzregister call, successes and refusals, through the checked
// fake: each request and answer is validated against api/openapi.yaml
// on both sides.
func TestContractInsolvencyAndTransparency(t *testing.T) {
	s := newContractSetup(t)
	c := s.client(t, s.srv.APIKey)
	ctx := context.Background()

	ids := s.srv.InsolvencyIDs()
	require.NotEmpty(t, ids)
	for _, id := range ids {
		_, err := c.GetInsolvency(ctx, id)
		require.NoError(t, err)
	}
	_, err := c.GetInsolvency(ctx, "0f0f0f0f-0000-4000-8000-000000000000")
	assert.ErrorIs(t, err, registerdata.ErrNotFound)

	fs, err := filters.Insolvency().CurrentStatus(enums.InsolvencyStatusOpened).Open(true).
		Between(filters.OpenedAt, "2000-01-01", "2030-12-31").Build()
	require.NoError(t, err)
	_, err = c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{Query: "amtsgericht", Filters: fs, Pagination: registerdata.PageRequest{Page: 1, PerPage: 2}})
	require.NoError(t, err)
	for _, err := range c.SearchInsolvenciesSeq(ctx, registerdata.InsolvencySearchRequest{Pagination: registerdata.PageRequest{PerPage: 5}}) {
		require.NoError(t, err)
	}
	_, err = c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{Filters: []filters.Filter{{Field: "revenue", Min: "1"}}})
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest, "the fake refuses a field the insolvency search does not know")

	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: contractCompanyID})
	assert.ErrorIs(t, err, registerdata.ErrNotFound, "no credentials stored yet")
	require.NoError(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "correct-horse-battery"}))
	assert.ErrorIs(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "short"}), registerdata.ErrUnauthorized)
	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: "DE-HRB-X0000-1"})
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
	for _, req := range []registerdata.TransparencyExtractRequest{{CompanyID: contractCompanyID}, {CredentialName: registerdata.SandboxCredentialName}} {
		ex, err := c.RequestTransparencyExtract(ctx, req)
		require.NoError(t, err)
		_, err = c.GetTransparencyExtract(ctx, ex.ID)
		require.NoError(t, err)
		s.clk.Advance(2 * time.Minute)
		done, err := c.GetTransparencyExtract(ctx, ex.ID)
		require.NoError(t, err)
		assert.Equal(t, enums.ExtractStatusCompleted, done.Status)
	}
	_, err = c.GetTransparencyExtract(ctx, "tre_0")
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
}

// TestContractTransparencyAndMonitorRefusals sends each documented
// refusal of the Transparenzregister (SPEC-DOCS B.1 to B.3) and of a
// monitor's creation (C) through the checked fake, so that every status
// the fake answers is one api/openapi.yaml lists for the operation, with
// its body.
func TestContractTransparencyAndMonitorRefusals(t *testing.T) {
	s := newContractSetup(t)
	ctx := context.Background()
	c := s.client(t, s.srv.APIKey)
	login := registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "correct-horse-battery"}

	require.NoError(t, c.SetTransparencyCredentials(ctx, login), "201")
	ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: contractCompanyID})
	require.NoError(t, err)
	var info registerdata.ResponseInfo
	_, err = c.GetTransparencyExtract(ctx, ex.ID, registerdata.WithResponseInfo(&info))
	require.NoError(t, err)
	assert.Equal(t, http.StatusAccepted, info.StatusCode, "processing")

	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: contractCompanyID, CredentialName: "nobody"})
	assert.ErrorIs(t, err, registerdata.ErrNotFound, "404: no credentials under the name")
	for i := range fake.MaxTransparencyCredentialSets - 1 {
		require.NoError(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: login.Username, Password: login.Password, Name: fmt.Sprint("set-", i)}))
	}
	assert.ErrorIs(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: login.Username, Password: login.Password, Name: "one-too-many"}),
		registerdata.ErrConflict, "409: the most credential sets")
	require.NoError(t, s.srv.SetTransparencyLoginLocked(s.srv.APIKey, "set-0", true))
	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: contractCompanyID, CredentialName: "set-0"})
	assert.ErrorIs(t, err, registerdata.ErrForbidden, "403: the EiS account is locked")
	const ambiguous = "DE-HRB-F1103-315870"
	require.NoError(t, s.srv.SetTransparencyOutcome(ambiguous, fake.TransparencyAmbiguous))
	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: ambiguous})
	assert.ErrorIs(t, err, registerdata.ErrConflict, "409: several entities match")

	for access, want := range map[fake.TransparencyAccess]error{fake.TransparencyNeedsPaidPlan: registerdata.ErrInsufficientCredits, fake.TransparencyNotEnabled: registerdata.ErrForbidden} {
		key := "key-" + string(access)
		s.srv.SetCredits(key, 1000)
		require.NoError(t, s.srv.SetTransparencyAccess(key, access))
		ck := s.client(t, key)
		assert.ErrorIs(t, ck.SetTransparencyCredentials(ctx, login), want, "%s: credentials", access)
		_, err := ck.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
		assert.ErrorIs(t, err, want, "%s: extract", access)
	}

	quota := "key-quota"
	s.srv.SetCredits(quota, int64(fake.DefaultExtractQuota+1)*registerdata.DefaultPrices().Of("POST /v1/transparenzregister/extracts", false))
	cq := s.client(t, quota)
	require.NoError(t, cq.SetTransparencyCredentials(ctx, login))
	for range fake.DefaultExtractQuota {
		_, err := cq.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: contractCompanyID})
		require.NoError(t, err)
	}
	_, err = cq.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: contractCompanyID})
	assert.ErrorIs(t, err, registerdata.ErrQuotaExhausted, "429: the 30-day quota")

	noMonitoring := "key-no-monitoring"
	s.srv.SetCredits(noMonitoring, 1000)
	s.srv.SetMonitoringPlan(noMonitoring, false)
	_, err = s.client(t, noMonitoring).CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: contractCompanyID, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic}})
	assert.ErrorIs(t, err, registerdata.ErrForbidden, "403: no monitoring access")
}
