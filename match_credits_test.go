package registerdata_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// TestMatchCompanyBuysNothingThatCannotWin: a record (to read former
// names) is bought only when a former name could make the company the
// Best; with a postal code of another city it could not, so the match
// is free.
func TestMatchCompanyBuysNothingThatCannotWin(t *testing.T) {
	_, c, _ := newFakeClient(t, []fake.Option{fake.WithHardCases()})
	ctx := context.Background()
	m, err := c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Kupferkessel Brauhaus GmbH", City: "Nürnberg"}, nil)
	require.NoError(t, err)
	require.NotNil(t, m.Best, "in Nürnberg the former name decides")
	require.Positive(t, m.Credits)
	postal := m.Best.Result.Address.PostalCode
	m, err = c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Kupferkessel Brauhaus GmbH", PostalCode: postal}, nil)
	require.NoError(t, err)
	require.NotNil(t, m.Best, "with its postal code the former name decides")
	require.Positive(t, m.Credits)

	m, err = c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Kupferkessel Brauhaus GmbH", PostalCode: "10115"}, nil)
	require.NoError(t, err)
	require.Nil(t, m.Best, "a Berlin postal code is evidence against the Nürnberg company")
	require.Zero(t, m.Credits, "no record is bought whose answer cannot beat the current best")
	require.NotEmpty(t, m.Candidates)
	require.Contains(t, m.Candidates[0].Reasons, "postal code 10115 is Berlin, not Nürnberg")
}
