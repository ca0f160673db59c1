package registerdata_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func TestMatchCompanyAgainstTheFake(t *testing.T) {
	_, c, _ := newFakeClient(t, nil, registerdata.WithCache(registerdata.NewMemoryCache(1000, time.Hour)))
	ctx := context.Background()
	cases := []struct {
		name   string
		q      registerdata.MatchQuery
		want   string // "" for no Best
		reason string // a reason the Best (or the top candidate) must carry
		free   bool   // the match must cost nothing
	}{
		{"name alone", registerdata.MatchQuery{Name: "Nordlicht Solartechnik"}, "DE-HRB-F1103-267645", "name equal after normalisation", true},
		{"name with i.L. and hyphen", registerdata.MatchQuery{Name: "Nordlicht Solar-Technik GmbH i.L.", City: "Berlin"}, "DE-HRB-F1103-267645", "city equal: Berlin", true},
		{"transliterated umlaut", registerdata.MatchQuery{Name: "Hanseatische Kaffeeroesterei Thomas Brandt", City: "Hamburg"}, "DE-HRA-K1101-104552", "name equal after normalisation", true},
		{"typo", registerdata.MatchQuery{Name: "Hafenkontor Spediton GmbH", City: "Hamburg"}, "DE-HRB-K1101-99812", "name equal but for a typo", false},
		{"register reference alone", registerdata.MatchQuery{Register: "AG Charlottenburg (HRB 267645 B)"}, "DE-HRB-F1103-267645", "register number and court equal", false},
		{"register and name, free", registerdata.MatchQuery{Name: "Nordlicht Solartechnik GmbH", Register: "HRB 267645 B"}, "DE-HRB-F1103-267645", "register number and court equal", true},
		{"VAT id", registerdata.MatchQuery{VATID: "DE 318 274 655"}, "DE-HRB-F1103-267645", "VAT id DE318274655 belongs to this company", false},
		{"LEI", registerdata.MatchQuery{LEI: "529900HELIOSENERGY23"}, "DE-HRB-D2601-198433", "LEI 529900HELIOSENERGY23 belongs to this company", false},
		{"website", registerdata.MatchQuery{Website: "www.kaffee-brandt.example"}, "DE-HRA-K1101-104552", "belongs to this company", false},
		{"city contradicts", registerdata.MatchQuery{Name: "Hafenkontor Spedition GmbH", City: "München"}, "", "city differs: München vs Hamburg", true},
		{"identifier contradicted by the name", registerdata.MatchQuery{Name: "Brennwert Heiztechnik", Register: "HRB 267645 B"}, "", "the name contradicts the identifier", false},
		{"one word differs", registerdata.MatchQuery{Name: "Nordlicht Windtechnik GmbH"}, "", "", false},
		{"identifier contradicted by the city", registerdata.MatchQuery{Register: "HRB 99812 Hamburg", City: "München"}, "", "the city contradicts the identifier", false},
		{"register number at another court", registerdata.MatchQuery{Name: "Hafenkontor Spedition GmbH", Register: "HRB 99812 München"}, "", "register number equal but court differs", false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			m, err := c.MatchCompany(ctx, tc.q, nil)
			require.NoError(t, err)
			if tc.want == "" {
				require.Nil(t, m.Best, "candidates: %+v", m.Candidates)
			} else {
				require.NotNil(t, m.Best, "candidates: %+v", m.Candidates)
				require.Equal(t, tc.want, m.Best.CompanyID)
				require.GreaterOrEqual(t, m.Best.Score, registerdata.DefaultMatchMinScore)
			}
			if tc.reason != "" {
				require.NotEmpty(t, m.Candidates)
				var all []string
				for _, cand := range m.Candidates {
					all = append(all, cand.Reasons...)
				}
				require.Contains(t, strings.Join(all, "; "), tc.reason)
			}
			for _, cand := range m.Candidates {
				require.NotEmpty(t, cand.Reasons, "every candidate carries reasons")
			}
			if tc.free {
				require.Zero(t, m.Credits)
			}
			require.LessOrEqual(t, m.Credits, int64(registerdata.DefaultMatchMaxCredits))
			again, err := c.MatchCompany(ctx, tc.q, nil)
			require.NoError(t, err)
			require.Zero(t, again.Credits, "a repeated match is served by the cache")
		})
	}
}

func TestMatchCompanyCreditsAreExact(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	before := c.CreditsSpent()
	var info registerdata.ResponseInfo
	m, err := c.MatchCompany(context.Background(), registerdata.MatchQuery{Register: "HRB 99812 Hamburg"}, nil, registerdata.WithResponseInfo(&info))
	require.NoError(t, err)
	require.NotNil(t, m.Best)
	require.Equal(t, "DE-HRB-K1101-99812", m.Best.CompanyID)
	require.EqualValues(t, registerdata.DefaultPrices().Of("POST /v1/search/company", false), m.Credits)
	require.Equal(t, m.Credits, c.CreditsSpent()-before)
	require.Equal(t, m.Credits, info.Charged)
}

func TestMatchCompanyNeverSpendsAboveMaxCredits(t *testing.T) {
	_, c, _ := newFakeClient(t, nil)
	q := registerdata.MatchQuery{Name: "Zzyzx Quux", Register: "HRB 1", VATID: "DE000000000", LEI: "00000000000000000000", Website: "nowhere.example"}
	for _, maxCredits := range []int64{-1, 10, 25} {
		before := c.CreditsSpent()
		m, err := c.MatchCompany(context.Background(), q, &registerdata.MatchOptions{MaxCredits: maxCredits})
		require.NoError(t, err)
		require.LessOrEqual(t, m.Credits, max(maxCredits, 0))
		require.Equal(t, m.Credits, c.CreditsSpent()-before)
		require.Nil(t, m.Best)
	}
}

func TestMatchCompanyRefusesBadInput(t *testing.T) {
	_, c, ct := newFakeClient(t, nil)
	for _, tc := range []struct {
		q    registerdata.MatchQuery
		opts *registerdata.MatchOptions
	}{
		{registerdata.MatchQuery{}, nil},
		{registerdata.MatchQuery{City: "Berlin"}, nil},
		{registerdata.MatchQuery{Register: "no reference"}, nil},
		{registerdata.MatchQuery{Name: strings.Repeat("x", 600)}, nil},
		{registerdata.MatchQuery{Name: "\xff"}, nil},
		{registerdata.MatchQuery{Name: "a"}, &registerdata.MatchOptions{MinScore: 2}},
		{registerdata.MatchQuery{Name: "a"}, &registerdata.MatchOptions{MaxCandidates: -1}},
	} {
		_, err := c.MatchCompany(context.Background(), tc.q, tc.opts)
		require.True(t, errors.Is(err, registerdata.ErrInvalidRequest), "%+v: %v", tc.q, err)
	}
	require.Zero(t, ct.calls.Load(), "nothing is sent for bad input")
}

func TestMatchCompanySameNameInTwoCities(t *testing.T) {
	srv, c, _ := newFakeClient(t, []fake.Option{fake.WithGenerated(2000)})
	_ = srv
	// Generated names repeat across cities: a name alone names no one.
	m, err := c.MatchCompany(context.Background(), registerdata.MatchQuery{Name: "Nordbau GmbH"}, nil)
	require.NoError(t, err)
	require.Nil(t, m.Best)
	require.GreaterOrEqual(t, len(m.Candidates), 2)
}

func TestMatchCompanyHardCases(t *testing.T) {
	_, c, _ := newFakeClient(t, []fake.Option{fake.WithHardCases()})
	ctx := context.Background()
	reasons := func(m *registerdata.Match) string {
		var all []string
		for _, cand := range m.Candidates {
			all = append(all, cand.CompanyID+": "+strings.Join(cand.Reasons, ", "))
		}
		return strings.Join(all, "\n")
	}
	// The same name in four cities: without a city no one, with one the right one.
	m, err := c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Löwenherz Bau GmbH"}, nil)
	require.NoError(t, err)
	require.Nil(t, m.Best, reasons(m))
	require.Len(t, m.Candidates, 4)
	for _, cand := range m.Candidates {
		require.Contains(t, cand.Reasons, "name equal after normalisation")
	}
	m, err = c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Loewenherz Bau", City: "Köln"}, nil)
	require.NoError(t, err)
	require.NotNil(t, m.Best, reasons(m))
	require.Equal(t, "Köln", m.Best.Result.Address.City)
	require.Contains(t, reasons(m), "city differs: Köln vs Hamburg")

	// Names that differ only by the legal form: the form decides when given.
	m, err = c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Falkenstein Immobilien Aktiengesellschaft"}, nil)
	require.NoError(t, err)
	require.NotNil(t, m.Best, reasons(m))
	require.Equal(t, "Falkenstein Immobilien AG", m.Best.Name)
	m, err = c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Falkenstein Immobilien"}, nil)
	require.NoError(t, err)
	require.Nil(t, m.Best, reasons(m))

	// Names that differ by one word.
	m, err = c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Lindenberg Logistik GmbH", City: "Hannover"}, nil)
	require.NoError(t, err)
	require.NotNil(t, m.Best, reasons(m))
	require.Equal(t, "Lindenberg Logistik GmbH", m.Best.Name)

	// A former name, read from the record's name history.
	m, err = c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Kupferkessel Brauhaus GmbH", City: "Nürnberg"}, nil)
	require.NoError(t, err)
	require.NotNil(t, m.Best, reasons(m))
	require.Equal(t, "Kupferkessel Gastronomie GmbH", m.Best.Name)
	require.Contains(t, m.Best.Reasons, `former name: "Kupferkessel Brauhaus GmbH"`)
	require.Positive(t, m.Credits, "reading the name history is paid")

	// In liquidation, written another way.
	m, err = c.MatchCompany(ctx, registerdata.MatchQuery{Name: "Muehlbach Gastronomie GmbH in Liquidation"}, nil)
	require.NoError(t, err)
	require.NotNil(t, m.Best, reasons(m))
	require.Contains(t, m.Best.Reasons, "in liquidation or inactive, as the query says")
	require.Zero(t, m.Credits)
}
