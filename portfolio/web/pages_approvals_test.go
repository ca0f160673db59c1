package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFourEyesThroughThePages: a reviewer decides, the same person
// cannot approve (told why, nothing written), an approver approves and
// the entry is matched, every step in the audit trail.
func TestFourEyesThroughThePages(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		f := newFixture(t, dsn, nil, portfolio.WithFourEyes())
		rv, ok, err := (&server{p: f.p}).queued(httptestRequest(), "C-3")
		require.NoError(t, err)
		require.True(t, ok)
		pick := rv.Candidates[0]
		status, body := f.post(t, f.client(t, reviewer), "", "/queue/resolve", url.Values{"ref": {"C-3"}, "choice": {pick.CompanyID}, "note": {"same address"}})
		require.Equal(t, http.StatusSeeOther, status, body)
		var id int64
		for d, err := range f.p.Decisions(ctx, portfolio.Pending) {
			require.NoError(t, err)
			id = d.ID
		}
		require.NotZero(t, id)
		_, page := f.get(t, f.client(t, approver), "/approvals")
		assert.Contains(t, page, reviewer.ID)

		// The proposer, were she an approver, is refused by the portfolio.
		self := Principal{ID: reviewer.ID, Name: reviewer.Name, Role: Approver}
		before := f.auditLen(t)
		srv := &server{p: f.p, pages: mustPages(t), log: discard()}
		rec := postAs(t, srv.approve, self, url.Values{"id": {strconv.FormatInt(id, 10)}, "note": {"fine"}})
		assert.Equal(t, http.StatusForbidden, rec.Code)
		assert.Contains(t, rec.Body.String(), "a second person approves it")
		assert.Equal(t, before, f.auditLen(t), "a refused approval writes nothing")

		status, body = f.post(t, f.client(t, approver), "", "/approvals/approve", url.Values{"id": {strconv.FormatInt(id, 10)}, "note": {"checked the register"}})
		require.Equal(t, http.StatusSeeOther, status, body)
		for e, err := range f.p.Entries(ctx) {
			require.NoError(t, err)
			if e.Ref == "C-3" {
				assert.Equal(t, portfolio.Matched, e.Status)
				assert.Equal(t, pick.CompanyID, e.CompanyID)
			}
		}
		_, audit := f.get(t, f.client(t, viewer), "/audit")
		assert.Contains(t, audit, "approve")
		assert.Contains(t, audit, approver.ID)
		assert.Contains(t, audit, "The chain is whole")
	})
}
