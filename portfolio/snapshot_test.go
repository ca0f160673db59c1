package portfolio_test

import (
	"context"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSnapshotReadsTheLastCheckAtNoCost(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		importAll(t, p, []portfolio.Row{{Ref: "C-1", CompanyID: nordlicht}}, portfolio.ImportOptions{})
		_, err := p.Snapshot(ctx, nordlicht)
		require.ErrorIs(t, err, portfolio.ErrNotFound, "before its first check nothing is stored")
		assert.Contains(t, err.Error(), nordlicht)

		rescreen(t, p, 1000)
		before, counted := spent(srv), c.CreditsSpent()
		s, err := p.Snapshot(ctx, nordlicht)
		require.NoError(t, err)
		want, ok := srv.Company(nordlicht)
		require.True(t, ok)
		require.NotNil(t, s.Company)
		assert.Equal(t, nordlicht, s.Company.ID)
		assert.Equal(t, want.Name.Name, s.Company.Name.Name, "the record as the check stored it")
		assert.Equal(t, clk.Now().UTC(), s.FetchedAt, "fetched on the portfolio's clock")
		assert.Equal(t, before, spent(srv), "the fake billed nothing")
		assert.Equal(t, counted, c.CreditsSpent(), "and the client counted nothing")

		_, err = p.Snapshot(ctx, "DE-HRB-X0000-1")
		require.ErrorIs(t, err, portfolio.ErrNotFound, "a company the portfolio never checked")
	})
}
