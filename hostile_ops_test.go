package registerdata_test

import (
	"context"
	"net/http"
	"sort"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/stretchr/testify/require"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/api"
	"github.com/registerdata/registerdata-go/enums"
)

// hostileOp is one operation of api/openapi.yaml as the hostile-server
// suite calls it: call makes exactly one SDK call of the operation with a
// valid argument. Every operation must have a row (see
// TestHostileSuiteCoversEveryOperation), so a new endpoint cannot skip
// the battery.
type hostileOp struct {
	method string
	cost   int64 // credits per successful call, as published (or assumed)
	call   func(ctx context.Context, c *registerdata.Client) error
	// id, when set, calls the operation with the given identifier (for
	// the hostile-id rows); nil for operations that take none.
	id func(ctx context.Context, c *registerdata.Client, id string) error
}

const hostilePerson = "0f5c3e0a-8d8b-4f6e-9a55-3d8a7c2b1e44"

// hostileSecret is the Transparenzregister password of the suite's
// credential calls: it must never show in an error, a log line or a
// printed form.
const hostileSecret = "pw-9f1c7e2a-never-shown"

var hostileOps = map[string]hostileOp{
	"getCompany": {cost: registerdata.CostCompanyLookup, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetCompany(ctx, id, nil)
		return err
	}},
	"searchCompanies": {cost: registerdata.CostCompanySearch, method: http.MethodPost, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "gmbh"})
		return err
	}},
	"searchPersons": {cost: registerdata.CostPersonSearch, method: http.MethodPost, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.SearchPersons(ctx, registerdata.PersonSearchRequest{Query: "schmidt"})
		return err
	}},
	"createMonitor": {cost: registerdata.CostWeeklyMonitor, method: http.MethodPost, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: id, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}})
		return err
	}},
	"listMonitors": {cost: 0, method: http.MethodGet, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.ListMonitors(ctx)
		return err
	}},
	"deleteMonitor": {cost: 0, method: http.MethodDelete, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		return c.DeleteMonitor(ctx, id)
	}},
	"getCompanyFinancials": {cost: registerdata.CostFinancials, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetFinancials(ctx, id)
		return err
	}},
	"getDocumentCached": {cost: registerdata.CostDocument, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetDocument(ctx, id)
		return err
	}},
	"getDocumentRealtime": {cost: registerdata.CostRealtimeDocument, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetRealtimeDocument(ctx, id, enums.DocumentCategoryCurrentPrintout)
		return err
	}},
	"getCompanyContact": {cost: registerdata.CostContactDetails, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetContactDetails(ctx, id)
		return err
	}},
	"lookupCompanyByURL": {cost: registerdata.CostURLLookup, method: http.MethodGet, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.LookupCompanyByURL(ctx, "https://example.com")
		return err
	}},
	"autocompleteCompaniesV1": {cost: registerdata.CostAutocomplete, method: http.MethodGet, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.AutocompleteCompanies(ctx, "sie")
		return err
	}},
	"getCreditsV1": {cost: registerdata.CostCredits, method: http.MethodGet, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.GetCredits(ctx)
		return err
	}},
	"getCompanyOwners": {cost: registerdata.CostOwners, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetOwners(ctx, id, nil)
		return err
	}},
	"getCompanyUbos": {cost: registerdata.CostBeneficialOwners, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetBeneficialOwners(ctx, id)
		return err
	}},
	"getCompanyOwnersHistorical": {cost: registerdata.CostOwnershipHistory, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetOwnershipHistory(ctx, id)
		return err
	}},
	"getCompanyHoldings": {cost: registerdata.CostCompanyHoldings, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetCompanyHoldings(ctx, id)
		return err
	}},
	"getPerson": {cost: registerdata.CostPerson, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetPerson(ctx, id)
		return err
	}},
	"getPersonHoldings": {cost: registerdata.CostPersonHoldings, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetPersonHoldings(ctx, id)
		return err
	}},
	"getInsolvency": {cost: registerdata.CostInsolvencyLookup, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetInsolvency(ctx, id)
		return err
	}},
	"searchInsolvencies": {cost: registerdata.CostInsolvencySearch, method: http.MethodPost, call: func(ctx context.Context, c *registerdata.Client) error {
		_, err := c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{Query: "gmbh"})
		return err
	}},
	"setTransparencyCredentials": {cost: registerdata.CostTransparencyCredentials, method: http.MethodPost, call: func(ctx context.Context, c *registerdata.Client) error {
		return c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.com", Password: hostileSecret})
	}},
	"requestTransparencyExtract": {cost: registerdata.CostTransparencyExtract, method: http.MethodPost, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: id})
		return err
	}},
	"getTransparencyExtract": {cost: registerdata.CostTransparencyExtractPoll, method: http.MethodGet, id: func(ctx context.Context, c *registerdata.Client, id string) error {
		_, err := c.GetTransparencyExtract(ctx, id)
		return err
	}},
}

// hostileIDFor is the valid identifier an id-taking operation is called
// with in the battery.
var hostileIDFor = map[string]string{
	"getPerson":              hostilePerson,
	"getPersonHoldings":      hostilePerson,
	"getDocumentCached":      "3b7e5f2c-1d4a-4c8e-9f60-2a1b3c4d5e6f",
	"getInsolvency":          "5c1d2e3f-4a5b-4c6d-8e7f-901a2b3c4d5e",
	"getTransparencyExtract": "7d2e3f4a-5b6c-4d7e-8f90-1a2b3c4d5e6f",
}

// run calls op with its valid argument.
func (op hostileOp) run(ctx context.Context, c *registerdata.Client, name string) error {
	if op.id == nil {
		return op.call(ctx, c)
	}
	id, ok := hostileIDFor[name]
	if !ok {
		id = knownCompany
	}
	return op.id(ctx, c, id)
}

// openAPIOperations lists the operationIds of api/openapi.yaml with their
// methods.
func openAPIOperations(t *testing.T) map[string]string {
	t.Helper()
	doc := openAPIDoc(t)
	ops := map[string]string{}
	for _, path := range doc.Paths.InMatchingOrder() {
		for method, op := range doc.Paths.Find(path).Operations() {
			ops[op.OperationID] = method
		}
	}
	return ops
}

// TestHostileSuiteCoversEveryOperation fails when an operation of
// api/openapi.yaml has no row in hostileOps (or a row names none), so a
// new endpoint cannot skip the hostile-server battery.
func TestHostileSuiteCoversEveryOperation(t *testing.T) {
	ops := openAPIOperations(t)
	var missing, stale []string
	for id, method := range ops {
		row, ok := hostileOps[id]
		if !ok {
			missing = append(missing, id)
			continue
		}
		require.Equal(t, method, row.method, "%s: the row's method", id)
		require.True(t, (row.call == nil) != (row.id == nil), "%s: a row has exactly one of call and id", id)
	}
	for id := range hostileOps {
		if _, ok := ops[id]; !ok {
			stale = append(stale, id)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	require.Empty(t, missing, "operations of api/openapi.yaml without a row in hostileOps")
	require.Empty(t, stale, "rows of hostileOps naming no operation of api/openapi.yaml")
}

// openAPIDoc loads api/openapi.yaml.
func openAPIDoc(t *testing.T) *openapi3.T {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(api.OpenAPI)
	require.NoError(t, err)
	return doc
}
