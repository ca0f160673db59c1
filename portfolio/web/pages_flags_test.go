package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestFlagsComeHighFirstNewMarkedAndAnAcknowledgementNeedsANote: the
// flags page lists high before review and marks as new only what the
// period raised, not what a company brought along; an
// acknowledgement without a note is refused in words and writes
// nothing, one with a note is kept with who and shows in the company's
// history.
func TestFlagsComeHighFirstNewMarkedAndAnAcknowledgementNeedsANote(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		f := newFixture(t, dsn, nil)
		c := f.client(t, reviewer)
		_, page := f.get(t, c, "/flags")
		high, review := strings.Index(page, `class="flag sev-high`), strings.Index(page, `class="flag sev-review`)
		require.GreaterOrEqual(t, high, 0)
		require.Greater(t, review, high, "high before review")
		assert.NotContains(t, page, `<span class="badge new">new</span>`, "flags the company brought along (its first check) are not news")

		before := f.auditLen(t)
		status, body := f.post(t, c, "", "/flags/acknowledge", url.Values{"company_id": {inLiquidation}, "code": {"liquidation"}})
		assert.Equal(t, http.StatusBadRequest, status)
		assert.Contains(t, body, "A note is required")
		assert.Equal(t, before, f.auditLen(t))

		status, body = f.post(t, c, "", "/flags/acknowledge", url.Values{"company_id": {inLiquidation}, "code": {"liquidation"}, "note": {"called the liquidator"}})
		require.Equal(t, http.StatusSeeOther, status, body)
		for fl, err := range f.p.Flags(context.Background()) {
			require.NoError(t, err)
			if fl.CompanyID == inLiquidation && fl.Flag.Code == "liquidation" {
				assert.True(t, fl.Acknowledged)
				require.NotNil(t, fl.AcknowledgedBy)
				assert.Equal(t, reviewer.ID, fl.AcknowledgedBy.ID)
			}
		}
		_, company := f.get(t, c, "/company?id="+inLiquidation)
		assert.Contains(t, company, "called the liquidator", "the acknowledgement in the company's history")
	})
}
