package portfolio_test

import (
	"context"
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

// countCreates counts the monitor creations a client sends.
type countCreates struct{ n atomic.Int32 }

func (c *countCreates) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodPost && r.URL.Path == "/v1/monitor" {
		c.n.Add(1)
	}
	return http.DefaultTransport.RoundTrip(r)
}

func TestSyncWithoutMonitoringAccessStopsAtTheFirstCreate(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, _, clk := newFake(t, fake.WithoutMonitoring(), fake.WithWebhookEndpoint("http://127.0.0.1:9/hooks", secret))
		creates := &countCreates{}
		c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
			registerdata.WithHTTPClient(&http.Client{Transport: creates}), registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute))
		require.NoError(t, err)
		p := open(t, dsn, c, clk)
		importAll(t, p, hardRows(), portfolio.ImportOptions{})
		opts := portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}}
		pl, err := p.Plan(ctx, opts)
		require.NoError(t, err)
		require.Len(t, pl.Create, 2)

		before := spent(srv)
		res, err := p.Sync(ctx, pl)
		require.ErrorIs(t, err, registerdata.ErrForbidden)
		for _, want := range []string{"stopped at the first monitor", "lacks monitoring access", "early access", "https://docs.openregister.de/guide/monitoring"} {
			assert.Contains(t, err.Error(), want)
		}
		assert.Equal(t, int32(1), creates.n.Load(), "one create, not one per entry")
		assert.Zero(t, res.Created)
		assert.Zero(t, res.Deleted)
		assert.Zero(t, res.Credits)
		assert.Empty(t, res.OwnersNotPublished)
		assert.Equal(t, before, spent(srv), "nothing billed: no monitor, no baseline")

		// The refused monitor is not kept as the portfolio's: a monitor of
		// that company made later for another purpose is not the
		// portfolio's to delete when its entry goes.
		srv.SetMonitoringPlan(srv.APIKey, true)
		first := pl.Create[0]
		_, err = c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: first, EntityType: enums.EntityTypeCompany, Preferences: opts.Preferences})
		require.NoError(t, err)
		ref := "C-2"
		if first == nordlicht {
			ref = "C-1"
		}
		require.NoError(t, p.Remove(as(ctx, anna), ref))
		pl, err = p.Plan(ctx, opts)
		require.NoError(t, err)
		assert.Empty(t, pl.Delete)
		assert.Len(t, pl.Create, 1)
		res, err = p.Sync(ctx, pl)
		require.NoError(t, err)
		assert.Equal(t, 1, res.Created)
	})
}
