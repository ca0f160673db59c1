package registerdata_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

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
