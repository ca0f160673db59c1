package registerdata_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

const routeUBO = "GET /v1/company/{company_id}/ubo"

// TestReconcileCreditsAgreesOnOneTable: a client and a fake on the same
// table: the service's figure, the client's count and the table agree.
func TestReconcileCreditsAgreesOnOneTable(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	ctx := context.Background()
	// Credits spent before the first reading are no part of it.
	_, err := c.GetCompany(ctx, knownCompany, &registerdata.GetCompanyParams{Realtime: true})
	require.NoError(t, err)
	before, err := c.GetCredits(ctx)
	require.NoError(t, err)
	require.NotZero(t, before.Used)
	_, err = c.GetBeneficialOwners(ctx, knownCompany)
	require.NoError(t, err)
	_, err = c.GetCompany(ctx, knownCompany, nil)
	require.NoError(t, err)
	r, err := c.ReconcileCredits(ctx, before)
	require.NoError(t, err)
	p := registerdata.DefaultPrices()
	want := p.Of(routeUBO, false) + p.Of("GET /v1/company/{company_id}", false)
	assert.Equal(t, want, r.Billed, "the fake's books")
	assert.Equal(t, want, r.Counted, "the client's count")
	assert.Zero(t, r.Difference)
	assert.False(t, r.Drifted())
	assert.Equal(t, fmt.Sprintf("the service billed %d credits, this run counted %d", want, want), r.String())
}

// TestReconcileCreditsFindsADrift: a client whose table says 10 for UBO,
// against a fake that bills 25 as the documentation says: the
// reconciliation finds the 15 credits the client did not count.
func TestReconcileCreditsFindsADrift(t *testing.T) {
	old := registerdata.DefaultPrices()
	old.Set(routeUBO, 10)
	_, c, _ := newFakeClient(t, nil, registerdata.WithPrices(old))
	ctx := context.Background()
	before, err := c.GetCredits(ctx)
	require.NoError(t, err)
	_, err = c.GetBeneficialOwners(ctx, knownCompany)
	require.NoError(t, err)
	r, err := c.ReconcileCredits(ctx, before)
	require.NoError(t, err)
	billed := registerdata.DefaultPrices().Of(routeUBO, false)
	assert.Equal(t, billed, r.Billed)
	assert.EqualValues(t, 10, r.Counted)
	assert.Equal(t, billed-10, r.Difference)
	assert.True(t, r.Drifted())
	assert.Contains(t, r.String(), fmt.Sprintf("the service billed %d credits, this run counted 10 (%d more than counted", billed, billed-10))

	// Over a table above the service's the difference is negative.
	high := registerdata.DefaultPrices()
	high.Set(routeUBO, 40)
	_, c, _ = newFakeClient(t, nil, registerdata.WithPrices(high))
	before, err = c.GetCredits(ctx)
	require.NoError(t, err)
	_, err = c.GetBeneficialOwners(ctx, knownCompany)
	require.NoError(t, err)
	r, err = c.ReconcileCredits(ctx, before)
	require.NoError(t, err)
	assert.Equal(t, billed-40, r.Difference)
	assert.Contains(t, r.String(), fmt.Sprintf("(%d fewer than counted", 40-billed))
}

// TestReconcileCreditsSeesOtherUsersOfTheKey: what another client of the
// same key spends is in the service's figure, not in this client's count.
func TestReconcileCreditsSeesOtherUsersOfTheKey(t *testing.T) {
	srv, c, _ := newFakeClient(t, nil)
	other, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	require.NoError(t, err)
	ctx := context.Background()
	before, err := c.GetCredits(ctx)
	require.NoError(t, err)
	_, err = other.GetCompany(ctx, knownCompany, nil)
	require.NoError(t, err)
	r, err := c.ReconcileCredits(ctx, before)
	require.NoError(t, err)
	assert.Zero(t, r.Counted)
	assert.Equal(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false), r.Difference)
}

func TestReconcileCreditsPeriodReset(t *testing.T) {
	clk := fake.NewClock(time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC))
	_, c, _ := newFakeClient(t, []fake.Option{fake.WithClock(clk)})
	ctx := context.Background()
	before, err := c.GetCredits(ctx)
	require.NoError(t, err)
	clk.Advance(before.Period.ResetAt.Sub(clk.Now()) + time.Hour)
	_, err = c.GetCompany(ctx, knownCompany, nil)
	require.NoError(t, err)
	r, err := c.ReconcileCredits(ctx, before)
	require.NoError(t, err)
	assert.True(t, r.PeriodChanged)
	assert.Contains(t, r.String(), "the credit period reset in between")
}

func TestReconcileCreditsRefusesAReadingOfAnotherClient(t *testing.T) {
	srv, c, _ := newFakeClient(t, nil)
	other, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	require.NoError(t, err)
	ctx := context.Background()
	theirs, err := other.GetCredits(ctx)
	require.NoError(t, err)
	for name, before := range map[string]*registerdata.CreditUsage{"nil": nil, "another client's": theirs, "decoded elsewhere": {Used: 5}} {
		_, err := c.ReconcileCredits(ctx, before)
		assert.ErrorIs(t, err, registerdata.ErrInvalidRequest, name)
	}
}

// ExampleClient_ReconcileCredits: a client still on the old UBO price
// (10) against a service that bills 25 finds the drift.
func ExampleClient_ReconcileCredits() {
	srv := fake.NewServer()
	defer srv.Close()
	old := registerdata.DefaultPrices()
	old.Set("GET /v1/company/{company_id}/ubo", 10)
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithPrices(old))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	before, err := c.GetCredits(ctx)
	if err != nil {
		panic(err)
	}
	if _, err := c.GetBeneficialOwners(ctx, "DE-HRB-F1103-267645"); err != nil {
		panic(err)
	}
	r, err := c.ReconcileCredits(ctx, before)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Billed, r.Counted, r.Difference)
	// Output:
	// 25 10 15
}
