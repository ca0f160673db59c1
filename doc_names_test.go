package registerdata_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"iter"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"testing/fstest"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
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

// TestRoundThreeNamesAsDesignFixesThem spells the public names DESIGN.md's
// round 3 fixes exactly as written there, so that a change to any of them
// fails here before it breaks a user's build.
func TestRoundThreeNamesAsDesignFixesThem(t *testing.T) {
	srv := fake.NewServer(fake.WithSeed(1), fake.WithData(fstest.MapFS{}))
	defer srv.Close()
	var snap bytes.Buffer
	if err := srv.Snapshot(&snap); err != nil {
		t.Fatal(err)
	}
	restored := fake.NewServer(fake.WithSnapshot(&snap))
	defer restored.Close()

	var observer registerdata.Observer = nopObserver{}
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithObserver(observer))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()

	// Escape hatch.
	var out json.RawMessage
	var cost registerdata.CallOption = registerdata.WithCost(10)
	var header registerdata.CallOption = registerdata.WithHeader("X-Correlation-Id", "t")
	if err := c.Do(ctx, "GET", "/v1/company/DE-HRB-F1103-267645/owners", nil, &out, cost, header); err != nil || len(out) == 0 {
		t.Fatalf("Do: %v", err)
	}
	var shares [3]func() (float64, bool)
	shares[0] = registerdata.Owner{}.SharePercent
	shares[1] = registerdata.BeneficialOwner{}.SharePercent
	shares[2] = registerdata.Holding{}.SharePercent
	if _, ok := shares[2](); ok || registerdata.Version == "" {
		t.Error("SharePercent of an unknown share, or Version")
	}

	// Matching.
	q := registerdata.MatchQuery{Name: "Nordlicht Solartechnik", City: "Berlin", PostalCode: "", Street: "", Register: "HRB 267645 B", VATID: "", LEI: "", Website: ""}
	m, err := c.MatchCompany(ctx, q, &registerdata.MatchOptions{MinScore: 0.85, MaxCredits: 30, MaxCandidates: 5})
	if err != nil {
		t.Fatal(err)
	}
	var best *registerdata.MatchCandidate = m.Best
	var cands []registerdata.MatchCandidate = m.Candidates
	var credits int64 = m.Credits
	if best == nil || best.CompanyID != "DE-HRB-F1103-267645" || len(cands) == 0 || credits < 0 {
		t.Fatalf("MatchCompany: %+v", m)
	}
	var _ = registerdata.MatchCandidate{CompanyID: "", Name: "", Score: 0, Reasons: nil, Result: registerdata.CompanySearchResult{}}
	var seq iter.Seq2[registerdata.MatchResult, error] = c.MatchCompaniesSeq(ctx, []registerdata.MatchQuery{q}, registerdata.BatchOptions{})
	for r, err := range seq {
		var _ = registerdata.MatchResult{Index: r.Index, Query: r.Query, Match: r.Match, Err: r.Err}
		if err != nil || r.Err != nil {
			t.Fatal(err, r.Err)
		}
	}
	ref, err := registerdata.ParseRegisterReference("AG Charlottenburg (HRB 267645 B)")
	var _ = registerdata.RegisterReference{Type: enums.RegisterTypeHRB, Number: "", Court: "", CourtCode: ""}
	if err != nil || ref.CourtCode != "F1103" || ref.Number != "267645 B" && ref.Number != "267645" {
		t.Errorf("ParseRegisterReference: %+v %v", ref, err)
	}

	// Changes.
	var cs []changes.Change = changes.Company(&registerdata.Company{}, &registerdata.Company{})
	cs = append(cs, changes.Owners(&registerdata.Owners{}, &registerdata.Owners{})...)
	cs = append(cs, changes.Person(&registerdata.Person{}, &registerdata.Person{})...)
	var _ = changes.Change{Category: enums.PreferenceBasic, Kind: changes.Added, Field: "", Subject: "", Before: "", After: ""}
	var _ = []changes.Kind{changes.Added, changes.Removed, changes.Modified}
	var store changes.Store = changes.NewMemoryStore()
	w := changes.NewWatcher(c, store, func(context.Context, changes.Set) error { return nil })
	var _ http.Handler = webhook.Handler(nil, w.Handle)
	var _ = changes.Set{EntityType: enums.EntityTypeCompany, EntityID: "", EventID: "", DetectedAt: time.Time{}, Changes: cs, Credits: 0}
	var poll iter.Seq2[changes.Set, error] = changes.Poll(ctx, c, store, nil, changes.PollOptions{Every: 24 * time.Hour})
	_ = poll
	var _ registerdata.Cache = store // the method set of registerdata.Cache
}

// nopObserver is the smallest Observer.
type nopObserver struct{}

func (nopObserver) CallStart(ctx context.Context, call registerdata.CallInfo) context.Context {
	var _ = registerdata.CallInfo{Method: call.Method, Route: call.Route, Path: call.Path, Cost: call.Cost}
	return ctx
}

func (nopObserver) CallEnd(_ context.Context, _ registerdata.CallInfo, r registerdata.CallResult) {
	var _ = registerdata.CallResult{StatusCode: r.StatusCode, Attempts: r.Attempts, Charged: r.Charged, Cached: r.Cached,
		RequestID: r.RequestID, Duration: r.Duration, Err: r.Err}
}

// TestDesignSurfaceNames uses the names and types DESIGN.md fixes for
// financials, documents, contact, lookup, autocomplete and credits, as it
// writes them, against the fake: a rename or a type change breaks the
// build.
func TestDesignSurfaceNames(t *testing.T) {
	srv, c, _ := newFakeClient(t, []fake.Option{fake.WithGenerated(20)})
	ctx := context.Background()
	id := "DE-HRB-F1103-267645"

	fin, err := c.GetFinancials(ctx, id)
	require.NoError(t, err)
	var (
		_ []registerdata.FinancialIndicators = fin.Indicators
		_ *registerdata.MergedReport         = fin.Merged
		_ []registerdata.FinancialReport     = fin.Reports
	)

	co, _ := srv.Company(id)
	doc, err := c.GetDocument(ctx, co.Documents[0].ID)
	require.NoError(t, err)
	var (
		_ string             = doc.ID
		_ string             = doc.Name
		_ registerdata.Date  = doc.Date
		_ enums.DocumentType = doc.Type
		_ string             = doc.URL
	)

	rd, err := c.GetRealtimeDocument(ctx, id, enums.DocumentCategoryCurrentPrintout)
	require.NoError(t, err)
	var (
		_ enums.DocumentCategory = rd.Category
		_ *registerdata.Date     = rd.FileDate
		_ *string                = rd.FileName
		_ string                 = rd.URL
	)

	cd, err := c.GetContactDetails(ctx, id)
	require.NoError(t, err)
	var _, _, _, _ string = cd.SourceURL, cd.Email, cd.Phone, cd.VATID

	lk, err := c.LookupCompanyByURL(ctx, co.Contact.WebsiteURL)
	require.NoError(t, err)
	var _, _, _, _ string = lk.CompanyID, lk.Email, lk.Phone, lk.VATID
	assert.Equal(t, id, lk.CompanyID)

	var ac []registerdata.CompanySearchResult
	ac, err = c.AutocompleteCompanies(ctx, "nordl")
	require.NoError(t, err)
	assert.NotEmpty(t, ac)

	cr, err := c.GetCredits(ctx)
	require.NoError(t, err)
	var (
		_, _, _, _ int64                     = cr.Included, cr.Used, cr.Remaining, cr.Overage
		_          bool                      = cr.Paid
		_          registerdata.CreditPeriod = cr.Period
		_          time.Time                 = cr.Period.ResetAt
		_          string                    = cr.Period.Type
	)
	assert.Equal(t, c.CreditsSpent(), cr.Used)
}

// TestDesignInsolvencyAndTransparencyNames uses the names DESIGN.md
// "Round 2" fixes for insolvency proceedings and the Transparenzregister,
// with the types it gives them: renaming or retyping one breaks the build.
func TestDesignInsolvencyAndTransparencyNames(t *testing.T) {
	ctx := context.Background()
	clk := fake.NewClock(time.Date(2026, 1, 5, 8, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	require.NoError(t, err)

	var fs []filters.Filter
	fs, err = filters.Insolvency().Build()
	require.NoError(t, err)
	var ir *registerdata.InsolvencySearchResponse
	ir, err = c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{Query: "", Filters: fs, Pagination: registerdata.PageRequest{}})
	require.NoError(t, err)
	var results []registerdata.InsolvencySearchResult = ir.Results
	var _ registerdata.Pagination = ir.Pagination
	require.NotEmpty(t, results)
	var seq iter.Seq2[registerdata.InsolvencySearchResult, error] = c.SearchInsolvenciesSeq(ctx, registerdata.InsolvencySearchRequest{}, registerdata.MaxPages(1))
	for _, err := range seq {
		require.NoError(t, err)
	}

	var ins *registerdata.Insolvency
	ins, err = c.GetInsolvency(ctx, results[0].ID)
	require.NoError(t, err)
	var (
		_      string                         = ins.ID
		_      string                         = ins.CaseNumber
		_      string                         = ins.Court
		_      string                         = ins.DebtorName
		_      enums.InsolvencyStatus         = ins.CurrentStatus
		_      *string                        = ins.CompanyID
		events []registerdata.InsolvencyEvent = ins.Events
	)
	require.NotEmpty(t, events)
	var (
		_ string                     = events[0].ID
		_ enums.InsolvencyEventType  = events[0].EventType
		_ enums.InsolvencyReportType = events[0].ReportType
		_ registerdata.Date          = events[0].PublishedAt
		_ string                     = events[0].Summary
		_ *time.Time                 = events[0].EffectiveAt
		_ *enums.DebtorKind          = ins.DebtorKind
	)
	var add func(string, registerdata.InsolvencyEvent) error = srv.AddInsolvencyEvent
	require.NoError(t, add(ins.ID, registerdata.InsolvencyEvent{EventType: enums.InsolvencyEventTypeOther}))

	err = c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "correct-horse-battery", Name: ""})
	require.NoError(t, err)
	var ex *registerdata.TransparencyExtract
	ex, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: "DE-HRB-F1103-267645", CredentialName: ""})
	require.NoError(t, err)
	var status enums.ExtractStatus = ex.Status
	assert.Equal(t, enums.ExtractStatusProcessing, status)
	ex, err = c.GetTransparencyExtract(ctx, ex.ID)
	require.NoError(t, err)
	clk.Advance(fake.TransparencyExtractDelay)
	ex, err = c.WaitTransparencyExtract(ctx, ex.ID)
	require.NoError(t, err)
	assert.Equal(t, enums.ExtractStatusCompleted, ex.Status)
}

// TestRoundFiveNamesAsDesignFixesThem uses the names DESIGN's round 5
// fixes for the documented service, written as DESIGN writes them: the
// price table, the 202 protocol, legal-form availability, the
// reconciliation, the quota sentinel and the fake's controls.
func TestRoundFiveNamesAsDesignFixesThem(t *testing.T) {
	const ubo = "GET /v1/company/{company_id}/ubo"
	p := registerdata.DefaultPrices()
	require.EqualValues(t, 25, p.Of(ubo, false))
	p.Set(ubo, 30)
	p.SetRealtime("GET /v1/company/{company_id}/owners", 20)
	require.Equal(t, "https://docs.openregister.de/endpoint/company-ubo", registerdata.DefaultPrices().Source(ubo))

	srv := fake.NewServer(fake.WithPrices(p), fake.WithHistoryProcessing(1))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithPrices(p))
	require.NoError(t, err)
	ctx := context.Background()
	before, err := c.GetCredits(ctx)
	require.NoError(t, err)

	const gmbh = "DE-HRB-F1103-267645"
	_, err = c.GetOwnershipHistory(ctx, gmbh, registerdata.NoWait())
	require.True(t, errors.Is(err, registerdata.ErrProcessing), "%v", err)
	var pe *registerdata.ProcessingError
	require.True(t, errors.As(err, &pe))
	require.Positive(t, pe.RetryAfter)
	waited := 0
	h, err := c.GetOwnershipHistory(ctx, gmbh, registerdata.WithPollTimer(func(d time.Duration) <-chan time.Time {
		waited++
		ch := make(chan time.Time, 1)
		ch <- time.Time{}
		return ch
	}))
	require.NoError(t, err)
	require.NotNil(t, h)
	assert.Zero(t, waited, "the one 202 went to the NoWait call")
	_, err = c.GetBeneficialOwners(ctx, gmbh)
	require.NoError(t, err)

	require.True(t, registerdata.OwnersAvailable(enums.LegalFormAG, true))
	require.False(t, registerdata.OwnersAvailable(enums.LegalFormAG, false))
	require.False(t, registerdata.BeneficialOwnersAvailable(enums.LegalFormOHG))
	require.True(t, registerdata.OwnershipHistoryAvailable(enums.LegalFormGmbH))

	r, err := c.ReconcileCredits(ctx, before)
	require.NoError(t, err)
	var rec *registerdata.CreditReconciliation = r
	want := p.Of("GET /v1/company/{company_id}/owners/historical", false) + 30
	assert.Equal(t, want, rec.Billed)
	assert.Equal(t, want, rec.Counted)
	assert.Zero(t, rec.Difference)

	require.NotNil(t, registerdata.ErrQuotaExhausted)
	off := fake.NewServer(fake.WithoutMonitoring())
	defer off.Close()
}
