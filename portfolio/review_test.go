package portfolio_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// unknownID is a well-formed register id the fake does not know.
const unknownID = "DE-HRB-F1103-900000"

// monitorDaily is the monitor the decision tests plan.
var monitorDaily = portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyDaily}

// reviews is the review queue, by Ref.
func reviews(t testing.TB, p *portfolio.Portfolio) map[string]portfolio.Review {
	t.Helper()
	out := map[string]portfolio.Review{}
	for r, err := range p.Reviews(context.Background()) {
		require.NoError(t, err)
		out[r.Ref] = r
	}
	return out
}

// importIn imports rows with ctx; the walk must not fail.
func importIn(t testing.TB, ctx context.Context, p *portfolio.Portfolio, rows ...portfolio.Row) []portfolio.ImportResult {
	t.Helper()
	var out []portfolio.ImportResult
	for r, err := range p.Import(ctx, seqOf(rows...), portfolio.ImportOptions{}) {
		require.NoError(t, err)
		out = append(out, r)
	}
	return out
}

// registerRow is a row naming a company of srv by its register
// reference alone: only a paid search matches it.
func registerRow(t testing.TB, srv *fake.Server, ref, id string) portfolio.Row {
	co, ok := srv.Company(id)
	require.True(t, ok, id)
	reg := registerdata.RegisterReference{Type: co.Register.RegisterType, Number: co.Register.RegisterNumber, Court: co.Register.RegisterCourt}
	return portfolio.Row{Ref: ref, Query: registerdata.MatchQuery{Register: reg.String()}}
}

// TestReviewQueueShowsWhatTheCustomerWroteAndWhy fills the queue with a
// row several companies fit, a row nobody fits, a row the budget stopped
// and a company id the service does not know (found by Sync, which goes
// on), and reads each back with the row as imported, the candidates, the
// reasons and when it entered the queue.
func TestReviewQueueShowsWhatTheCustomerWroteAndWhy(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		_, known := srv.Company(unknownID)
		require.False(t, known, "the fake must not know %s", unknownID)
		p := open(t, dsn, c, clk)

		rows := append(hardRows()[:4], portfolio.Row{Ref: "C-9", CompanyID: unknownID})
		rs := importAll(t, p, rows, portfolio.ImportOptions{})
		require.Equal(t, []portfolio.Status{portfolio.Matched, portfolio.Matched, portfolio.Ambiguous, portfolio.NotFound, portfolio.Matched}, statuses(rs))

		// A paid match the credit limit cannot pay for, an hour later.
		clk.Advance(time.Hour)
		limited, _ := registerdata.WithCreditLimit(ctx, 0)
		budget := registerRow(t, srv, "G-1", srv.CompanyIDs()[7])
		failed := importIn(t, limited, p, budget)
		require.Equal(t, portfolio.Failed, failed[0].Status)
		require.ErrorIs(t, failed[0].Err, registerdata.ErrBudgetExceeded)

		// Sync meets the unknown id two hours in: a finding, not a stop.
		clk.Advance(time.Hour)
		pl, err := p.Plan(ctx, monitorDaily)
		require.NoError(t, err)
		require.Contains(t, pl.Create, unknownID)
		res, err := p.Sync(ctx, pl)
		require.NoError(t, err, "Sync goes on past a company the service does not know")
		assert.Equal(t, []string{unknownID}, res.Unknown)
		assert.Equal(t, 2, res.Created, "the known companies are monitored all the same")
		pl, err = p.Plan(ctx, monitorDaily)
		require.NoError(t, err)
		assert.Empty(t, pl.Create, "the unknown company is not planned again")
		res, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		assert.Empty(t, res.Unknown, "a second Sync is clean")
		assert.Zero(t, res.Created)

		q := reviews(t, p)
		require.ElementsMatch(t, []string{"C-3", "C-4", "C-9", "G-1"}, keys(q), "the queue holds the rows a person must settle, not the matched ones")
		n, err := p.ReviewCount(ctx)
		require.NoError(t, err)
		assert.Equal(t, len(q), n, "ReviewCount agrees with Reviews")

		amb := q["C-3"]
		assert.Equal(t, portfolio.Ambiguous, amb.Status)
		assert.Equal(t, rows[2].Query.Name, amb.Row.Query.Name, "the row as the customer wrote it")
		assert.Empty(t, amb.Row.Query.City)
		require.GreaterOrEqual(t, len(amb.Candidates), 2, "the companies that fit")
		for _, cand := range amb.Candidates {
			co, ok := srv.Company(cand.CompanyID)
			require.True(t, ok, cand.CompanyID)
			assert.Equal(t, co.Name.Name, cand.Name)
			assert.Equal(t, co.Register.RegisterNumber, cand.Result.RegisterNumber, "the candidate's register entry, for a person to compare")
			assert.Equal(t, co.Register.RegisterCourt, cand.Result.RegisterCourt)
			assert.Positive(t, cand.Score)
			assert.NotEmpty(t, cand.Reasons, cand.CompanyID)
		}
		assert.NotEmpty(t, amb.Reasons)
		assert.Equal(t, start, amb.Since)

		none := q["C-4"]
		assert.Equal(t, portfolio.NotFound, none.Status)
		assert.Equal(t, rows[3].Query, none.Row.Query)
		assert.NotEmpty(t, none.Reasons)
		assert.Equal(t, start, none.Since)

		unknown := q["C-9"]
		assert.Equal(t, portfolio.UnknownCompany, unknown.Status)
		assert.Equal(t, unknownID, unknown.CompanyID)
		assert.Equal(t, unknownID, unknown.Row.CompanyID)
		assert.Contains(t, unknown.Reasons, "the service does not know "+unknownID)
		assert.Equal(t, start.Add(2*time.Hour), unknown.Since, "it entered the queue when Sync found it")

		stopped := q["G-1"]
		assert.Equal(t, portfolio.Failed, stopped.Status)
		assert.Equal(t, budget.Query.Register, stopped.Row.Query.Register)
		require.NotEmpty(t, stopped.Reasons)
		assert.Contains(t, stopped.Reasons[0], "budget")
		assert.Equal(t, start.Add(time.Hour), stopped.Since)

		for _, r := range q {
			assert.NotEmpty(t, r.Reasons, "%s says what happened", r.Ref)
			assert.Equal(t, r.Ref, r.Row.Ref)
		}
	})
}

// TestReviewQueueReadsInPages fills the queue past one page of Reviews:
// every entry comes once, in the order of Ref.
func TestReviewQueueReadsInPages(t *testing.T) {
	_, c, clk := newFake(t)
	p := open(t, sqliteDSN(t), c, clk)
	const n = 450
	rows := make([]portfolio.Row, n)
	for i := range rows {
		rows[i] = portfolio.Row{Ref: fmt.Sprintf("N%04d", i), Query: registerdata.MatchQuery{Name: fmt.Sprintf("Quxbarfoo Zzyzx %d Unbekannt GmbH", i)}}
	}
	importAll(t, p, rows, portfolio.ImportOptions{})
	var got []string
	for r, err := range p.Reviews(context.Background()) {
		require.NoError(t, err)
		got = append(got, r.Ref)
	}
	want := make([]string, n)
	for i, r := range rows {
		want[i] = r.Ref
	}
	assert.Equal(t, want, got)
	count, err := p.ReviewCount(context.Background())
	require.NoError(t, err)
	assert.Equal(t, n, count)
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
