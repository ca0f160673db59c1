package registerdata_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

// TestMatchCompanyReadsThePostalCodeInTheCityCell: a CRM export that
// writes "PLZ Ort" in the city cell, or the postal code and city after
// the street, finds the company as if the cells were apart, for free.
func TestMatchCompanyReadsThePostalCodeInTheCityCell(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	ctx := context.Background()
	for _, q := range []registerdata.MatchQuery{
		{Name: "Nordlicht Solartechnik GmbH", City: "12489 Berlin"},
		{Name: "Nordlicht Solartechnik GmbH", City: "D-12489 Berlin"},
		{Name: "Nordlicht Solartechnik GmbH", City: "Berlin 12489"},
		{Name: "Nordlicht Solartechnik GmbH", City: "12489"},
		{Name: "Nordlicht Solartechnik GmbH", Street: "Rudower Chaussee 29, 12489 Berlin"},
	} {
		m, err := c.MatchCompany(ctx, q, nil)
		require.NoError(t, err)
		require.NotNil(t, m.Best, "%+v: candidates %+v", q, m.Candidates)
		require.Equal(t, "DE-HRB-F1103-267645", m.Best.CompanyID)
		require.Equal(t, 1.0, m.Best.Score, "%+v: %v", q, m.Best.Reasons)
		reasons := strings.Join(m.Best.Reasons, "; ")
		require.Contains(t, reasons, "postal code equal")
		require.NotContains(t, reasons, "differs")
		require.Zero(t, m.Credits, "%+v", q)
	}
}
