package registerdata_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// The statuses the service's documentation gives the Transparenzregister
// calls (SPEC-DOCS B.1 to B.3), each against the fake: what the SDK makes
// of it, and that refusals bill nothing.

var trLogin = registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: trPassword}

func TestTransparencyCredentialsRejectedLoginIsToldFromABadAPIKey(t *testing.T) {
	srv, c, _ := newTransparencySetup(t)
	ctx := context.Background()
	err := c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "short"})
	require.ErrorIs(t, err, registerdata.ErrUnauthorized)
	assert.Contains(t, err.Error(), "the Transparenzregister rejected the username/password")
	assert.NotContains(t, err.Error(), "check the API key", "on the credentials call a 401 is about the login")
	assert.False(t, srv.HasTransparencyCredentials(srv.APIKey, ""))

	// The same status on another call is about the API key.
	bad, err := registerdata.NewClient(registerdata.WithAPIKey("wrong-key"), registerdata.WithBaseURL(srv.URL))
	require.NoError(t, err)
	_, err = bad.GetCompany(ctx, knownCompany, nil)
	require.ErrorIs(t, err, registerdata.ErrUnauthorized)
	assert.Contains(t, err.Error(), "check the API key")
	assert.NotContains(t, err.Error(), "Transparenzregister")
}

func TestTransparencyCredentialsOverwriteKeepsExtractsInFlight(t *testing.T) {
	srv, c, clk := newTransparencySetup(t)
	ctx := context.Background()
	old := registerdata.TransparencyCredentials{Username: "first@example.de", Password: trPassword, Name: "mandant-1"}
	require.NoError(t, c.SetTransparencyCredentials(ctx, old))
	inFlight, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany, CredentialName: "mandant-1"})
	require.NoError(t, err)

	// The same name again replaces the set; the register then locks the
	// new login.
	require.NoError(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "second@example.de", Password: trPassword, Name: "mandant-1"}))
	require.NoError(t, srv.SetTransparencyLoginLocked(srv.APIKey, "mandant-1", true))
	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany, CredentialName: "mandant-1"})
	require.ErrorIs(t, err, registerdata.ErrForbidden, "new extracts use the new, locked login")
	assert.Contains(t, err.Error(), "EiS account")

	var waits []time.Duration
	got, err := c.WaitTransparencyExtract(ctx, inFlight.ID, clockTimer(clk, &waits))
	require.NoError(t, err)
	assert.Equal(t, enums.ExtractStatusCompleted, got.Status, "the extract requested with the old login is unaffected")

	// Without the overwrite, locking the login fails its extracts in flight.
	require.NoError(t, srv.SetTransparencyLoginLocked(srv.APIKey, "mandant-1", false))
	second, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany, CredentialName: "mandant-1"})
	require.NoError(t, err)
	require.NoError(t, srv.SetTransparencyLoginLocked(srv.APIKey, "mandant-1", true))
	got, err = c.WaitTransparencyExtract(ctx, second.ID, clockTimer(clk, &waits))
	require.NoError(t, err)
	assert.Equal(t, enums.ExtractStatusFailed, got.Status)
}

func TestTransparencyCredentialSetsAreLimited(t *testing.T) {
	srv, c, _ := newTransparencySetup(t)
	ctx := context.Background()
	for i := range fake.MaxTransparencyCredentialSets {
		require.NoError(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: trLogin.Username, Password: trPassword, Name: fmt.Sprint("client-", i)}))
	}
	err := c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: trLogin.Username, Password: trPassword, Name: "one-more"})
	require.ErrorIs(t, err, registerdata.ErrConflict)
	assert.Contains(t, err.Error(), "replaces the login")
	assert.False(t, srv.HasTransparencyCredentials(srv.APIKey, "one-more"))
	assert.NoError(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "new@example.de", Password: trPassword, Name: "client-0"}),
		"replacing a stored set is not a new one")
}

func TestTransparencyAccessRefusalsSayWhyAndBillNothing(t *testing.T) {
	for _, tc := range []struct {
		access fake.TransparencyAccess
		want   error
		says   string
	}{
		{fake.TransparencyNeedsPaidPlan, registerdata.ErrInsufficientCredits, "paid API plan"},
		{fake.TransparencyNotEnabled, registerdata.ErrForbidden, "not enabled"},
	} {
		t.Run(string(tc.access), func(t *testing.T) {
			srv, c, _ := newFakeClient(t, []fake.Option{fake.WithTransparencyAccess(tc.access)})
			ctx := context.Background()
			before := srv.Credits(srv.APIKey)
			err := c.SetTransparencyCredentials(ctx, trLogin)
			require.ErrorIs(t, err, tc.want)
			assert.Contains(t, err.Error(), tc.says)
			assert.NotContains(t, err.Error(), "top up", "the credentials call costs nothing: its 402 is the plan")
			for _, req := range []registerdata.TransparencyExtractRequest{{CompanyID: knownCompany}, {CredentialName: registerdata.SandboxCredentialName}} {
				_, err = c.RequestTransparencyExtract(ctx, req)
				require.ErrorIs(t, err, tc.want, "%+v", req)
				assert.Contains(t, err.Error(), tc.says)
			}
			assert.Zero(t, c.CreditsSpent())
			assert.Equal(t, before, srv.Credits(srv.APIKey))
			require.NoError(t, srv.SetTransparencyAccess(srv.APIKey, fake.TransparencyEnabled))
			assert.NoError(t, c.SetTransparencyCredentials(ctx, trLogin))
			assert.Error(t, srv.SetTransparencyAccess(srv.APIKey, "maybe"))
		})
	}
}

func TestTransparencyExtractOfAnAmbiguousCompanyIsAConflict(t *testing.T) {
	srv, c, _ := newTransparencySetup(t)
	ctx := context.Background()
	require.NoError(t, c.SetTransparencyCredentials(ctx, trLogin))
	require.NoError(t, srv.SetTransparencyOutcome(knownCompany, fake.TransparencyAmbiguous))
	_, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany})
	require.ErrorIs(t, err, registerdata.ErrConflict)
	assert.Contains(t, err.Error(), "several Transparenzregister entities")
	assert.Zero(t, c.CreditsSpent())
	require.NoError(t, srv.SetTransparencyOutcome(knownCompany, fake.TransparencyNormal))
	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany})
	assert.NoError(t, err)
}

func TestTransparencyExtractQuotaIsSentOnceAndNamed(t *testing.T) {
	const quota = 2
	clk := fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))
	srv, c, ct := newFakeClient(t, []fake.Option{fake.WithClock(clk), fake.WithExtractQuota(quota)}, registerdata.WithMaxRetries(3))
	ctx := context.Background()
	require.NoError(t, c.SetTransparencyCredentials(ctx, trLogin))
	for range quota {
		_, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany})
		require.NoError(t, err)
		clk.Advance(24 * time.Hour)
	}
	spent, balance := c.CreditsSpent(), srv.Credits(srv.APIKey)
	sent := ct.calls.Load()
	_, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany})
	require.ErrorIs(t, err, registerdata.ErrQuotaExhausted)
	assert.NotErrorIs(t, err, registerdata.ErrRateLimited, "not a rate limit: code that backs off and retries those must not retry this")
	assert.Contains(t, err.Error(), "30-day")
	assert.Contains(t, err.Error(), "retrying soon will not help")
	var apiErr *registerdata.APIError
	require.True(t, errors.As(err, &apiErr))
	assert.Equal(t, http.StatusTooManyRequests, apiErr.StatusCode)
	assert.Equal(t, sent+1, ct.calls.Load(), "the fake saw one request")
	assert.Equal(t, spent, c.CreditsSpent())
	assert.Equal(t, balance, srv.Credits(srv.APIKey))

	sandbox, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
	require.NoError(t, err, "sandbox extracts do not count against the quota")
	assert.Nil(t, sandbox.CompanyID)

	// The window rolls on the fake clock: once the first extract is 30
	// days old, one more fits.
	clk.Advance(fake.ExtractQuotaWindow - quota*24*time.Hour + time.Second)
	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany})
	require.NoError(t, err)
	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany})
	require.ErrorIs(t, err, registerdata.ErrQuotaExhausted)
}

func TestTransparencyExtractQuotaIsNeverRetried(t *testing.T) {
	// The fake answers the extract route with 429s that invite a retry
	// (no Retry-After: the client's short back-off applies); a rate limit
	// on another route is retried, the extract's is not.
	srv, c, ct := newFakeClient(t, nil, registerdata.WithMaxRetries(3))
	ctx := context.Background()
	require.NoError(t, c.SetTransparencyCredentials(ctx, trLogin))
	require.NoError(t, srv.InjectFault(fake.Fault{PathPrefix: "/v1/company/", Status: http.StatusTooManyRequests, Count: 1}))
	before := ct.calls.Load()
	_, err := c.GetCompany(ctx, knownCompany, nil)
	require.NoError(t, err)
	require.Equal(t, before+2, ct.calls.Load(), "a rate limit elsewhere is retried")

	require.NoError(t, srv.InjectFault(fake.Fault{PathPrefix: "/v1/transparenzregister/extracts", Method: http.MethodPost, Status: http.StatusTooManyRequests, Count: 3}))
	before = ct.calls.Load()
	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany})
	require.ErrorIs(t, err, registerdata.ErrQuotaExhausted)
	assert.Equal(t, before+1, ct.calls.Load(), "the fake saw one request")

	// Whatever the headers say.
	var hits atomic.Int32
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Retry-After", "0")
		w.Header().Set("X-Should-Retry", "true")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	t.Cleanup(hs.Close)
	hc, err := registerdata.NewClient(registerdata.WithBaseURL(hs.URL), registerdata.WithAPIKey("k"), registerdata.WithMaxRetries(5),
		registerdata.WithRetryWait(time.Millisecond, time.Millisecond, time.Minute))
	require.NoError(t, err)
	_, err = hc.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
	require.ErrorIs(t, err, registerdata.ErrQuotaExhausted)
	assert.Equal(t, int32(1), hits.Load())
}

func TestSandboxExtractBillsNothing(t *testing.T) {
	srv, c, _ := newTransparencySetup(t)
	ctx := context.Background()
	before := srv.Credits(srv.APIKey)
	ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
	require.NoError(t, err)
	assert.Nil(t, ex.CompanyID, "company_id null")
	require.NotNil(t, ex.EKRN)
	assert.Equal(t, registerdata.SandboxEKRN, *ex.EKRN)
	assert.Equal(t, "DE727032388716", registerdata.SandboxEKRN)
	assert.Zero(t, c.CreditsSpent(), "the client counts nothing")
	assert.Equal(t, before, srv.Credits(srv.APIKey), "the fake bills nothing")

	require.NoError(t, c.SetTransparencyCredentials(ctx, trLogin))
	_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany})
	require.NoError(t, err)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("POST /v1/transparenzregister/extracts", false)), c.CreditsSpent(), "a production extract keeps its price")
	assert.Equal(t, before-registerdata.DefaultPrices().Of("POST /v1/transparenzregister/extracts", false), srv.Credits(srv.APIKey))
}

func TestSandboxExtractBodyIsEmptyObject(t *testing.T) {
	var got []byte
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = make([]byte, r.ContentLength)
		_, _ = r.Body.Read(got)
		assert.Equal(t, registerdata.SandboxCredentialName, r.Header.Get("X-Credential-Name"))
		w.WriteHeader(http.StatusCreated)
		_, _ = w.Write([]byte(`{"id":"tre_1","company_id":null,"ekrn":"DE727032388716","status":"processing","submitted_at":"2025-06-02T09:00:00Z"}`))
	}))
	t.Cleanup(hs.Close)
	c, err := registerdata.NewClient(registerdata.WithBaseURL(hs.URL), registerdata.WithAPIKey("k"))
	require.NoError(t, err)
	_, err = c.RequestTransparencyExtract(context.Background(), registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
	require.NoError(t, err)
	assert.JSONEq(t, `{}`, string(got))
	assert.Zero(t, c.CreditsSpent())
}

func TestGetTransparencyExtractAnswers202WhileProcessing(t *testing.T) {
	_, c, clk := newTransparencySetup(t)
	ctx := context.Background()
	ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
	require.NoError(t, err)
	var info registerdata.ResponseInfo
	got, err := c.GetTransparencyExtract(ctx, ex.ID, registerdata.WithResponseInfo(&info))
	require.NoError(t, err)
	assert.Equal(t, http.StatusAccepted, info.StatusCode)
	assert.Equal(t, enums.ExtractStatusProcessing, got.Status)
	assert.Equal(t, ex.ID, got.ID, "the 202 carries the extract")

	clk.Advance(fake.TransparencyExtractDelay)
	got, err = c.GetTransparencyExtract(ctx, ex.ID, registerdata.WithResponseInfo(&info))
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, info.StatusCode)
	assert.Equal(t, enums.ExtractStatusCompleted, got.Status)
	assert.Zero(t, c.CreditsSpent())
}

func TestWaitTransparencyExtractPollsEvery5To10Seconds(t *testing.T) {
	assert.Equal(t, 5*time.Second, registerdata.DefaultPollInterval)
	assert.Equal(t, 10*time.Second, registerdata.DefaultMaxPollInterval)
	_, c, clk := newTransparencySetup(t)
	ctx := context.Background()
	ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
	require.NoError(t, err)
	var waits []time.Duration
	got, err := c.WaitTransparencyExtract(ctx, ex.ID, clockTimer(clk, &waits))
	require.NoError(t, err)
	assert.Equal(t, enums.ExtractStatusCompleted, got.Status)
	require.NotEmpty(t, waits)
	assert.Equal(t, registerdata.DefaultPollInterval, waits[0])
	var total time.Duration
	for i, w := range waits {
		if i > 0 {
			assert.Equal(t, registerdata.DefaultMaxPollInterval, w, "wait %d", i)
		}
		total += w
	}
	assert.GreaterOrEqual(t, total, fake.TransparencyExtractDelay)
	assert.Less(t, total-waits[len(waits)-1], fake.TransparencyExtractDelay, "no poll after the extract was done")
}
