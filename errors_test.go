package registerdata_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

func TestFakeWrongKeyIs401(t *testing.T) {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey("not-the-key"), registerdata.WithBaseURL(srv.URL))
	require.NoError(t, err)
	_, err = c.GetCompany(context.Background(), knownCompany, nil)
	require.ErrorIs(t, err, registerdata.ErrUnauthorized)
	assert.NotContains(t, err.Error(), "not-the-key")
}

// contractPrep puts a fresh setup into the state a case needs.
type contractPrep func(*testing.T, *contractSetup)

// injectFault makes the next request under prefix fail with status.
func injectFault(prefix string, status int) contractPrep {
	return func(t *testing.T, s *contractSetup) {
		require.NoError(t, s.srv.InjectFault(fake.Fault{PathPrefix: prefix, Count: 1, Status: status, RetryAfter: time.Second}))
	}
}

// noCredits empties the seeded key's balance.
func noCredits(_ *testing.T, s *contractSetup) { s.srv.SetCredits(s.srv.APIKey, 0) }

// preparedSetup starts a setup, applies prep (when set) and returns the
// key to use: key, or the fake's seeded key when key is empty.
func preparedSetup(t *testing.T, prep contractPrep, key string) (*contractSetup, string) {
	t.Helper()
	s := newContractSetup(t)
	if prep != nil {
		prep(t, s)
	}
	if key == "" {
		key = s.srv.APIKey
	}
	return s, key
}

// TestContractClientErrors drives every endpoint into its error answers
// with the contract checked on both sides: each error status must be
// documented for the endpoint, with the documented error body.
func TestContractClientErrors(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other parallel tests
	ctx := context.Background()
	company := func(c *registerdata.Client) error { _, err := c.GetCompany(ctx, contractCompanyID, nil); return err }
	monitor := func(id string) func(*registerdata.Client) error {
		return func(c *registerdata.Client) error {
			_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: id, EntityType: enums.EntityTypeCompany,
				Preferences: []enums.Preference{enums.PreferenceBasic}})
			return err
		}
	}
	list := func(c *registerdata.Client) error { _, err := c.ListMonitors(ctx); return err }
	remove := func(c *registerdata.Client) error { return c.DeleteMonitor(ctx, contractCompanyID) }
	for _, tc := range []struct {
		name   string
		setup  contractPrep
		key    string // "" for the fake's seeded key
		call   func(*registerdata.Client) error
		status int
		want   error
	}{
		{name: "company 400", setup: injectFault("/v1/company/", 400), call: company, status: 400, want: registerdata.ErrInvalidRequest},
		{name: "company 401", key: "wrong-key", call: company, status: 401, want: registerdata.ErrUnauthorized},
		{name: "company 402", setup: noCredits, call: company, status: 402, want: registerdata.ErrInsufficientCredits},
		{name: "company 404", call: func(c *registerdata.Client) error { _, err := c.GetCompany(ctx, "DE-HRB-X999-1", nil); return err },
			status: 404, want: registerdata.ErrNotFound},
		{name: "company 429", setup: injectFault("/v1/company/", 429), call: company, status: 429, want: registerdata.ErrRateLimited},
		{name: "company 500", setup: injectFault("/v1/company/", 500), call: company, status: 500, want: registerdata.ErrServer},
		{name: "company 503", setup: injectFault("/v1/company/", 503), call: company, status: 503, want: registerdata.ErrServer},
		{name: "create monitor 400", setup: injectFault("/v1/monitor", 400), call: monitor(contractCompanyID), status: 400, want: registerdata.ErrInvalidRequest},
		{name: "create monitor 401", key: "wrong-key", call: monitor(contractCompanyID), status: 401, want: registerdata.ErrUnauthorized},
		{name: "create monitor 402", setup: noCredits, call: monitor(contractCompanyID), status: 402, want: registerdata.ErrInsufficientCredits},
		{name: "create monitor 403", setup: func(t *testing.T, s *contractSetup) { s.srv.SetMonitoringPlan(s.srv.APIKey, false) },
			call: monitor(contractCompanyID), status: 403, want: registerdata.ErrForbidden},
		{name: "create monitor 404", call: monitor("DE-HRB-X999-1"), status: 404, want: registerdata.ErrNotFound},
		{name: "create monitor 409", setup: func(t *testing.T, s *contractSetup) {
			require.NoError(t, monitor(contractCompanyID)(s.client(t, s.srv.APIKey)))
		},
			call: monitor(contractCompanyID), status: 409, want: registerdata.ErrConflict},
		{name: "create monitor 429", setup: injectFault("/v1/monitor", 429), call: monitor(contractCompanyID), status: 429, want: registerdata.ErrRateLimited},
		{name: "list monitors 401", key: "wrong-key", call: list, status: 401, want: registerdata.ErrUnauthorized},
		{name: "list monitors 500", setup: injectFault("/v1/monitor", 500), call: list, status: 500, want: registerdata.ErrServer},
		{name: "delete monitor 401", key: "wrong-key", call: remove, status: 401, want: registerdata.ErrUnauthorized},
		{name: "delete monitor 404", call: remove, status: 404, want: registerdata.ErrNotFound},
		{name: "delete monitor 503", setup: injectFault("/v1/monitor/", 503), call: remove, status: 503, want: registerdata.ErrServer},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, key := preparedSetup(t, tc.setup, tc.key)
			err := tc.call(s.client(t, key))
			require.ErrorIs(t, err, tc.want)
			var apiErr *registerdata.APIError
			require.True(t, errors.As(err, &apiErr), "%v", err)
			assert.Equal(t, tc.status, apiErr.StatusCode)
			assert.NotEmpty(t, apiErr.Code, "the error body's code")
		})
	}
}

// TestContractSearchErrors does the same for the two searches.
func TestContractSearchErrors(t *testing.T) {
	ctx := context.Background()
	searches := map[string]func(*registerdata.Client) error{
		"/v1/search/company": func(c *registerdata.Client) error {
			_, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "nordlicht"})
			return err
		},
		"/v1/search/person": func(c *registerdata.Client) error {
			_, err := c.SearchPersons(ctx, registerdata.PersonSearchRequest{Query: "a"})
			return err
		},
	}
	checkErrorStatuses(t, searches, statusCase{name: "402", setup: noCredits, status: 402})
}

// statusCase is one error answer a contract test provokes, with a
// prepared setup or a key, and the status it must come with.
type statusCase struct {
	name   string
	setup  contractPrep
	key    string
	status int
}

// checkErrorStatuses provokes 400, 401, 429 and 500, and the extra
// cases, on every path of calls, and checks that its call returns an
// APIError with that status.
func checkErrorStatuses(t *testing.T, calls map[string]func(*registerdata.Client) error, extra ...statusCase) {
	t.Helper()
	for path, call := range calls {
		cases := append([]statusCase{
			{name: "400", setup: injectFault(path, 400), status: 400},
			{name: "401", key: "wrong-key", status: 401},
			{name: "429", setup: injectFault(path, 429), status: 429},
			{name: "500", setup: injectFault(path, 500), status: 500},
		}, extra...)
		for _, tc := range cases {
			t.Run(path+" "+tc.name, func(t *testing.T) {
				s, key := preparedSetup(t, tc.setup, tc.key)
				var apiErr *registerdata.APIError
				require.ErrorAs(t, call(s.client(t, key)), &apiErr)
				assert.Equal(t, tc.status, apiErr.StatusCode)
			})
		}
	}
}

// TestContractSurfaceErrors checks the error answers of financials,
// documents, contact, lookup, autocomplete and credits against the
// contract on both sides, as TestContractSearchErrors does for search.
func TestContractSurfaceErrors(t *testing.T) {
	t.Parallel() // CPU-bound and self-contained: runs beside the other parallel tests
	ctx := context.Background()
	const id = contractCompanyID
	calls := map[string]func(*registerdata.Client) error{
		"/v1/company/" + id + "/financials": func(c *registerdata.Client) error { _, err := c.GetFinancials(ctx, id); return err },
		"/v1/document/": func(c *registerdata.Client) error {
			_, err := c.GetDocument(ctx, "00000000-0000-4000-8000-000000000000")
			return err
		},
		"/v1/document": func(c *registerdata.Client) error {
			_, err := c.GetRealtimeDocument(ctx, id, enums.DocumentCategoryCurrentPrintout)
			return err
		},
		"/v0/company/" + id + "/contact": func(c *registerdata.Client) error { _, err := c.GetContactDetails(ctx, id); return err },
		"/v0/search/lookup":              func(c *registerdata.Client) error { _, err := c.LookupCompanyByURL(ctx, "nobody.example"); return err },
		"/v1/autocomplete/company":       func(c *registerdata.Client) error { _, err := c.AutocompleteCompanies(ctx, "nord"); return err },
		"/v1/credits":                    func(c *registerdata.Client) error { _, err := c.GetCredits(ctx); return err },
	}
	checkErrorStatuses(t, calls)
	// 402 for the billed ones, 404 where the fake has nothing.
	for path, want := range map[string]int{
		"/v1/company/" + id + "/financials": 402, "/v1/document": 402, "/v0/company/" + id + "/contact": 402,
		"/v1/document/": 404, "/v0/search/lookup": 404,
	} {
		t.Run(path+" refused", func(t *testing.T) {
			s, key := preparedSetup(t, noCredits, "")
			var apiErr *registerdata.APIError
			require.ErrorAs(t, calls[path](s.client(t, key)), &apiErr)
			assert.Equal(t, want, apiErr.StatusCode)
		})
	}
}
