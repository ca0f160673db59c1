package registerdata_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// insolvencyCase is one filtered search and the rule it stands for,
// checked on the proceeding (GetInsolvency) and, for the fields only a
// search result carries (city, person_id), on the result.
type insolvencyCase struct {
	name  string
	build filters.InsolvencyBuilder
	query string
	holds func(p *registerdata.Insolvency, r registerdata.InsolvencySearchResult) bool
}

func dateIn(d *registerdata.Date, min, max string) bool {
	if d == nil {
		return false
	}
	s := d.String()
	return (min == "" || s >= min) && (max == "" || s <= max)
}

func TestSearchInsolvenciesResultsSatisfyTheirFilters(t *testing.T) {
	srv, c, _ := newFakeClient(t, nil)
	srv.SetCredits(srv.APIKey, 1_000_000)
	ctx := context.Background()

	// Every proceeding, with its search result, as the truth to count against.
	var all []registerdata.InsolvencySearchResult
	for r, err := range c.SearchInsolvenciesSeq(ctx, registerdata.InsolvencySearchRequest{Pagination: registerdata.PageRequest{PerPage: 7}}) {
		require.NoError(t, err)
		all = append(all, r)
	}
	require.Len(t, all, len(srv.InsolvencyIDs()), "an empty search lists every proceeding")
	proc := map[string]*registerdata.Insolvency{}
	var person, city string
	for _, r := range all {
		p, err := c.GetInsolvency(ctx, r.ID)
		require.NoError(t, err)
		proc[r.ID] = p
		if r.PersonID != nil {
			person = *r.PersonID
		}
		if r.City != nil && city == "" {
			city = *r.City
		}
	}
	require.NotEmpty(t, person)

	cases := []insolvencyCase{
		{"debtor_kind", filters.Insolvency().DebtorKind(enums.DebtorKindNaturalPerson), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return p.DebtorKind != nil && *p.DebtorKind == enums.DebtorKindNaturalPerson
			}},
		{"current_status", filters.Insolvency().CurrentStatus(enums.InsolvencyStatusOpened, enums.InsolvencyStatusDischargePending), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return p.CurrentStatus == enums.InsolvencyStatusOpened || p.CurrentStatus == enums.InsolvencyStatusDischargePending
			}},
		{"proceeding_kind", filters.Insolvency().ProceedingKind(enums.ProceedingKindConsumerInsolvency), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return p.ProceedingKind != nil && *p.ProceedingKind == enums.ProceedingKindConsumerInsolvency
			}},
		{"administration_kind", filters.Insolvency().In(filters.AdministrationKind, "self_administration", "protective_shield"), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return p.AdministrationKind != nil && *p.AdministrationKind != enums.AdministrationKindExternalAdministration
			}},
		{"has_open_insolvency true", filters.Insolvency().Open(true), "",
			func(p *registerdata.Insolvency, r registerdata.InsolvencySearchResult) bool {
				return p.Open() && r.HasOpenInsolvency
			}},
		{"has_open_insolvency false", filters.Insolvency().Open(false), "",
			func(p *registerdata.Insolvency, r registerdata.InsolvencySearchResult) bool {
				return !p.Open() && !r.HasOpenInsolvency
			}},
		{"opened_at", filters.Insolvency().Between(filters.OpenedAt, "2020-01-01", "2024-12-31"), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return dateIn(p.OpenedAt, "2020-01-01", "2024-12-31")
			}},
		{"closed_at", filters.Insolvency().AtLeast(filters.ClosedAt, "2019-06-01"), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return dateIn(p.ClosedAt, "2019-06-01", "")
			}},
		{"last_event_at", filters.Insolvency().AtMost(filters.LastEventAt, "2024-06-30"), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return dateIn(p.LastEventAt, "", "2024-06-30")
			}},
		{"claims_filing_deadline", filters.Insolvency().AtLeast(filters.ClaimsFilingDeadline, "2023-01-01"), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return dateIn(p.ClaimsFilingDeadline, "2023-01-01", "")
			}},
		{"debtor_legal_form", filters.Insolvency().DebtorLegalForm("GMBH"), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return p.DebtorLegalForm != nil && *p.DebtorLegalForm == "gmbh"
			}},
		{"court", filters.Insolvency().Keywords(filters.Court, "hannover"), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return strings.Contains(strings.ToLower(p.Court), "hannover")
			}},
		{"city", filters.Insolvency().City(city), "",
			func(_ *registerdata.Insolvency, r registerdata.InsolvencySearchResult) bool {
				return r.City != nil && *r.City == city
			}},
		{"insolvency_grounds", filters.Insolvency().InsolvencyGrounds("over_indebtedness"), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return slices.Contains(p.InsolvencyGrounds, "over_indebtedness")
			}},
		{"company_id", filters.Insolvency().CompanyID("DE-HRB-T3104-61402"), "",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				return p.CompanyID != nil && *p.CompanyID == "DE-HRB-T3104-61402"
			}},
		{"person_id", filters.Insolvency().PersonID(person), "",
			func(_ *registerdata.Insolvency, r registerdata.InsolvencySearchResult) bool {
				return r.PersonID != nil && *r.PersonID == person
			}},
		{"query and a filter", filters.Insolvency().Open(false), "amtsgericht IN",
			func(p *registerdata.Insolvency, _ registerdata.InsolvencySearchResult) bool {
				text := strings.ToLower(p.DebtorName + " " + p.CaseNumber + " " + p.Court)
				return !p.Open() && strings.Contains(text, "amtsgericht") && strings.Contains(text, "in")
			}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fs, err := tc.build.Build()
			require.NoError(t, err)
			want := 0
			for _, r := range all {
				if tc.holds(proc[r.ID], r) {
					want++
				}
			}
			require.Positive(t, want, "the register has proceedings of this kind, so the check is not vacuous")
			got := 0
			for r, err := range c.SearchInsolvenciesSeq(ctx, registerdata.InsolvencySearchRequest{Query: tc.query, Filters: fs, Pagination: registerdata.PageRequest{PerPage: 3}}) {
				require.NoError(t, err)
				got++
				p, err := c.GetInsolvency(ctx, r.ID)
				require.NoError(t, err)
				assert.True(t, tc.holds(p, r), "result %s (%s) does not satisfy %s", r.ID, r.DebtorName, tc.name)
				assert.Equal(t, p.CurrentStatus, r.CurrentStatus)
				assert.Equal(t, p.CaseNumber, r.CaseNumber)
				assert.Equal(t, p.OpenedAt, r.OpenedAt)
				assert.Equal(t, p.LastEventAt, r.LastEventAt)
			}
			assert.Equal(t, want, got, "every proceeding satisfying %s is found", tc.name)
		})
	}
}

func TestSearchInsolvenciesRefusesBadFiltersBeforeSending(t *testing.T) {
	_, c, ct := newFakeClient(t, nil)
	_, err := c.SearchInsolvencies(context.Background(), registerdata.InsolvencySearchRequest{
		Filters: []filters.Filter{{Field: filters.OpenedAt, Min: "2024-02-30"}}})
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
	_, err = c.SearchInsolvencies(context.Background(), registerdata.InsolvencySearchRequest{Pagination: registerdata.PageRequest{Page: -1}})
	assert.ErrorIs(t, err, registerdata.ErrInvalidRequest)
	assert.Zero(t, ct.calls.Load())
	assert.Zero(t, c.CreditsSpent())
}
