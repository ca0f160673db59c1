package registerdata_test

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/registerdata/registerdata-go/webhook"
)

// TestDesignPublicAPI uses every public name DESIGN.md fixes, written as
// DESIGN.md writes it, end to end against the fake: renaming one breaks
// the build, and each call's result is checked.
func TestDesignPublicAPI(t *testing.T) {
	ctx := context.Background()
	received := make(chan *webhook.Event, 1)
	clk := fake.NewClock(time.Now().UTC())
	verifier, err := webhook.NewVerifier("whsec_"+"c2VjcmV0LWZvci10aGUtZGVzaWduLXRlc3Q=",
		webhook.WithTolerance(5*time.Minute)) // deliveries are signed with the wall-clock time of sending
	require.NoError(t, err)
	var handler http.Handler = webhook.Handler(verifier, func(_ context.Context, ev *webhook.Event) error {
		received <- ev
		return nil
	})
	receiver := httptest.NewServer(handler)
	defer receiver.Close()

	srv := fake.NewServer(fake.WithCredits(1000), fake.WithClock(clk), fake.WithGenerated(50),
		fake.WithWebhookEndpoint(receiver.URL, "whsec_"+"c2VjcmV0LWZvci10aGUtZGVzaWduLXRlc3Q="))
	defer srv.Close()
	c, err := registerdata.NewClient(
		registerdata.WithAPIKey(srv.APIKey),
		registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{Timeout: 10 * time.Second}),
		registerdata.WithMaxRetries(2),
		registerdata.WithRateLimit(100, 10),
		registerdata.WithCreditBudget(500),
		registerdata.WithLogger(slog.New(slog.DiscardHandler)),
	)
	require.NoError(t, err)
	assert.Equal(t, "https://api.openregister.de", registerdata.DefaultBaseURL)

	co, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", &registerdata.GetCompanyParams{Realtime: true, Export: false})
	require.NoError(t, err)
	assert.Equal(t, "DE-HRB-F1103-267645", co.ID)
	assert.Equal(t, enums.RegisterTypeHRB, co.Register.RegisterType)
	assert.NotEmpty(t, co.Name.Name)
	assert.NotEmpty(t, co.Representation[0].RoleDetail.Code.Normalize())
	assert.NotEmpty(t, co.Sources[0].DocumentURL)
	assert.NotEmpty(t, co.IndustryCodes.WZ2025)
	var rep registerdata.Representative = co.Representation[0]
	var detail registerdata.RoleDetail = rep.RoleDetail
	ind, ok := co.LatestIndicators()
	require.True(t, ok)
	var revenue *int64 = ind.Revenue
	var _ *registerdata.Transaction = co.MergedInto
	var _ []registerdata.InsolvencySummary = co.Insolvencies
	var _ *registerdata.Contact = co.Contact
	var _ registerdata.Source = co.Sources[0]
	assert.NotEmpty(t, detail.LabelEN)
	assert.NotNil(t, revenue)
	var d registerdata.Date = co.IncorporatedAt
	assert.Equal(t, d.String(), d.Time().Format("2006-01-02"))

	fs, err := filters.Company().
		Eq(filters.Status, "active").
		In(filters.LegalForm, "gmbh", "ag").
		Between(filters.Revenue, "100000000", "900000000000").
		AtLeast(filters.Employees, "1").
		AtMost(filters.Employees, "100000").
		Keywords(filters.Field("purpose"), "software").
		Build()
	require.NoError(t, err)
	var f filters.Filter = fs[0]
	assert.Equal(t, filters.Filter{Field: filters.Status, Value: "active"}, f)
	_ = filters.HasOpenInsolvency
	_ = filters.City

	res, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "", Filters: fs[:3],
		Location: nil, Pagination: registerdata.PageRequest{Page: 1, PerPage: 50}})
	require.NoError(t, err)
	var results []registerdata.CompanySearchResult = res.Results
	var page registerdata.Pagination = res.Pagination
	assert.Equal(t, len(results), page.TotalResults, "one page holds them all")
	n := 0
	for r, err := range c.SearchCompaniesSeq(ctx, registerdata.CompanySearchRequest{Filters: fs[:3], Pagination: registerdata.PageRequest{PerPage: 2}}) {
		require.NoError(t, err)
		assert.NotEmpty(t, r.CompanyID)
		n++
	}
	assert.Equal(t, page.TotalResults, n, "the iterator walks every page")

	pfs, err := filters.Person().Eq(filters.Field("active"), "true").Build()
	require.NoError(t, err)
	pres, err := c.SearchPersons(ctx, registerdata.PersonSearchRequest{Query: "albers", Filters: pfs, Pagination: registerdata.PageRequest{Page: 1, PerPage: 10}})
	require.NoError(t, err)
	require.NotEmpty(t, pres.Results)
	var person registerdata.PersonSearchResult = pres.Results[0]
	for p, err := range c.SearchPersonsSeq(ctx, registerdata.PersonSearchRequest{Query: "albers"}) {
		require.NoError(t, err)
		assert.Equal(t, person.ID, p.ID)
		break
	}

	m, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: co.ID, EntityType: enums.EntityTypeCompany,
		Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyDaily})
	require.NoError(t, err)
	var ms []registerdata.Monitor
	ms, err = c.ListMonitors(ctx)
	require.NoError(t, err)
	require.Len(t, ms, 1)
	assert.Equal(t, registerdata.Monitor{EntityID: m.EntityID, EntityType: m.EntityType, Preferences: m.Preferences,
		UpdateFrequency: m.UpdateFrequency, Disabled: false}, ms[0])
	assert.True(t, enums.PreferenceManagementPositions.ValidFor(enums.EntityTypePerson))
	assert.True(t, enums.LegalFormGmbH.IsKnown())
	assert.Equal(t, enums.RoleCodeExecutive, enums.RoleCodeExecutive.Normalize())

	require.NoError(t, srv.UpdateCompany(co.ID, func(c *registerdata.Company) { c.Status = enums.CompanyStatusLiquidation }))
	clk.Advance(25 * time.Hour) // returns after the due delivery was attempted
	var ev *webhook.Event
	select {
	case ev = <-received:
	default:
		t.Fatalf("no verified event after the daily check; deliveries: %+v", srv.Deliveries())
	}
	assert.Equal(t, webhook.Event{ID: ev.ID, Timestamp: ev.Timestamp, Type: "monitor.change", EntityType: enums.EntityTypeCompany,
		EntityID: co.ID, Categories: []string{"basic"}, Raw: ev.Raw, DetectedAt: ev.DetectedAt, Changes: ev.Changes}, *ev)
	assert.True(t, json.Valid(ev.Raw))
	assert.False(t, ev.Timestamp.IsZero())

	require.NoError(t, c.DeleteMonitor(ctx, co.ID))
	// 20 (realtime lookup) + 10 + pages of 2 + 10 + 10 (one page of the person walk) + 50 (daily monitor).
	pages := (page.TotalResults + 1) / 2
	assert.Equal(t, int64(20+10+10*pages+10+10+50), c.CreditsSpent())

	_, err = c.GetCompany(ctx, "DE-HRB-X0000-0", nil)
	var apiErr *registerdata.APIError
	require.ErrorAs(t, err, &apiErr)
	assert.Equal(t, http.StatusNotFound, apiErr.StatusCode)
	assert.NotEmpty(t, apiErr.Code)
	assert.NotEmpty(t, apiErr.Message)
	assert.NotEmpty(t, apiErr.RequestID)
	assert.NotEmpty(t, apiErr.Body)
	for _, sentinel := range []error{registerdata.ErrInvalidRequest, registerdata.ErrUnauthorized, registerdata.ErrInsufficientCredits,
		registerdata.ErrNotFound, registerdata.ErrRateLimited, registerdata.ErrServer, registerdata.ErrBudgetExceeded} {
		assert.Equal(t, sentinel == registerdata.ErrNotFound, errors.Is(err, sentinel), "%v", sentinel)
	}
	assert.Equal(t, clk.Now(), srv.Clock().Now())
	now := time.Now() // receivers verify against their own clock
	sig, err := webhook.Sign("whsec_"+"c2VjcmV0LWZvci10aGUtZGVzaWduLXRlc3Q=", "msg_1", now, []byte(`{}`))
	require.NoError(t, err)
	assert.Contains(t, sig, "v1,")
	h := http.Header{}
	h.Set("webhook-id", "msg_1")
	h.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
	h.Set("webhook-signature", sig)
	assert.NoError(t, verifier.Verify(h, []byte(`{}`)))
	_, err = verifier.Parse(h, []byte(`{"type":"monitor.change"}`))
	assert.Error(t, err, "the signature covers the exact body")
}
