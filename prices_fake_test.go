package registerdata_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// pricedCall is one SDK call of an operation, with the route and price
// variant it is billed by.
type pricedCall struct {
	name    string
	route   string
	variant registerdata.PriceVariant
	call    func(ctx context.Context, c *registerdata.Client) error
}

// TestEveryCallBillsByTheTable gives every route and variant of the table
// a price of its own, none of them the default, and makes one call of
// each against a fake billing by the same table: for every call, the
// client's count (CreditsSpent), the fake's books (its balance) and the
// table agree. A call site or a fake handler reading any other price, or
// the price of another route, fails here.
func TestEveryCallBillsByTheTable(t *testing.T) {
	p := registerdata.DefaultPrices()
	for i, r := range p.Routes() {
		p.Set(r, int64(101+i))
		for j, v := range p.Variants(r) {
			p.SetVariant(r, v, int64(501+10*i+j))
		}
	}
	srv, c, _ := newFakeClient(t, []fake.Option{
		fake.WithPrices(p),
		fake.WithWebhookEndpoint("https://receiver.example/hooks/registerdata", "whsec_"+"MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"),
	}, registerdata.WithPrices(p))
	ctx := context.Background()

	// What the calls need, read from the fake before counting starts.
	co, err := c.GetCompany(ctx, knownCompany, nil)
	require.NoError(t, err)
	var person, document string
	for _, r := range co.Representation {
		if r.ID != nil && registerdata.IsUUID(*r.ID) {
			person = *r.ID
			break
		}
	}
	require.NotEmpty(t, person, "the known company has a natural-person representative")
	require.NotEmpty(t, co.Documents, "the known company has documents")
	document = co.Documents[0].ID
	require.NotNil(t, co.Contact, "the known company has a website")
	ins, err := c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{})
	require.NoError(t, err)
	require.NotEmpty(t, ins.Results, "the fake has insolvency proceedings")
	var extract string

	calls := []pricedCall{
		{"GetCompany", "GET /v1/company/{company_id}", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetCompany(ctx, knownCompany, nil)
			return err
		}},
		{"GetCompany realtime", "GET /v1/company/{company_id}", registerdata.VariantRealtime, func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetCompany(ctx, knownCompany, &registerdata.GetCompanyParams{Realtime: true})
			return err
		}},
		{"GetOwners", "GET /v1/company/{company_id}/owners", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetOwners(ctx, knownCompany, nil)
			return err
		}},
		{"GetOwners realtime", "GET /v1/company/{company_id}/owners", registerdata.VariantRealtime, func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetOwners(ctx, knownCompany, &registerdata.GetOwnersParams{Realtime: true})
			return err
		}},
		{"GetBeneficialOwners", "GET /v1/company/{company_id}/ubo", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetBeneficialOwners(ctx, knownCompany)
			return err
		}},
		{"GetOwnershipHistory", "GET /v1/company/{company_id}/owners/historical", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetOwnershipHistory(ctx, knownCompany)
			return err
		}},
		{"GetCompanyHoldings", "GET /v1/company/{company_id}/holdings", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetCompanyHoldings(ctx, knownCompany)
			return err
		}},
		{"GetFinancials", "GET /v1/company/{company_id}/financials", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetFinancials(ctx, knownCompany)
			return err
		}},
		{"GetContactDetails", "GET /v0/company/{company_id}/contact", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetContactDetails(ctx, knownCompany)
			return err
		}},
		{"LookupCompanyByURL", "GET /v0/search/lookup", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.LookupCompanyByURL(ctx, co.Contact.WebsiteURL)
			return err
		}},
		{"SearchCompanies", "POST /v1/search/company", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.SearchCompanies(ctx, registerdata.CompanySearchRequest{Query: "gmbh"})
			return err
		}},
		{"SearchPersons", "POST /v1/search/person", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.SearchPersons(ctx, registerdata.PersonSearchRequest{Query: "schmidt"})
			return err
		}},
		{"SearchInsolvencies", "POST /v1/search/insolvency", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{})
			return err
		}},
		{"GetInsolvency", "GET /v1/insolvency/{insolvency_id}", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetInsolvency(ctx, ins.Results[0].ID)
			return err
		}},
		{"AutocompleteCompanies", "GET /v1/autocomplete/company", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.AutocompleteCompanies(ctx, "nord")
			return err
		}},
		{"GetPerson", "GET /v1/person/{person_id}", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetPerson(ctx, person)
			return err
		}},
		{"GetPersonHoldings", "GET /v1/person/{person_id}/holdings", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetPersonHoldings(ctx, person)
			return err
		}},
		{"GetDocument", "GET /v1/document/{document_id}", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetDocument(ctx, document)
			return err
		}},
		{"GetRealtimeDocument", "GET /v1/document", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetRealtimeDocument(ctx, knownCompany, enums.DocumentCategoryCurrentPrintout)
			return err
		}},
		{"GetCredits", "GET /v1/credits", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetCredits(ctx)
			return err
		}},
		{"CreateMonitor weekly", "POST /v1/monitor", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: knownCompany, EntityType: enums.EntityTypeCompany, Preferences: []enums.Preference{enums.PreferenceBasic}})
			return err
		}},
		{"ListMonitors", "GET /v1/monitor", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.ListMonitors(ctx)
			return err
		}},
		{"DeleteMonitor", "DELETE /v1/monitor/{entity_id}", "", func(ctx context.Context, c *registerdata.Client) error {
			return c.DeleteMonitor(ctx, knownCompany)
		}},
		{"CreateMonitor daily", "POST /v1/monitor", registerdata.VariantDaily, func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: knownCompany, EntityType: enums.EntityTypeCompany,
				Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyDaily})
			return err
		}},
		{"SetTransparencyCredentials", "POST /v1/transparenzregister/credentials", "", func(ctx context.Context, c *registerdata.Client) error {
			return c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.com", Password: "pw-of-the-price-test"})
		}},
		{"RequestTransparencyExtract", "POST /v1/transparenzregister/extracts", "", func(ctx context.Context, c *registerdata.Client) error {
			ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: knownCompany})
			if ex != nil {
				extract = ex.ID
			}
			return err
		}},
		{"RequestTransparencyExtract sandbox", "POST /v1/transparenzregister/extracts", registerdata.VariantSandbox, func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
			return err
		}},
		{"GetTransparencyExtract", "GET /v1/transparenzregister/extracts/{extract_id}", "", func(ctx context.Context, c *registerdata.Client) error {
			_, err := c.GetTransparencyExtract(ctx, extract)
			return err
		}},
	}
	covered := map[string]bool{}
	for _, pc := range calls {
		covered[pc.route] = true
		want := p.OfVariant(pc.route, pc.variant)
		spent, balance := c.CreditsSpent(), srv.Credits(srv.APIKey)
		require.NoError(t, pc.call(ctx, c), pc.name)
		assert.Equal(t, want, c.CreditsSpent()-spent, "%s: the client's count against the table (%s)", pc.name, pc.route)
		assert.Equal(t, want, balance-srv.Credits(srv.APIKey), "%s: the fake's books against the table (%s)", pc.name, pc.route)
	}
	for _, r := range p.Routes() {
		assert.True(t, covered[r], "route %s has no call in this test", r)
	}
}

// TestAClientOnAnotherTableDrifts: a client whose table says 10 for UBO,
// against a fake that bills 25, counts 10 where 25 were billed. This is
// the drift ReconcileCredits exists to find.
func TestAClientOnAnotherTableDrifts(t *testing.T) {
	const ubo = "GET /v1/company/{company_id}/ubo"
	old := registerdata.DefaultPrices()
	old.Set(ubo, 10)
	srv, c, _ := newFakeClient(t, nil, registerdata.WithPrices(old))
	balance := srv.Credits(srv.APIKey)
	_, err := c.GetBeneficialOwners(context.Background(), knownCompany)
	require.NoError(t, err)
	assert.EqualValues(t, 10, c.CreditsSpent(), "the client counts by its own table")
	assert.Equal(t, registerdata.DefaultPrices().Of(ubo, false), balance-srv.Credits(srv.APIKey), "the fake bills by the default table")
}

// ExampleWithPrices: a price the service changes is one line, and the
// client's budget and count follow it.
func ExampleWithPrices() {
	p := registerdata.DefaultPrices()
	fmt.Println(p.Of("GET /v1/company/{company_id}/ubo", false), p.Source("GET /v1/company/{company_id}/ubo"))
	p.Set("GET /v1/company/{company_id}/ubo", 30)

	srv := fake.NewServer(fake.WithPrices(p))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithPrices(p), registerdata.WithCreditBudget(100))
	if err != nil {
		panic(err)
	}
	if _, err := c.GetBeneficialOwners(context.Background(), "DE-HRB-F1103-267645"); err != nil {
		panic(err)
	}
	left, _ := c.CreditsRemaining()
	fmt.Println("spent", c.CreditsSpent(), "left", left)
	// Output:
	// 25 https://docs.openregister.de/endpoint/company-ubo
	// spent 30 left 70
}
