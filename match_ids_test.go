package registerdata_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func TestVATIDCheckDigit(t *testing.T) {
	for _, ok := range []string{"DE318274655", "DE811203318", "DE136695976", "ATU12345678", ""} {
		require.Empty(t, registerdata.VATIDProblem(ok), ok)
	}
	for _, bad := range []string{"DE318274650", "DE318274651", "DE136695970", "DE12345678", "DE1234567890", "DE12345678X"} {
		require.NotEmpty(t, registerdata.VATIDProblem(bad), bad)
	}
}

func TestLEICheckDigits(t *testing.T) {
	for _, ok := range []string{"529900HELIOSENERGY23", "5493001KJTIIGC8Y1R12", "7LTWFZYICNSX8D621K86"} {
		require.Empty(t, registerdata.LEIProblem(ok), ok)
	}
	for _, bad := range []string{"529900HELIOSENRGY21", "5493001KJTIIGC8Y1R13", "391200NORDLICHT00X47", "5493001KJTIIGC8Y1R1", "5493001KJTIIGC8Y1R1!"} {
		require.NotEmpty(t, registerdata.LEIProblem(bad), bad)
	}
}

// TestFakeIdentifiersPassTheirChecks holds the fake's own data to the
// checks the matcher makes: every VAT id and LEI of the register passes.
func TestFakeIdentifiersPassTheirChecks(t *testing.T) {
	srv := fake.NewServer(fake.WithHardCases())
	defer srv.Close()
	seen := 0
	for _, id := range srv.CompanyIDs() {
		c, _ := srv.Company(id)
		if c.Contact != nil && c.Contact.VATID != "" {
			seen++
			require.Empty(t, registerdata.VATIDProblem(c.Contact.VATID), id)
		}
		if c.LEI != "" {
			seen++
			require.Empty(t, registerdata.LEIProblem(c.LEI), id)
		}
	}
	require.GreaterOrEqual(t, seen, 10)
}

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
