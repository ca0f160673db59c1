package registerdata_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

const trPassword = "correct-horse-battery-staple"

// clockTimer is a WithPollTimer function that advances the fake clock by
// each wait instead of sleeping, and counts the waits.
func clockTimer(clk *fake.Clock, waits *[]time.Duration) registerdata.CallOption {
	return registerdata.WithPollTimer(func(d time.Duration) <-chan time.Time {
		*waits = append(*waits, d)
		clk.Advance(d)
		ch := make(chan time.Time, 1)
		ch <- clk.Now()
		return ch
	})
}

func newTransparencySetup(t *testing.T) (*fake.Server, *registerdata.Client, *fake.Clock) {
	t.Helper()
	clk := fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))
	srv, c, _ := newFakeClient(t, []fake.Option{fake.WithClock(clk)})
	return srv, c, clk
}

func TestWaitTransparencyExtractCompletesOnTheFakeClock(t *testing.T) {
	srv, c, clk := newTransparencySetup(t)
	ctx := context.Background()
	require.NoError(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: trPassword}))
	assert.True(t, srv.HasTransparencyCredentials(srv.APIKey, "default"))

	const id = "DE-HRB-F1103-267645"
	ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: id})
	require.NoError(t, err)
	assert.Equal(t, enums.ExtractStatusProcessing, ex.Status)
	assert.Equal(t, id, *ex.CompanyID)
	assert.Equal(t, clk.Now(), ex.SubmittedAt)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("POST /v1/transparenzregister/extracts", false)), c.CreditsSpent())

	var waits []time.Duration
	got, err := c.WaitTransparencyExtract(ctx, ex.ID, clockTimer(clk, &waits), registerdata.WithPollInterval(10*time.Second, 40*time.Second))
	require.NoError(t, err)
	assert.Equal(t, enums.ExtractStatusCompleted, got.Status)
	assert.Equal(t, []time.Duration{10 * time.Second, 20 * time.Second, 40 * time.Second, 40 * time.Second}, waits,
		"back-off doubles up to the maximum and stops once the delay has passed")
	assert.False(t, clk.Now().Before(ex.SubmittedAt.Add(fake.TransparencyExtractDelay)))
	assert.Equal(t, ex.SubmittedAt.Add(fake.TransparencyExtractDelay), *got.CompletedAt)
	assert.Len(t, got.Documents, 3)
	assert.NotNil(t, got.ReferenceNumber)
	assert.Equal(t, int64(registerdata.DefaultPrices().Of("POST /v1/transparenzregister/extracts", false)), c.CreditsSpent(), "polling is free")

	// The report's owners are the fake's computed beneficial owners.
	ubo, err := c.GetBeneficialOwners(ctx, id)
	require.NoError(t, err)
	require.NotNil(t, got.Report)
	require.Len(t, got.Report.UBOs, len(ubo.Owners))
	require.NotEmpty(t, ubo.Owners)
	for i, o := range ubo.Owners {
		u := got.Report.UBOs[i]
		assert.Equal(t, o.Name, *u.NaturalPerson.FullName)
		want := o.PercentageShare
		if want == nil {
			want = o.MaxPercentageShare
		}
		assert.Equal(t, want, u.Interest.Percentage)
	}
	assert.Nil(t, got.Report.StatusFlags.DiscrepancyNote)

	again, err := c.GetTransparencyExtract(ctx, ex.ID)
	require.NoError(t, err)
	assert.Equal(t, got, again, "a completed extract stays as it is")
}

func TestWaitTransparencyExtractReturnsWhenTheContextEnds(t *testing.T) {
	_, c, _ := newTransparencySetup(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
	require.NoError(t, err)
	assert.Nil(t, ex.CompanyID)
	assert.Equal(t, registerdata.SandboxEKRN, *ex.EKRN)

	waiting := make(chan struct{})
	never := registerdata.WithPollTimer(func(time.Duration) <-chan time.Time {
		close(waiting) // the first wait: cancel now; a second poll would panic here
		return nil     // a timer that never fires
	})
	go func() { <-waiting; cancel() }()
	got, err := c.WaitTransparencyExtract(ctx, ex.ID, never)
	assert.Nil(t, got)
	assert.True(t, errors.Is(err, context.Canceled), "%v", err)
}

func TestTransparencyExtractFailsOrReportsADiscrepancy(t *testing.T) {
	srv, c, clk := newTransparencySetup(t)
	ctx := context.Background()
	require.NoError(t, c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: trPassword, Name: "mandant-7"}))
	wait := func(id string) *registerdata.TransparencyExtract {
		ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: id, CredentialName: "mandant-7"})
		require.NoError(t, err)
		var waits []time.Duration
		got, err := c.WaitTransparencyExtract(ctx, ex.ID, clockTimer(clk, &waits))
		require.NoError(t, err)
		return got
	}
	assert.Equal(t, enums.ExtractStatusFailed, wait("DE-HRB-F1103-301122").Status, "an inactive company has no current entry")

	require.NoError(t, srv.SetTransparencyOutcome("DE-HRB-F1103-315870", fake.TransparencyFail))
	failed := wait("DE-HRB-F1103-315870")
	assert.Equal(t, enums.ExtractStatusFailed, failed.Status)
	assert.Nil(t, failed.Report)
	assert.NotNil(t, failed.CompletedAt)

	const id = "DE-HRB-F1103-267645"
	require.NoError(t, srv.SetTransparencyOutcome(id, fake.TransparencyDiscrepancy))
	got := wait(id)
	require.Equal(t, enums.ExtractStatusCompleted, got.Status)
	require.NotNil(t, got.Report.StatusFlags.DiscrepancyNote)
	ubo, err := c.GetBeneficialOwners(ctx, id)
	require.NoError(t, err)
	differs := len(ubo.Owners) != len(got.Report.UBOs)
	for i := 0; !differs && i < len(ubo.Owners); i++ {
		differs = *ubo.Owners[i].PercentageShare != *got.Report.UBOs[i].Interest.Percentage
	}
	assert.True(t, differs, "a discrepancy report's owners differ from the computed ones")
	assert.Error(t, srv.SetTransparencyOutcome(id, "maybe"))
}

func TestTransparencyExtractWithoutCredentialsNamesTheFix(t *testing.T) {
	_, c, _ := newTransparencySetup(t)
	_, err := c.RequestTransparencyExtract(context.Background(), registerdata.TransparencyExtractRequest{CompanyID: "DE-HRB-F1103-267645"})
	require.ErrorIs(t, err, registerdata.ErrNotFound, "stored credentials not found is a 404 (SPEC-DOCS B.2)")
	var apiErr *registerdata.APIError
	require.True(t, errors.As(err, &apiErr))
	assert.Equal(t, 404, apiErr.StatusCode)
	assert.Contains(t, apiErr.Message, "SetTransparencyCredentials")
	assert.Contains(t, apiErr.Message, "sandbox")
	assert.Zero(t, c.CreditsSpent(), "a refused request costs nothing")
}

func TestTransparencyPasswordIsNeverShown(t *testing.T) {
	var logs bytes.Buffer
	srv, c, _ := newFakeClient(t, nil, registerdata.WithLogger(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))))
	ctx := context.Background()
	creds := registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "short", Name: "x"}

	err := c.SetTransparencyCredentials(ctx, creds) // the register refuses a short password
	require.ErrorIs(t, err, registerdata.ErrUnauthorized)
	assert.NotContains(t, err.Error(), "short")
	var apiErr *registerdata.APIError
	require.True(t, errors.As(err, &apiErr))
	assert.NotContains(t, string(apiErr.Body), "short")
	assert.False(t, srv.HasTransparencyCredentials(srv.APIKey, "x"), "nothing was stored")

	for _, s := range []string{fmt.Sprint(creds), fmt.Sprintf("%+v %#v %s %q %x", creds, creds, creds, creds, creds), fmt.Sprintf("%v", []any{creds})} {
		assert.NotContains(t, s, "short")
		assert.Contains(t, s, "kyc@example.de")
	}
	slog.New(slog.NewJSONHandler(&logs, nil)).Info("stored", "creds", creds)
	assert.NotContains(t, logs.String(), "short")

	creds.Password = trPassword
	require.NoError(t, c.SetTransparencyCredentials(ctx, creds))
	assert.NotContains(t, logs.String(), trPassword)
}

func TestTransparencyRequestsRefusedBeforeSending(t *testing.T) {
	_, c, ct := newFakeClient(t, nil)
	ctx := context.Background()
	for _, creds := range []registerdata.TransparencyCredentials{
		{Username: "", Password: "p4ssw0rd!"}, {Username: "u", Password: ""},
		{Username: "u", Password: "p4ssw0rd!", Name: "sandbox"}, {Username: "u", Password: "p4ssw0rd!", Name: "a\nb"},
	} {
		err := c.SetTransparencyCredentials(ctx, creds)
		assert.ErrorIs(t, err, registerdata.ErrInvalidRequest, "%v", creds)
		if err != nil {
			assert.NotContains(t, err.Error(), "p4ssw0rd!")
		}
	}
	for _, req := range []registerdata.TransparencyExtractRequest{
		{}, {CompanyID: "../x"}, {CompanyID: "DE-HRB-F1103-267645", CredentialName: "sandbox"}, {CompanyID: "DE-HRB-F1103-267645", CredentialName: "bad\r\nname"},
	} {
		_, err := c.RequestTransparencyExtract(ctx, req)
		assert.ErrorIs(t, err, registerdata.ErrInvalidRequest, "%+v", req)
	}
	for _, id := range []string{"", "../extracts", "a/b", " "} {
		_, err := c.GetTransparencyExtract(ctx, id)
		assert.ErrorIs(t, err, registerdata.ErrInvalidRequest, "%q", id)
	}
	_, err := c.WaitTransparencyExtract(ctx, "tre_1", registerdata.WithPollInterval(0, time.Second))
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
	_, err = c.WaitTransparencyExtract(ctx, "tre_1", registerdata.WithPollTimer(nil))
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
	assert.Zero(t, ct.calls.Load())
}

func TestGetTransparencyExtractOfAnotherKeyIsNotFound(t *testing.T) {
	srv, c, _ := newTransparencySetup(t)
	ctx := context.Background()
	ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
	require.NoError(t, err)
	srv.SetCredits("other-key", 100)
	c2, err := registerdata.NewClient(registerdata.WithAPIKey("other-key"), registerdata.WithBaseURL(srv.URL))
	require.NoError(t, err)
	_, err = c2.GetTransparencyExtract(ctx, ex.ID)
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
}
