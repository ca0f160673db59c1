package registerdata_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// TestCreditsSpentMatchesCreditUsage drives a seeded random sequence of
// every billable call (successes, 404s and free calls mixed) through the
// contract-checked fake and checks after each step that the client's
// CreditsSpent equals the used credits the fake reports on GET
// /v1/credits.
func TestCreditsSpentMatchesCreditUsage(t *testing.T) {
	s := newContractSetup(t)
	c := s.client(t, s.srv.APIKey)
	ctx := context.Background()
	start, err := c.GetCredits(ctx)
	require.NoError(t, err)

	ids := s.srv.CompanyIDs()
	var docIDs, sites []string
	for _, id := range ids {
		co, _ := s.srv.Company(id)
		for _, d := range co.Documents {
			docIDs = append(docIDs, d.ID)
		}
		if co.Contact != nil {
			sites = append(sites, co.Contact.WebsiteURL)
		}
	}
	require.NotEmpty(t, docIDs)
	require.NotEmpty(t, sites)
	person := s.personID(t)
	fs, err := filters.Company().Eq(filters.Status, "active").Build()
	require.NoError(t, err)

	rng := rand.New(rand.NewPCG(12, 2025))
	pick := func(xs []string) string { return xs[rng.IntN(len(xs))] }
	company := func() string {
		if rng.IntN(8) == 0 {
			return "DE-HRB-F1103-999999" // unknown: 404, not billed
		}
		return pick(ids)
	}
	calls := []func() error{
		func() error {
			_, err := c.GetCompany(ctx, company(), &registerdata.GetCompanyParams{Realtime: rng.IntN(2) == 0, Export: rng.IntN(2) == 0})
			return err
		},
		func() error {
			_, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "a", Filters: fs, Pagination: registerdata.PageRequest{PerPage: 3}})
			return err
		},
		func() error {
			for _, err := range c.SearchCompaniesSeq(ctx, registerdata.CompanySearchRequest{Pagination: registerdata.PageRequest{PerPage: 2}}, registerdata.MaxPages(2)) {
				if err != nil {
					return err
				}
			}
			return nil
		},
		func() error {
			_, err := c.SearchPersons(ctx, registerdata.PersonSearchRequest{Query: "a", Pagination: registerdata.PageRequest{PerPage: 3}})
			return err
		},
		func() error {
			r := registerdata.MonitorRequest{EntityID: company(), EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}}
			if rng.IntN(2) == 0 {
				r.UpdateFrequency = enums.UpdateFrequencyDaily
			}
			if rng.IntN(3) == 0 {
				r = registerdata.MonitorRequest{EntityID: person, EntityType: enums.EntityTypePerson, Preferences: []enums.Preference{enums.PreferenceManagementPositions}}
			}
			_, err := c.CreateMonitor(ctx, r) // 409 when it exists: not billed
			return err
		},
		func() error { return c.DeleteMonitor(ctx, person) },
		func() error { _, err := c.ListMonitors(ctx); return err },
		func() error { _, err := c.GetFinancials(ctx, company()); return err },
		func() error {
			id := pick(docIDs)
			if rng.IntN(6) == 0 {
				id = "00000000-0000-4000-8000-000000000000"
			}
			_, err := c.GetDocument(ctx, id)
			return err
		},
		func() error {
			cats := enums.DocumentCategory("").Values()
			_, err := c.GetRealtimeDocument(ctx, company(), cats[rng.IntN(len(cats))])
			return err
		},
		func() error { _, err := c.GetContactDetails(ctx, company()); return err },
		func() error {
			site := pick(sites)
			if rng.IntN(6) == 0 {
				site = "https://nobody.example"
			}
			_, err := c.LookupCompanyByURL(ctx, site)
			return err
		},
		func() error { _, err := c.AutocompleteCompanies(ctx, "nord"); return err },
		func() error { _, err := c.GetCredits(ctx); return err },
	}
	failures := 0
	for step := range 400 {
		i := rng.IntN(len(calls))
		if err := calls[i](); err != nil {
			var apiErr *registerdata.APIError
			require.ErrorAs(t, err, &apiErr, "step %d, call %d", step, i)
			failures++
		}
		u, ok := s.srv.CreditUsage(s.srv.APIKey)
		require.True(t, ok)
		require.Equal(t, c.CreditsSpent(), u.Used-start.Used, "step %d, call %d", step, i)
	}
	u, err := c.GetCredits(ctx)
	require.NoError(t, err)
	assert.Equal(t, c.CreditsSpent(), u.Used-start.Used)
	assert.Equal(t, start.Remaining-c.CreditsSpent(), u.Remaining)
	assert.Equal(t, u.Used-u.Overage+u.Remaining, u.Included)
	assert.Greater(t, failures, 10, "the sequence includes refused calls")
	assert.Greater(t, c.CreditsSpent(), int64(1000))
}
