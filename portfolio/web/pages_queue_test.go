package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// spent is what the fake billed so far.
func (f *fixture) spent() int64 { return 10_000_000 - f.srv.Credits(f.srv.APIKey) }

// TestATypedIdShowsItsPriceAndSpendsNothingUntilConfirmed: deciding on
// a typed company id first shows the lookup's price and asks; only the
// confirmed form pays for the lookup and decides.
func TestATypedIdShowsItsPriceAndSpendsNothingUntilConfirmed(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		f := newFixture(t, dsn, nil)
		c := f.client(t, reviewer)
		price := registerdata.DefaultPrices().Of(lookupRoute, false)
		before, audited := f.spent(), f.auditLen(t)
		status, body := f.post(t, c, "", "/queue/resolve", url.Values{"ref": {"C-4"}, "choice": {"typed"}, "typed_id": {nordlicht}, "note": {"the customer's old name"}})
		assert.Equal(t, http.StatusOK, status)
		assert.Contains(t, body, strconv.FormatInt(price, 10)+" credits")
		assert.Contains(t, body, `name="confirm" value="yes"`)
		assert.Equal(t, before, f.spent(), "nothing is spent before the confirmation")
		assert.Equal(t, audited, f.auditLen(t), "nothing is decided before the confirmation")

		status, body = f.post(t, c, "", "/queue/resolve", url.Values{"ref": {"C-4"}, "choice": {"typed"}, "typed_id": {nordlicht}, "note": {"the customer's old name"}, "confirm": {"yes"}})
		require.Equal(t, http.StatusSeeOther, status, body)
		assert.Equal(t, before+price, f.spent(), "the confirmed lookup costs its price")
		last := lastAudit(t, f.p)
		assert.Equal(t, "resolve", last.Action)
		assert.Equal(t, reviewer.ID, last.Actor.ID)
	})
}

// TestACandidateIdTheQueueDoesNotOfferNeedsTheConfirmationToo: a form
// whose "candidate" is no candidate of the entry (a forged or stale
// form) is a paid lookup, so it asks first instead of spending.
func TestACandidateIdTheQueueDoesNotOfferNeedsTheConfirmationToo(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	c := f.client(t, reviewer)
	before := f.spent()
	status, body := f.post(t, c, "", "/queue/resolve", url.Values{"ref": {"C-3"}, "choice": {nordlicht}})
	assert.Equal(t, http.StatusOK, status)
	assert.Contains(t, body, "Look up and decide")
	assert.Equal(t, before, f.spent())
}

// TestPickingACandidateDecidesAtNoCostAndLeavesTheQueue: the entry's
// own candidate is taken without a lookup and the entry leaves the
// queue, with the decision on its company page.
func TestPickingACandidateDecidesAtNoCostAndLeavesTheQueue(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		f := newFixture(t, dsn, nil)
		c := f.client(t, reviewer)
		rv, ok, err := (&server{p: f.p}).queued(httptestRequest(), "C-3")
		require.NoError(t, err)
		require.True(t, ok)
		require.NotEmpty(t, rv.Candidates)
		pick := rv.Candidates[0]
		before := f.spent()
		status, body := f.post(t, c, "", "/queue/resolve", url.Values{"ref": {"C-3"}, "choice": {pick.CompanyID}, "note": {"same address"}})
		require.Equal(t, http.StatusSeeOther, status, body)
		assert.Equal(t, before, f.spent())
		_, queue := f.get(t, c, "/queue")
		assert.NotContains(t, queue, "?ref=C-3")
		_, page := f.get(t, c, "/company?id="+url.QueryEscape(pick.CompanyID))
		assert.Contains(t, page, "same address")
	})
}

// TestNoRegisterEntryNeedsANote: without a note the decision is refused
// with the reason, and nothing is written.
func TestNoRegisterEntryNeedsANote(t *testing.T) {
	f := newFixture(t, sqliteDSNFor(t), nil)
	c := f.client(t, reviewer)
	before := f.auditLen(t)
	status, body := f.post(t, c, "", "/queue/resolve", url.Values{"ref": {"C-4"}, "choice": {"none"}})
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Contains(t, body, "A note is required")
	assert.Equal(t, before, f.auditLen(t))
}

func httptestRequest() *http.Request {
	r, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, "/", nil)
	return r
}
