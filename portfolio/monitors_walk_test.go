package portfolio_test

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// generatedRows are rows by company id for the first n companies of
// srv, their refs starting with prefix.
func generatedRows(srv *fake.Server, prefix string, from, to int) []portfolio.Row {
	ids := srv.CompanyIDs()[from:to]
	rows := make([]portfolio.Row, len(ids))
	for i, id := range ids {
		rows[i] = portfolio.Row{Ref: fmt.Sprintf("%s%04d", prefix, from+i), CompanyID: id}
	}
	return rows
}

// collect is every id seq yields, and its error.
func collect(seq iter.Seq2[string, error]) ([]string, error) {
	var out []string
	for id, err := range seq {
		if err != nil {
			return out, err
		}
		out = append(out, id)
	}
	return out, nil
}

// TestPlanTotalsPricesWhatPlanLists builds a portfolio with companies of
// each kind (to create, to baseline, to delete, kept) over walks of
// three companies a page, and checks that PlanTotals counts and prices
// what Plan lists, that its walks yield the same companies, and that
// Sync applies it as it applies Plan's plan.
func TestPlanTotalsPricesWhatPlanLists(t *testing.T) {
	defer portfolio.SetWalkPage(portfolio.SetWalkPage(3))
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithGenerated(40), fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		p := open(t, dsn, c, clk)
		importAll(t, p, generatedRows(srv, "A", 0, 20), portfolio.ImportOptions{})
		opts := portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic, enums.PreferenceOwnership}}
		first, err := p.Plan(ctx, opts)
		require.NoError(t, err)
		_, err = p.Sync(ctx, first)
		require.NoError(t, err)

		// Seven companies leave (their monitors are to delete), eleven
		// arrive (to create), and four of the new ones have monitors made
		// outside the portfolio with no baseline (to baseline).
		anna := portfolio.WithActor(ctx, portfolio.Actor{ID: "anna@bank.example", Name: "Anna Richter"})
		for i := range 7 {
			require.NoError(t, p.Remove(anna, fmt.Sprintf("A%04d", i)))
		}
		importAll(t, p, generatedRows(srv, "A", 20, 35), portfolio.ImportOptions{})
		for _, id := range srv.CompanyIDs()[31:35] {
			_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: id, EntityType: enums.EntityTypeCompany, Preferences: opts.Preferences})
			require.NoError(t, err)
		}

		before := spent(srv)
		lists, err := p.Plan(ctx, opts)
		require.NoError(t, err)
		totals, err := p.PlanTotals(ctx, opts)
		require.NoError(t, err)
		assert.Equal(t, before, spent(srv), "planning spends nothing")
		require.Len(t, lists.Create, 11)
		require.Len(t, lists.Baseline, 4)
		require.Len(t, lists.Delete, 7)
		assert.Equal(t, [3]int{11, 4, 7}, [3]int{lists.CreateCount, lists.BaselineCount, lists.DeleteCount})
		assert.Equal(t, [3]int{11, 4, 7}, [3]int{totals.CreateCount, totals.BaselineCount, totals.DeleteCount})
		assert.Nil(t, totals.Create, "a plan of totals lists nothing")
		assert.Equal(t, lists.Credits, totals.Credits)
		assert.Equal(t, lists.BaselineCredits, totals.BaselineCredits)
		assert.Equal(t, lists.MonthlyCredits, totals.MonthlyCredits)
		for name, pair := range map[string][2]func(context.Context) iter.Seq2[string, error]{
			"create":   {lists.EachCreate, totals.EachCreate},
			"baseline": {lists.EachBaseline, totals.EachBaseline},
			"delete":   {lists.EachDelete, totals.EachDelete},
		} {
			want, err := collect(pair[0](ctx))
			require.NoError(t, err)
			got, err := collect(pair[1](ctx))
			require.NoError(t, err)
			slices.Sort(got)
			assert.Equal(t, want, got, name)
		}

		res, err := p.Sync(ctx, totals)
		require.NoError(t, err)
		assert.Equal(t, 11, res.Created)
		assert.Equal(t, 7, res.Deleted)
		assert.Equal(t, totals.Credits+totals.BaselineCredits-int64(len(res.OwnersNotPublished))*registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners", false),
			res.Credits, "Sync spends what the plan priced, less the owners it found unpublished")
		assert.Equal(t, before+res.Credits, spent(srv))
		again, err := p.PlanTotals(ctx, opts)
		require.NoError(t, err)
		assert.Equal(t, [3]int{0, 0, 0}, [3]int{again.CreateCount, again.BaselineCount, again.DeleteCount}, "nothing is left to do")
	})
}

// TestSyncOfTotalsNeverDoesMoreThanPlanned imports companies between
// PlanTotals and Sync: Sync creates exactly the monitors the plan
// counted, spends no more than it priced, and stops with ErrPlanChanged;
// the next plan prices the rest.
func TestSyncOfTotalsNeverDoesMoreThanPlanned(t *testing.T) {
	defer portfolio.SetWalkPage(portfolio.SetWalkPage(4))
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithGenerated(30), fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		p := open(t, dsn, c, clk)
		importAll(t, p, generatedRows(srv, "B", 0, 10), portfolio.ImportOptions{})
		opts := portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}}
		pl, err := p.PlanTotals(ctx, opts)
		require.NoError(t, err)
		require.Equal(t, 10, pl.CreateCount)
		importAll(t, p, generatedRows(srv, "B", 10, 25), portfolio.ImportOptions{})

		before := spent(srv)
		res, err := p.Sync(ctx, pl)
		require.ErrorIs(t, err, portfolio.ErrPlanChanged)
		assert.Equal(t, "portfolio: the portfolio changed since the plan was made: make the plan again (it counted 10, and there are more)", err.Error())
		assert.Equal(t, 10, res.Created, "the monitors counted, no more")
		assert.Len(t, srv.Monitors(srv.APIKey), 10)
		assert.LessOrEqual(t, spent(srv)-before, pl.Credits+pl.BaselineCredits, "no more than the plan priced")
		assert.Equal(t, spent(srv)-before, res.Credits)

		rest, err := p.PlanTotals(ctx, opts)
		require.NoError(t, err)
		assert.Equal(t, 15, rest.CreateCount)
		res, err = p.Sync(ctx, rest)
		require.NoError(t, err)
		assert.Equal(t, 15, res.Created)
		assert.Len(t, srv.Monitors(srv.APIKey), 25)
	})
}
