package portfolio_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ownersRoute is the route of an owners lookup, as the price table names
// it.
const ownersRoute = "GET /v1/company/{company_id}/owners"

// activeGmbHs returns n active GmbHs of the fake, sorted.
func activeGmbHs(t *testing.T, srv *fake.Server, n int) []string {
	t.Helper()
	var ids []string
	for _, id := range srv.CompanyIDs() {
		co, _ := srv.Company(id)
		if co.LegalForm == enums.LegalFormGmbH && co.Status == enums.CompanyStatusActive && co.TerminatedAt == nil && len(ids) < n {
			ids = append(ids, id)
		}
	}
	require.Len(t, ids, n)
	slices.Sort(ids)
	return ids
}

// polled are the companies of the entries Rescreen wrote, in order.
func polled(evs []portfolio.Event) []string {
	out := []string{}
	for _, e := range evs {
		out = append(out, e.CompanyID)
	}
	return out
}

// TestRescreenPollsOnlyTheCompaniesNoEnabledMonitorWatches has three
// companies: the first with an enabled monitor, the second with a
// disabled one (the plan lost monitoring and only the first was enabled
// again), the third with none. Rescreen polls the second and the third:
// a company with a monitor is skipped, a disabled monitor does not
// count. Then the second keeps its owners, so its poll costs the record
// and the owners: a limit that pays the record but not both polls
// nothing and spends nothing, since a poll is made only when its whole
// price fits.
func TestRescreenPollsOnlyTheCompaniesNoEnabledMonitorWatches(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		receiver(t, srv, clk, p)
		ids := activeGmbHs(t, srv, 3)
		var rows []portfolio.Row
		for i, id := range ids {
			rows = append(rows, portfolio.Row{Ref: fmt.Sprint("R", i), CompanyID: id})
		}
		importAll(t, p, rows, portfolio.ImportOptions{})
		for _, id := range ids[:2] {
			_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: id, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}})
			require.NoError(t, err)
		}
		srv.SetMonitoringPlan(srv.APIKey, false)
		srv.SetMonitoringPlan(srv.APIKey, true)
		require.NoError(t, srv.EnableMonitors(srv.APIKey, ids[0]))
		ms, err := c.ListMonitors(ctx)
		require.NoError(t, err)
		disabled := map[string]bool{}
		for _, m := range ms {
			disabled[m.EntityID] = m.Disabled
		}
		require.Equal(t, map[string]bool{ids[0]: false, ids[1]: true}, disabled)

		record := registerdata.DefaultPrices().Of(companyRoute, false)
		before := spent(srv)
		evs := rescreen(t, p, 10*record)
		assert.Equal(t, []string{ids[1], ids[2]}, polled(evs), "the company with an enabled monitor is skipped, the one with a disabled monitor is polled")
		assert.Equal(t, 2*record, spent(srv)-before)

		// The second company keeps its owners now: its poll fetches them
		// too.
		db := rawDB(t, dsn)
		var data string
		q := `SELECT data FROM portfolio_snapshots WHERE company_id = $1`
		upd := `UPDATE portfolio_snapshots SET data = $1 WHERE company_id = $2`
		if strings.HasPrefix(dsn, "sqlite:") {
			q, upd = dollarArg.ReplaceAllString(q, "?"), dollarArg.ReplaceAllString(upd, "?")
		}
		require.NoError(t, db.QueryRow(q, ids[1]).Scan(&data))
		var snap map[string]json.RawMessage
		require.NoError(t, json.Unmarshal([]byte(data), &snap))
		snap["owners"] = json.RawMessage(`{}`)
		b, err := json.Marshal(snap)
		require.NoError(t, err)
		_, err = db.Exec(upd, string(b), ids[1])
		require.NoError(t, err)

		whole := record + registerdata.DefaultPrices().Of(ownersRoute, false)
		before = spent(srv)
		assert.Empty(t, rescreen(t, p, whole-1), "a poll whose whole price does not fit is not made")
		assert.Equal(t, before, spent(srv), "nothing is spent on a poll that cannot be finished")
		evs = rescreen(t, p, whole)
		assert.Equal(t, []string{ids[1]}, polled(evs), "a poll whose whole price fits is made")
		assert.Equal(t, whole, spent(srv)-before)
	})
}
