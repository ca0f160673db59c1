package registerdata_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestMatchCompanyBadIdentifiersCostNothing: a VAT id or LEI failing its
// check digits is reported and no credit is spent on it.
func TestMatchCompanyBadIdentifiersCostNothing(t *testing.T) {
	srv, c, ct := newFakeClient(t, nil)
	ctx := context.Background()
	for _, q := range []registerdata.MatchQuery{{VATID: "DE318274650"}, {LEI: "529900HELIOSENERGY32"}, {VATID: "DE 318 274 651", LEI: "391200NORDLICHT00X47"}} {
		_, err := c.MatchCompany(ctx, q, nil)
		require.True(t, errors.Is(err, registerdata.ErrInvalidRequest), "%+v: %v", q, err)
		require.Contains(t, err.Error(), "check digit")
	}
	require.Zero(t, ct.calls.Load(), "nothing is sent for identifiers that fail their check")

	spent := srv.Credits(srv.APIKey)
	m, err := c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Nordlicht Solartechnik GmbH", VATID: "DE318274650", LEI: "391200NORDLICHT00X47"}, nil)
	require.NoError(t, err)
	require.NotNil(t, m.Best)
	require.Equal(t, "DE-HRB-F1103-267645", m.Best.CompanyID)
	require.Zero(t, m.Credits, "the name decides for free; the bad identifiers are not looked up")
	require.Equal(t, spent, srv.Credits(srv.APIKey), "the fake's balance is unchanged")
	require.Len(t, m.Ignored, 2)
	require.Contains(t, strings.Join(m.Ignored, "; "), "DE318274650 fails its check digit")
	require.Contains(t, strings.Join(m.Ignored, "; "), "391200NORDLICHT00X47 fails its check digits")
	require.Contains(t, strings.Join(m.Best.Reasons, "; "), "fails its check digit")
}
