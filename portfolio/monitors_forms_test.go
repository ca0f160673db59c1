package portfolio_test

import (
	"context"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSyncDoesNotAskForOwnersTheFormDoesNotHave: with ownership among the
// preferences, the baseline of a UG and of an eG leaves the owners out,
// unasked: Sync says so with the reason, and the client's count, the
// fake's books and the plan agree. A company matched by name (its name
// states the form) is left out of the plan's owners already; one imported
// by id is planned with its owners, and Sync spends that much less.
func TestSyncDoesNotAskForOwnersTheFormDoesNotHave(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		p := open(t, dsn, c, clk)
		const ug, eg, ohg = "DE-HRB-B8535-74188", "DE-GnR-B8534-873", "DE-HRA-M1201-51073"
		ugCo, _ := srv.Company(ug)
		importAll(t, p, []portfolio.Row{
			{Ref: "ug", Query: registerdata.MatchQuery{Name: ugCo.Name.Name, City: ugCo.Address.City}},
			{Ref: "eg", CompanyID: eg},
			{Ref: "ohg", CompanyID: ohg},
		}, portfolio.ImportOptions{})
		opts := portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic, enums.PreferenceOwnership}}
		pl, err := p.Plan(ctx, opts)
		require.NoError(t, err)
		require.ElementsMatch(t, []string{ug, eg, ohg}, pl.Create)
		assert.Equal(t, map[string]string{ug: "owners: not published for a UG"}, pl.OwnersNotPublished, "the UG's entry names its form")
		assert.Equal(t, 3*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)+2*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), pl.BaselineCredits)
		totals, err := p.PlanTotals(ctx, opts)
		require.NoError(t, err)
		assert.Equal(t, pl.BaselineCredits, totals.BaselineCredits, "a plan of totals leaves out the same owners")

		before, counted := spent(srv), c.CreditsSpent()
		res, err := p.Sync(ctx, pl)
		require.NoError(t, err)
		assert.Equal(t, map[string]string{ug: "owners: not published for a UG", eg: "owners: not published for an eG"}, res.OwnersNotPublished)
		assert.Equal(t, res.Credits, spent(srv)-before, "Sync reports what the fake billed")
		assert.Equal(t, res.Credits, c.CreditsSpent()-counted, "and what the client counted")
		assert.Equal(t, pl.Credits+pl.BaselineCredits-registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), res.Credits, "the eG's owners, planned, were not asked")
		assert.Equal(t, pl.Credits+3*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", false)+registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false), res.Credits, "the OHG's owners only")
	})
}
