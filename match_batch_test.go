package registerdata_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
)

func TestMatchCompaniesSeqKeepsInputOrder(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	qs := []registerdata.MatchQuery{
		{Name: "Nordlicht Solartechnik GmbH"},
		{Name: "Hafenkontor Spedition", City: "Hamburg"},
		{},
		{Register: "HRB 99812 Hamburg"},
		{Name: "Nordlicht Solartechnik GmbH"},
		{Name: "Kessler Maschinenbau", City: "Hannover"},
	}
	want := []string{"DE-HRB-F1103-267645", "DE-HRB-K1101-99812", "", "DE-HRB-K1101-99812", "DE-HRB-F1103-267645", "DE-HRB-P2305-20977"}
	var last registerdata.BatchProgress
	var info registerdata.ResponseInfo
	before := c.CreditsSpent()
	i := 0
	for r, err := range c.MatchCompaniesSeq(context.Background(), qs, registerdata.BatchOptions{Concurrency: 4, Progress: func(p registerdata.BatchProgress) { last = p }},
		registerdata.WithResponseInfo(&info)) {
		require.NoError(t, err)
		require.Equal(t, i, r.Index)
		require.Equal(t, qs[i], r.Query)
		if want[i] == "" {
			require.True(t, errors.Is(r.Err, registerdata.ErrInvalidRequest), "query %d: %v", i, r.Err)
		} else {
			require.NoError(t, r.Err)
			require.NotNil(t, r.Match.Best, "query %d: %+v", i, r.Match.Candidates)
			require.Equal(t, want[i], r.Match.Best.CompanyID)
		}
		i++
	}
	require.Equal(t, len(qs), i)
	require.Equal(t, 5, last.Total, "identical queries are matched once")
	require.Equal(t, 5, last.Done)
	require.Equal(t, c.CreditsSpent()-before, info.Charged)
	require.Equal(t, last.Charged, info.Charged)
}

func TestMatchCompaniesSeqStopsWhenTheBudgetCannotPay(t *testing.T) {
	_, c, _ := newFakeClient(t, nil, registerdata.WithCreditBudget(20))
	qs := []registerdata.MatchQuery{
		{Register: "HRB 99812 Hamburg"}, {Register: "HRB 267645 B"}, {Register: "HRB 20977 Hannover"}, {Register: "HRA 28817 Köln"},
	}
	var budgetErrs, matched int
	for r, err := range c.MatchCompaniesSeq(context.Background(), qs, registerdata.BatchOptions{Concurrency: 2}) {
		require.NoError(t, err)
		switch {
		case errors.Is(r.Err, registerdata.ErrBudgetExceeded):
			budgetErrs++
		case r.Err == nil && r.Match.Best != nil:
			matched++
		default:
			t.Fatalf("query %d: %+v, %v", r.Index, r.Match, r.Err)
		}
	}
	require.Equal(t, 2, matched)
	require.Equal(t, 2, budgetErrs)
	require.EqualValues(t, 20, c.CreditsSpent())
}

func TestMatchCompaniesSeqRefusesBadOptions(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	for _, o := range []registerdata.BatchOptions{{Concurrency: -1}, {Concurrency: 65}, {Match: &registerdata.MatchOptions{MinScore: 3}}} {
		for _, err := range c.MatchCompaniesSeq(context.Background(), []registerdata.MatchQuery{{Name: "x"}}, o) {
			require.True(t, errors.Is(err, registerdata.ErrInvalidRequest), "%+v: %v", o, err)
		}
	}
}

func TestMatchCompaniesSeqBreakLeavesNoWorker(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	qs := make([]registerdata.MatchQuery, 40)
	for i := range qs {
		qs[i] = registerdata.MatchQuery{Name: "Nordlicht Solartechnik", City: []string{"Berlin", "Hamburg", "Köln", "München"}[i%4]}
	}
	n := 0
	for r, err := range c.MatchCompaniesSeq(context.Background(), qs, registerdata.BatchOptions{Concurrency: 8}) {
		require.NoError(t, err)
		require.NoError(t, r.Err)
		if n++; n == 3 {
			break
		}
	}
	require.Equal(t, 3, n)
	require.Zero(t, registerdata.BatchWorkers(), "the walk left matches running")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var walkErr error
	for _, err := range c.MatchCompaniesSeq(ctx, qs, registerdata.BatchOptions{Concurrency: 4}) {
		walkErr = err
	}
	require.ErrorIs(t, walkErr, context.Canceled)
	require.Zero(t, registerdata.BatchWorkers())
}
