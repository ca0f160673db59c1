package portfolio_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// deliveredOnce records one delivery of a rename of nordlicht through
// p's handler, and returns it and the journal's last Seq before it.
func deliveredOnce(t *testing.T, p *portfolio.Portfolio, srv *fake.Server) (delivery, int64) {
	t.Helper()
	v, err := webhook.NewVerifier(secret)
	require.NoError(t, err)
	hs := httptest.NewServer(p.Handler(v))
	t.Cleanup(hs.Close)
	require.NoError(t, srv.SetWebhookEndpoint(hs.URL+"/hooks", secret))
	ds, _ := monitorAndRename(t, p, srv, []string{nordlicht}, "Nordlicht Renamed %d GmbH")
	var last int64
	for _, e := range events(t, p, 0) {
		last = e.Seq
	}
	require.Equal(t, http.StatusNoContent, post(t, hs.URL, ds[0]))
	return ds[0], last
}

// journalledFor counts the journal entries after since that answer the
// delivery id.
func journalledFor(t *testing.T, p *portfolio.Portfolio, since int64, id string) int {
	t.Helper()
	n := 0
	for _, e := range events(t, p, since) {
		if e.EventID == id {
			n++
		}
	}
	return n
}

// A job run again after its delivery's entry is committed (River retries
// a job whose worker died after the commit, or whose end it did not
// record) writes nothing and fetches nothing: the job sees the delivery
// processed before it fetches.
func TestAJobRunAgainAfterItsCommitWritesAndPaysNothing(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		d, last := deliveredOnce(t, p, srv)
		n, err := p.Drain(ctx)
		require.NoError(t, err)
		require.Equal(t, 1, n)
		require.Equal(t, 1, journalledFor(t, p, last, d.id))

		before := spent(srv)
		require.NoError(t, p.RunDeliveryJob(ctx, d.id))
		require.NoError(t, p.RunDeliveryJob(ctx, d.id))
		assert.Equal(t, 1, journalledFor(t, p, last, d.id), "a processed delivery is journalled once")
		assert.Equal(t, before, spent(srv), "a processed delivery is not fetched again")
	})
}

// Two runs of one job at once (a job taken over while its first worker
// still runs): the second to reach the commit finds the delivery
// processed by the first in the meantime, and writes nothing.
func TestAJobWhoseDeliveryIsCommittedDuringItsFetchWritesNothing(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		d, last := deliveredOnce(t, p, srv)

		// The first run, between its fetch and its commit, waits for a
		// second run of the same job that goes all the way.
		nested := false
		var inner error
		portfolio.SetAfterFetch(func(id string) {
			if nested {
				return
			}
			nested = true
			inner = p.RunDeliveryJob(ctx, id)
		})
		t.Cleanup(func() { portfolio.SetAfterFetch(nil) })
		require.NoError(t, p.RunDeliveryJob(ctx, d.id))
		require.True(t, nested, "the first run fetched")
		require.NoError(t, inner)
		assert.Equal(t, 1, journalledFor(t, p, last, d.id), "the delivery is journalled once, by the run that committed first")
	})
}
