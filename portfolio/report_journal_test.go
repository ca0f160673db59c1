package portfolio_test

import (
	"bytes"
	"context"
	"html"
	"strconv"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTheOverviewLeavesOutTheChangesOfACompanyNoEntryNamesAnyMore: two
// companies change in the period; then the entry of one is removed. The
// overview lists and counts the change of the company still named only,
// while the credits of the period count both checks: the journal keeps
// its history, the overview shows what the portfolio holds.
func TestTheOverviewLeavesOutTheChangesOfACompanyNoEntryNamesAnyMore(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		receiver(t, srv, clk, p)
		ids := srv.CompanyIDs()[:2]
		importAll(t, p, []portfolio.Row{{Ref: "KEEP", CompanyID: ids[0]}, {Ref: "GONE", CompanyID: ids[1]}}, portfolio.ImportOptions{})
		pl, err := p.Plan(ctx, portfolio.MonitorOptions{UpdateFrequency: enums.UpdateFrequencyDaily})
		require.NoError(t, err)
		_, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		for _, id := range ids {
			require.NoError(t, srv.UpdateCompany(id, func(co *registerdata.Company) { co.Status = enums.CompanyStatusLiquidation }))
		}
		clk.Advance(24*time.Hour + time.Minute)
		_, err = p.Drain(ctx)
		require.NoError(t, err)
		var credits int64
		changed := map[string]bool{}
		for _, e := range events(t, p, 0) {
			credits += e.Credits
			if e.EventID != "" {
				changed[e.CompanyID] = true
			}
		}
		require.Len(t, changed, 2, "both companies' changes journalled")
		_, err = rawDB(t, dsn).Exec(`DELETE FROM portfolio_entries WHERE ref = 'GONE'`)
		require.NoError(t, err)

		var buf bytes.Buffer
		require.NoError(t, p.WriteHTML(&buf))
		page := html.UnescapeString(buf.String())
		assert.Equal(t, "1", attr(t, page, `data-count="changes">`), "the change of the company still named")
		assert.Equal(t, strconv.FormatInt(credits, 10), attr(t, page, `data-credits="checks">`), "every check's credits")
	})
}
