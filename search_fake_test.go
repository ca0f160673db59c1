package registerdata_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/filters"
)

// activeGmbHs are the active GmbHs of the curated register, by name.
var activeGmbHs = []string{"DE-HRB-P2305-20977", "DE-HRB-F1103-315870", "DE-HRB-F1103-267645", "DE-HRB-T3104-61402", "DE-HRB-R3306-41209"}

func activeGmbHSearch(t *testing.T) registerdata.CompanySearchRequest {
	t.Helper()
	fs, err := filters.Company().Status(enums.CompanyStatusActive).LegalForm(enums.LegalFormGmbH).Build()
	require.NoError(t, err)
	return registerdata.CompanySearchRequest{Filters: fs, Pagination: registerdata.PageRequest{PerPage: 2}}
}

func fakeClock() []fake.Option {
	return []fake.Option{fake.WithClock(fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC)))}
}

// TestSearchCompaniesSeqAgainstFake walks three pages of the fake.
func TestSearchCompaniesSeqAgainstFake(t *testing.T) {
	srv, c, ct := newFakeClient(t, fakeClock())
	before := srv.Credits(srv.APIKey)
	var ids []string
	for r, err := range c.SearchCompaniesSeq(context.Background(), activeGmbHSearch(t)) {
		require.NoError(t, err)
		ids = append(ids, r.CompanyID)
	}
	assert.Equal(t, activeGmbHs, ids)
	assert.Equal(t, int32(3), ct.calls.Load())
	assert.Equal(t, int64(30), c.CreditsSpent())
	assert.Equal(t, before-30, srv.Credits(srv.APIKey), "the fake charged what the client counted")
}

// TestSearchSeqAgainstFakeStopsOnBreakAndBudget checks the two bounds
// that end a walk early against the fake.
func TestSearchSeqAgainstFakeStopsOnBreakAndBudget(t *testing.T) {
	_, c, ct := newFakeClient(t, fakeClock())
	for r, err := range c.SearchCompaniesSeq(context.Background(), activeGmbHSearch(t)) {
		require.NoError(t, err)
		assert.Equal(t, activeGmbHs[0], r.CompanyID)
		break
	}
	assert.Equal(t, int32(1), ct.calls.Load(), "break sends no further request")

	_, c, ct = newFakeClient(t, fakeClock(), registerdata.WithCreditBudget(20))
	var ids []string
	var last error
	for r, err := range c.SearchCompaniesSeq(context.Background(), activeGmbHSearch(t)) {
		if err != nil {
			last = err
			continue
		}
		ids = append(ids, r.CompanyID)
	}
	require.ErrorIs(t, last, registerdata.ErrBudgetExceeded)
	assert.Equal(t, activeGmbHs[:4], ids)
	assert.Equal(t, int32(2), ct.calls.Load())
}

// TestSearchPersonsAgainstFake searches persons by name and filter.
func TestSearchPersonsAgainstFake(t *testing.T) {
	_, c, _ := newFakeClient(t, fakeClock())
	fs, err := filters.Person().Active(true).Build()
	require.NoError(t, err)
	res, err := c.SearchPersons(context.Background(), registerdata.PersonSearchRequest{Query: "brandt", Filters: fs})
	require.NoError(t, err)
	var names []string
	for _, p := range res.Results {
		names = append(names, p.Name)
	}
	assert.Equal(t, []string{"Jana Brandt", "Thomas Brandt"}, names)
	assert.Equal(t, 2, res.Pagination.TotalResults)
}

// TestSearchFakeRefusalIsAPIError sends a filter the SDK does not know;
// the fake refuses it with 400 naming the field.
func TestSearchFakeRefusalIsAPIError(t *testing.T) {
	_, c, ct := newFakeClient(t, fakeClock())
	_, err := c.SearchCompanies(context.Background(), registerdata.CompanySearchRequest{Filters: []filters.Filter{{Field: "carbon_footprint", Max: "3"}}})
	require.ErrorIs(t, err, registerdata.ErrInvalidRequest)
	assert.Contains(t, err.Error(), "carbon_footprint")
	assert.Equal(t, int32(1), ct.calls.Load())
	assert.Zero(t, c.CreditsSpent())
}

// searchIDsAgainstFake runs a company search on one page of 100 and
// returns the ids found, checking that the page holds them all.
func searchIDsAgainstFake(t *testing.T, c *registerdata.Client, req registerdata.CompanySearchRequest) []string {
	t.Helper()
	req.Pagination = registerdata.PageRequest{PerPage: 100}
	res, err := c.SearchCompanies(context.Background(), req)
	require.NoError(t, err)
	require.Len(t, res.Results, res.Pagination.TotalResults)
	ids := []string{}
	for _, r := range res.Results {
		ids = append(ids, r.CompanyID)
	}
	return ids
}

// companiesWhere returns the ids of the fake's companies for which keep
// holds, in the fake's order of ids.
func companiesWhere(srv *fake.Server, keep func(registerdata.Company) bool) []string {
	ids := []string{}
	for _, id := range srv.CompanyIDs() {
		if co, ok := srv.Company(id); ok && keep(co) {
			ids = append(ids, id)
		}
	}
	return ids
}

// TestSearchCapitalInCentsAgainstFake: CapitalBetween takes the capital
// in euros, as the record holds it, and sends cents, as the service's
// documentation says of money filters; the fake compares in cents. A
// range built from a record's amount finds exactly the companies with
// that capital, and the same figure sent as cents by hand finds them too.
func TestSearchCapitalInCentsAgainstFake(t *testing.T) {
	srv, c, _ := newFakeClient(t, fakeClock())
	for euros, cents := range map[float64]string{25000: "2500000", 1500: "150000", 511291.88: "51129188"} { // 511291.88 EUR: a converted DEM capital
		want := companiesWhere(srv, func(co registerdata.Company) bool { return co.Capital != nil && co.Capital.Amount == euros })
		require.NotEmpty(t, want, "the curated register has companies with a capital of %v EUR", euros)

		fs, err := filters.Company().CapitalBetween(euros, euros).Build()
		require.NoError(t, err)
		assert.ElementsMatch(t, want, searchIDsAgainstFake(t, c, registerdata.CompanySearchRequest{Filters: fs}), "CapitalBetween(%v, %v)", euros, euros)

		fs, err = filters.Company().Eq(filters.CapitalAmount, cents).Build()
		require.NoError(t, err)
		assert.ElementsMatch(t, want, searchIDsAgainstFake(t, c, registerdata.CompanySearchRequest{Filters: fs}), "%v EUR as cents", euros)
	}
}

// TestSearchBooleansAndValuesAgainstFake checks two rules of the
// service's documentation (https://docs.openregister.de/filtering)
// through the builders and the fake: booleans are the strings "true" and
// "false" (has_lei true: a non-empty LEI), and several values mean any of
// them (OR; the page's example is lei).
func TestSearchBooleansAndValuesAgainstFake(t *testing.T) {
	srv, c, _ := newFakeClient(t, fakeClock())
	withLEI := companiesWhere(srv, func(co registerdata.Company) bool { return co.LEI != "" })
	withoutLEI := companiesWhere(srv, func(co registerdata.Company) bool { return co.LEI == "" })
	require.GreaterOrEqual(t, len(withLEI), 2, "the curated register has companies with an LEI")
	require.NotEmpty(t, withoutLEI)

	search := func(b filters.CompanyBuilder) []string {
		t.Helper()
		fs, err := b.Build()
		require.NoError(t, err)
		return searchIDsAgainstFake(t, c, registerdata.CompanySearchRequest{Filters: fs})
	}
	fs, err := filters.Company().HasLEI(true).Build()
	require.NoError(t, err)
	require.Equal(t, []filters.Filter{{Field: filters.HasLEI, Value: "true"}}, fs, "a boolean is sent as the string")
	assert.ElementsMatch(t, withLEI, search(filters.Company().HasLEI(true)))
	assert.ElementsMatch(t, withoutLEI, search(filters.Company().HasLEI(false)))

	first, _ := srv.Company(withLEI[0])
	second, _ := srv.Company(withLEI[1])
	assert.Equal(t, []string{first.ID}, search(filters.Company().LEI(first.LEI)))
	assert.ElementsMatch(t, []string{first.ID, second.ID}, search(filters.Company().In(filters.LEI, first.LEI, second.LEI)), "values: either LEI")
	assert.ElementsMatch(t, []string{first.ID}, search(filters.Company().In(filters.LEI, first.LEI, "529900NOSUCHLEI00000")), "values: one of them is enough")

	active := companiesWhere(srv, func(co registerdata.Company) bool { return co.Status == enums.CompanyStatusActive })
	liquidation := companiesWhere(srv, func(co registerdata.Company) bool { return co.Status == enums.CompanyStatusLiquidation })
	require.NotEmpty(t, liquidation)
	assert.ElementsMatch(t, append(active, liquidation...), search(filters.Company().Status(enums.CompanyStatusActive, enums.CompanyStatusLiquidation)))
}

// TestSearchQueryFindsFormerNamesAgainstFake: the query searches company
// names and previous names, as the service's documentation says. The
// curated Nordlicht Solartechnik GmbH was Nordlicht Solar UG
// (haftungsbeschränkt): its former name finds it, ranked after the
// companies whose current name matches.
func TestSearchQueryFindsFormerNamesAgainstFake(t *testing.T) {
	_, c, _ := newFakeClient(t, fakeClock())
	const nordlicht = "DE-HRB-F1103-267645"
	assert.Equal(t, []string{nordlicht}, searchIDsAgainstFake(t, c, registerdata.CompanySearchRequest{Query: "Nordlicht Solar UG"}))
	hits := searchIDsAgainstFake(t, c, registerdata.CompanySearchRequest{Query: "haftungsbeschränkt"})
	require.Greater(t, len(hits), 1)
	assert.Equal(t, nordlicht, hits[len(hits)-1], "a former-name hit comes after the current-name hits: %v", hits)
}
