package portfolio_test

import (
	"context"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFourEyesOnceSetBindsEveryLaterClient opens a portfolio
// WithFourEyes, then again without the option, as a member of the team
// who forgot it would: the second client's decision still waits for
// another person.
func TestFourEyesOnceSetBindsEveryLaterClient(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		_, c, clk := newFake(t)
		ctx := context.Background()
		plain := open(t, dsn, c, clk)
		importAll(t, plain, hardRows(), portfolio.ImportOptions{Batch: registerdata.BatchOptions{Concurrency: 4}})
		assert.False(t, plain.FourEyes(), "no client asked for four eyes yet")

		strict := open(t, dsn, c, clk, portfolio.WithFourEyes())
		assert.True(t, strict.FourEyes())

		later := open(t, dsn, c, clk)
		require.True(t, later.FourEyes(), "four eyes recorded in the database binds a client opened without the option")
		require.NoError(t, later.Remove(as(ctx, anna), "C-4"))
		require.NoError(t, plain.Remove(as(ctx, ben), "C-2"), "a client opened before four eyes was set")
		var states []portfolio.DecisionState
		for d, err := range later.Decisions(ctx, portfolio.AllDecisions) {
			require.NoError(t, err)
			states = append(states, d.State)
		}
		assert.Equal(t, []portfolio.DecisionState{portfolio.Pending, portfolio.Pending}, states, "both removals wait, also the one of the client opened earlier")
		refs := map[string]bool{}
		for e, err := range later.Entries(ctx) {
			require.NoError(t, err)
			refs[e.Ref] = true
		}
		assert.True(t, refs["C-4"] && refs["C-2"], "a pending removal takes nothing out")
	})
}
