package portfolio_test

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlagsNameEachCompanysOwnRefs: a page of flags reads its refs in
// one query; each flag still carries the refs of its own company, all of
// them and in order, and a ref removed is no longer named.
func TestFlagsNameEachCompanysOwnRefs(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, c, clk := newFake(t)
		require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
		p := open(t, dsn, c, clk)
		importAll(t, p, []portfolio.Row{
			{Ref: "L-2", CompanyID: inLiquidation},
			{Ref: "L-1", CompanyID: inLiquidation},
			{Ref: "N-1", CompanyID: nordlicht},
			{Ref: "L-3", CompanyID: inLiquidation},
		}, portfolio.ImportOptions{})
		rescreenAll(t, p)
		f, ok := openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		assert.True(t, ok)
		assert.Equal(t, []string{"L-1", "L-2", "L-3"}, f.Refs)
		others := 0
		for g, err := range p.Flags(t.Context()) {
			if assert.NoError(t, err) && g.CompanyID != inLiquidation {
				others++
				assert.Equal(t, []string{"N-1"}, g.Refs, "another company's flag names its own refs")
			}
		}
		assert.Positive(t, others, "the other company has a flag of its own")

		anna := portfolio.WithActor(t.Context(), portfolio.Actor{ID: "anna@bank.example", Name: "Anna Richter"})
		assert.NoError(t, p.Remove(anna, "L-2"))
		f, _ = openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		assert.Equal(t, []string{"L-1", "L-3"}, f.Refs)
	})
}
