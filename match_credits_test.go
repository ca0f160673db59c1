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

// TestMatchCompanyBuysNothingForATie: companies of the same name tie at
// the top; a former name of another one cannot break the tie, so no
// record is bought.
func TestMatchCompanyBuysNothingForATie(t *testing.T) {
	_, c, _ := newFakeClient(t, []fake.Option{fake.WithGenerated(2000)})
	m, err := c.MatchCompany(context.Background(), registerdata.MatchQuery{Name: "Nordbau GmbH"}, nil)
	require.NoError(t, err)
	require.Nil(t, m.Best)
	require.GreaterOrEqual(t, len(m.Candidates), 3)
	require.Equal(t, m.Candidates[0].Score, m.Candidates[1].Score, "a tie at the top")
	below := 0
	for _, cand := range m.Candidates {
		if cand.Score >= 0.4 && cand.Score < registerdata.DefaultMatchMinScore {
			below++ // another legal form: a former name could lift it, but not above the tie
		}
	}
	require.Positive(t, below, "candidates: %+v", m.Candidates)
	require.Zero(t, m.Credits, "no record is bought that cannot change the outcome")
}

// TestMatchCompanyReportsThePaidAttempts: WithResponseInfo of a match
// counts the attempts of its paid calls, and its Charged is what the
// client counted, at the table's prices.
func TestMatchCompanyReportsThePaidAttempts(t *testing.T) {
	_, c, _ := newFakeClient(t, []fake.Option{fake.WithHardCases()})
	var info registerdata.ResponseInfo
	m, err := c.MatchCompany(context.Background(), registerdata.MatchQuery{Name: "Kupferkessel Brauhaus GmbH", City: "Nürnberg"}, nil, registerdata.WithResponseInfo(&info))
	require.NoError(t, err)
	require.Positive(t, m.Credits)
	require.Positive(t, info.Attempts, "the match bought a record: one paid attempt at least")
	require.Equal(t, c.CreditsSpent(), info.Charged)
}
