package portfolio_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func rescreen(t *testing.T, p *portfolio.Portfolio, maxCredits int64) []portfolio.Event {
	t.Helper()
	var out []portfolio.Event
	for e, err := range p.Rescreen(context.Background(), portfolio.RescreenOptions{MaxCredits: maxCredits}) {
		require.NoError(t, err)
		out = append(out, e)
	}
	return out
}

func TestRescreenPollsWithinItsLimitAndJudgesByToday(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		var ids []string
		for _, id := range srv.CompanyIDs() {
			co, _ := srv.Company(id)
			if co.LegalForm == enums.LegalFormGmbH && co.Status == enums.CompanyStatusActive && co.TerminatedAt == nil && len(ids) < 3 {
				ids = append(ids, id)
			}
		}
		slices.Sort(ids)
		// The second files its accounts for 2023: due by the end of 2024,
		// overdue in a year.
		require.NoError(t, srv.UpdateCompany(ids[1], func(co *registerdata.Company) {
			co.Indicators = []registerdata.IndicatorSummary{{Date: registerdata.NewDate(2023, 12, 31), ReportID: "0b9f3c2e-5d4a-4e7b-9c1f-2a3b4c5d6e7f"}}
		}))
		var rows []portfolio.Row
		for i, id := range ids {
			rows = append(rows, portfolio.Row{Ref: fmt.Sprint("R", i), CompanyID: id})
		}
		importAll(t, p, rows, portfolio.ImportOptions{})

		for _, err := range p.Rescreen(context.Background(), portfolio.RescreenOptions{MaxCredits: -1}) {
			assert.ErrorContains(t, err, "MaxCredits is -1")
		}
		evs := rescreen(t, p, 20)
		require.Len(t, evs, 2, "two polls fit in 20 credits")
		assert.Equal(t, []string{ids[0], ids[1]}, []string{evs[0].CompanyID, evs[1].CompanyID})
		assert.Equal(t, int64(20), spent(srv))
		for _, e := range evs {
			assert.Equal(t, int64(10), e.Credits)
			assert.Empty(t, e.Changes, "a first poll is the baseline")
		}

		require.NoError(t, srv.UpdateCompany(ids[0], func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
		evs = rescreen(t, p, 10)
		require.Len(t, evs, 1)
		require.Len(t, evs[0].Changes, 1)
		assert.Equal(t, "status", evs[0].Changes[0].Field)
		assert.Equal(t, []string{redflags.FlagLiquidation}, flagCodes(evs[0].Raised))
		assert.Equal(t, int64(30), spent(srv))

		// A year later the accounts are overdue: raised without a fetch.
		clk.Advance(365 * 24 * time.Hour)
		evs = rescreen(t, p, 0)
		raised := map[string][]string{}
		for _, e := range evs {
			raised[e.CompanyID] = flagCodes(e.Raised)
			assert.Zero(t, e.Credits)
			assert.Empty(t, e.Changes)
		}
		assert.Equal(t, []string{redflags.FlagNoFinancials}, raised[ids[1]])
		assert.Equal(t, int64(30), spent(srv), "judging by today costs nothing")
		assert.Empty(t, rescreen(t, p, 0), "nothing new the next time")
	})
}
