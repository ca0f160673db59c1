package web

import (
	"context"
	"html"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync/atomic"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const testSubSecret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"

// TestTheOverviewCountsTheDeadAlertsAndTheAdminReplaysThem makes an
// alert die (a receiver failing for more than 3 days on the portfolio's
// clock), sees it on the overview and the subscribers page, and sends
// it again from there once the receiver answers.
func TestTheOverviewCountsTheDeadAlertsAndTheAdminReplaysThem(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	ctx := context.Background()
	var failing atomic.Bool
	failing.Store(true)
	var got atomic.Int64
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if failing.Load() {
			http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
			return
		}
		got.Add(1)
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(rcv.Close)

	adminC := f.client(t, admin)
	status, body := f.post(t, adminC, "", "/subscribers/add", url.Values{"name": {"crm"}, "url": {rcv.URL + "/hooks/path-token"}, "secret": {testSubSecret}})
	require.Equal(t, http.StatusSeeOther, status, body)
	status, body = f.get(t, adminC, "/")
	require.Equal(t, http.StatusOK, status)
	assert.Regexp(t, `Dead alerts</dt><dd>0<`, body, "no alert is dead yet")

	// A new company's first check is a journal entry for the subscriber.
	for r, err := range f.p.Import(ctx, func(yield func(portfolio.Row, error) bool) {
		yield(portfolio.Row{Ref: "N-1", CompanyID: otherCompany}, nil)
	}, portfolio.ImportOptions{}) {
		require.NoError(t, err)
		require.NoError(t, r.Err)
	}
	for _, err := range f.p.Rescreen(ctx, portfolio.RescreenOptions{MaxCredits: 1000}) {
		require.NoError(t, err)
	}
	f.clk.Advance(73 * time.Hour) // past the 3 days: the first failure gives it up
	_, err := f.p.Drain(ctx)
	require.NoError(t, err)

	adminC = f.client(t, admin) // the first session expired with the days
	status, body = f.get(t, f.client(t, viewer), "/")
	require.Equal(t, http.StatusOK, status)
	assert.Regexp(t, `Dead alerts</dt><dd>[1-9][0-9]* <span`, body, "the viewer sees the dead alerts")
	assert.NotContains(t, body, `href="/subscribers"`, "and no link to the admin's page")
	status, body = f.get(t, adminC, "/subscribers")
	require.Equal(t, http.StatusOK, status)
	body = html.UnescapeString(body)
	assert.Contains(t, body, "down for maintenance", "the receiver's last answer")
	assert.NotContains(t, body, "path-token", "a URL's path is a credential: never shown")
	assert.NotContains(t, body, testSubSecret, "nor the secret")
	assert.Contains(t, body, "secret set")

	failing.Store(false)
	status, body = f.post(t, adminC, "", "/subscribers/replay", url.Values{"name": {"crm"}, "since": {"0"}})
	require.Equal(t, http.StatusSeeOther, status, body)
	_, err = f.p.Drain(ctx)
	require.NoError(t, err)
	assert.Positive(t, got.Load(), "the replay sent the dead alerts")
	status, body = f.get(t, adminC, "/")
	require.Equal(t, http.StatusOK, status)
	assert.Regexp(t, `Dead alerts</dt><dd>0<`, body, "none is dead after the replay")
}

func TestTheSubscribersPageSaysWhyASubscriberIsRefused(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	adminC := f.client(t, admin)
	before := f.auditLen(t)
	status, body := f.post(t, adminC, "", "/subscribers/add", url.Values{"name": {"crm"}, "url": {"http://crm.example/hooks"}, "secret": {testSubSecret}})
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, html.UnescapeString(body), "use https, or http to a loopback address")
	assert.NotContains(t, body, testSubSecret)
	status, body = f.post(t, adminC, "", "/subscribers/remove", url.Values{"name": {"nobody"}})
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, body, "no such subscriber")
	assert.Equal(t, before, f.auditLen(t), "a refusal changes nothing")
}
