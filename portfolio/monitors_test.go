package portfolio_test

import (
	"context"
	"errors"
	"net/http"
	"sync/atomic"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// monitorRoute is the route of a monitor's creation, as the price table
// names it.
const monitorRoute = "POST /v1/monitor"

const secret = "whsec_ZXhhbXBsZS1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5"

// loseFirstCreate sends every request to the service and loses the
// answer to the first monitor the service creates: the service made
// and billed the monitor, the client sees the connection drop.
type loseFirstCreate struct{ lost atomic.Bool }

func (l *loseFirstCreate) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err == nil && r.Method == http.MethodPost && r.URL.Path == "/v1/monitor" && resp.StatusCode == http.StatusCreated && l.lost.CompareAndSwap(false, true) {
		resp.Body.Close()
		return nil, errors.New("connection reset by peer (the test lost the answer)")
	}
	return resp, err
}

func TestPlanAndSyncMonitors(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		p := open(t, dsn, c, clk)
		rs := importAll(t, p, hardRows(), portfolio.ImportOptions{})
		berlin := rs[1].CompanyID

		opts := portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic, enums.PreferenceRepresentation}, UpdateFrequency: enums.UpdateFrequencyDaily}
		before := spent(srv)
		pl, err := p.Plan(ctx, opts)
		require.NoError(t, err)
		assert.Equal(t, before, spent(srv), "planning spends nothing")
		assert.ElementsMatch(t, []string{nordlicht, berlin}, pl.Create)
		assert.Empty(t, pl.Delete)
		monitor := registerdata.DefaultPrices().OfVariant(monitorRoute, registerdata.VariantDaily)
		baseline := registerdata.DefaultPrices().Of(companyRoute, false)
		assert.Equal(t, 2*monitor, pl.Credits)
		assert.Equal(t, 2*baseline, pl.BaselineCredits)
		assert.Equal(t, 2*registerdata.DefaultPrices().OfVariant(monitorRoute, registerdata.VariantMonthlyDaily), pl.MonthlyCredits)

		// A monitor that exists already (made by an earlier Sync that
		// stopped after it) is adopted, not created and billed twice; and
		// the answer to the one create made now is lost (the service made
		// and billed the monitor, the connection dropped before its
		// answer): the retry finds it and adopts it, billed once.
		_, err = c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: pl.Create[0], EntityType: enums.EntityTypeCompany,
			Preferences: opts.Preferences, UpdateFrequency: opts.UpdateFrequency})
		require.NoError(t, err)
		before = spent(srv)
		lose := &loseFirstCreate{}
		lossy, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
			registerdata.WithHTTPClient(&http.Client{Transport: lose}), registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute))
		require.NoError(t, err)
		res, err := open(t, dsn, lossy, clk).Sync(ctx, pl)
		require.NoError(t, err)
		require.True(t, lose.lost.Load(), "the answer to the create was lost")
		assert.Equal(t, 1, res.Created, "the monitor made by this Sync is counted, the adopted one is not")
		assert.Equal(t, monitor+2*baseline, res.Credits)
		assert.Equal(t, before+res.Credits, spent(srv), "Sync reports what the fake billed")
		assert.Len(t, srv.Monitors(srv.APIKey), 2)

		// Again: nothing to do, nothing spent.
		before = spent(srv)
		res, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		assert.Equal(t, portfolio.SyncResult{OwnersNotPublished: map[string]string{}}, res)
		assert.Equal(t, before, spent(srv))
		pl, err = p.Plan(ctx, opts)
		require.NoError(t, err)
		assert.Empty(t, pl.Create)
		assert.Equal(t, 2*registerdata.DefaultPrices().OfVariant(monitorRoute, registerdata.VariantMonthlyDaily), pl.MonthlyCredits)

		// A removed entry's monitor goes; a monitor the portfolio did not
		// create stays.
		other := srv.CompanyIDs()[5]
		_, err = c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: other, EntityType: enums.EntityTypeCompany, Preferences: opts.Preferences})
		require.NoError(t, err)
		require.NoError(t, p.Remove(as(ctx, anna), "C-2"))
		pl, err = p.Plan(ctx, opts)
		require.NoError(t, err)
		assert.Equal(t, []string{berlin}, pl.Delete)
		res, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		assert.Equal(t, 1, res.Deleted)
		var left []string
		for _, m := range srv.Monitors(srv.APIKey) {
			left = append(left, m.EntityID)
		}
		assert.ElementsMatch(t, []string{nordlicht, other}, left)
	})
}

func TestSyncStopsAtTheBudgetAndResumes(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t, fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		var rows []portfolio.Row
		for i, id := range srv.CompanyIDs()[:6] {
			rows = append(rows, portfolio.Row{Ref: "R" + string(rune('a'+i)), CompanyID: id})
		}
		opts := portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}}
		// Room for two monitors and their baselines (2 × 35) and a third
		// monitor, not its baseline.
		tight, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL), registerdata.WithCreditBudget(100))
		require.NoError(t, err)
		p := open(t, dsn, tight, clk)
		importAll(t, p, rows, portfolio.ImportOptions{})
		pl, err := p.Plan(ctx, opts)
		require.NoError(t, err)
		require.Len(t, pl.Create, 6)
		res, err := p.Sync(ctx, pl)
		require.ErrorIs(t, err, registerdata.ErrBudgetExceeded)
		assert.Equal(t, 3, res.Created)
		assert.Equal(t, spent(srv), res.Credits)
		require.NoError(t, p.Close())

		p = open(t, dsn, c, clk)
		pl, err = p.Plan(ctx, opts)
		require.NoError(t, err)
		assert.Len(t, pl.Create, 3)
		assert.Len(t, pl.Baseline, 1, "the monitor whose baseline the budget refused")
		assert.Equal(t, int64(4*10), pl.BaselineCredits)
		res2, err := p.Sync(ctx, pl)
		require.NoError(t, err)
		assert.Equal(t, 3, res2.Created)
		assert.Equal(t, pl.Credits+pl.BaselineCredits, res2.Credits)
		assert.Equal(t, spent(srv), res.Credits+res2.Credits, "each monitor and baseline billed once")
		assert.Len(t, srv.Monitors(srv.APIKey), 6)
	})
}
