package registerdata_test

import (
	"context"
	"errors"
	"fmt"
	"strings"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// ownershipExampleClient starts a fake and a client for it; in production use
// registerdata.NewClient() with $REGISTERDATA_API_KEY.
func ownershipExampleClient(opts ...registerdata.Option) (*registerdata.Client, func()) {
	srv := fake.NewServer()
	c, err := registerdata.NewClient(append([]registerdata.Option{registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL)}, opts...)...)
	if err != nil {
		panic(err)
	}
	return c, srv.Close
}

func ExampleClient_GetOwners() {
	c, done := ownershipExampleClient()
	defer done()
	ctx := context.Background()

	own, err := c.GetOwners(ctx, "DE-HRB-F1103-267645", nil)
	if err != nil {
		panic(err)
	}
	for _, o := range own.Owners {
		fmt.Printf("%s (%s, %s): %.2f %%\n", o.Name, o.Type, o.RelationType, *o.PercentageShare)
	}

	// The owners of an AG or SE come only as the best available data.
	_, err = c.GetOwners(ctx, "DE-HRB-D2601-198433", nil)
	fmt.Println("AG without best_available:", errors.Is(err, registerdata.ErrNotFound))
	own, err = c.GetOwners(ctx, "DE-HRB-D2601-198433", &registerdata.GetOwnersParams{BestAvailable: true})
	if err != nil {
		panic(err)
	}
	fmt.Println("AG owners:", len(own.Owners), "best available:", own.BestAvailable)
	// Output:
	// Helios Energie Holding AG (legal_person, shareholder): 60.00 %
	// Katrin Albers (natural_person, shareholder): 40.00 %
	// AG without best_available: true
	// AG owners: 4 best available: true
}

func ExampleClient_GetBeneficialOwners() {
	c, done := ownershipExampleClient()
	defer done()
	ubo, err := c.GetBeneficialOwners(context.Background(), "DE-HRA-R3306-28817")
	if err != nil {
		panic(err)
	}
	for _, u := range ubo.Owners {
		if u.PercentageShare == nil && u.MaxPercentageShare != nil {
			fmt.Printf("%s: at most %.0f %% (through a limited partner)\n", u.Name, *u.MaxPercentageShare)
		}
	}
	// Output:
	// Georg Schmitz: at most 60 % (through a limited partner)
	// Lena Schmitz: at most 40 % (through a limited partner)
}

func ExampleClient_GetOwnershipHistory() {
	c, done := ownershipExampleClient()
	defer done()
	hist, err := c.GetOwnershipHistory(context.Background(), "DE-HRB-F1103-267645")
	if err != nil {
		panic(err)
	}
	for _, o := range hist.Owners {
		line := fmt.Sprintf("%s (%s): %s since %s", o.Name, o.EntityType, o.Status, o.FirstAppearance.Format("2006-01-02"))
		if o.LastAppearance != nil {
			line += ", last listed " + o.LastAppearance.Format("2006-01-02")
		}
		fmt.Println(line)
	}
	// Output:
	// Katrin Albers (natural_person): active since 2014-09-02
	// Jonas Petersen (natural_person): removed since 2014-09-02, last listed 2014-09-02
	// Helios Energie Holding AG (german_company): active since 2019-11-20
}

func ExampleClient_GetCompanyHoldings() {
	c, done := ownershipExampleClient()
	defer done()
	hs, err := c.GetCompanyHoldings(context.Background(), "DE-HRB-F1103-267645")
	if err != nil {
		panic(err)
	}
	for _, h := range hs.Holdings {
		// Holdings carry the fraction scale: 1 means 100 %.
		fmt.Printf("%s: %.0f %%\n", h.Name, *h.PercentageShare*100)
	}
	// Output:
	// Sonnenwerk Montage GmbH: 100 %
	// Nordlicht Service GmbH: 100 %
}

func ExampleClient_GetPerson() {
	c, done := ownershipExampleClient()
	defer done()
	ctx := context.Background()
	p, err := c.GetPerson(ctx, "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01")
	if err != nil {
		panic(err)
	}
	fmt.Println(p.FirstName, p.LastName, *p.City)
	for _, m := range p.ManagementPositions {
		fmt.Println(" ", m.Role, m.CompanyName, m.EndDate == nil)
	}
	hs, err := c.GetPersonHoldings(ctx, p.ID)
	if err != nil {
		panic(err)
	}
	fmt.Println("holdings:", len(hs.Holdings))
	// Output:
	// Katrin Albers Berlin
	//   DIRECTOR Nordlicht Solartechnik GmbH true
	//   DIRECTOR Sonnenwerk Montage GmbH false
	//   DIRECTOR Nordlicht Service GmbH true
	// holdings: 2
}

func ExampleClient_OwnershipTree() {
	c, done := ownershipExampleClient()
	defer done()
	tree, err := c.OwnershipTree(context.Background(), "DE-HRB-F1103-315870", registerdata.TreeOptions{MaxDepth: 5})
	if err != nil {
		panic(err)
	}
	tree.Root.Walk(func(n *registerdata.OwnershipNode) {
		if n.Owner == nil || n.Owner.Type != enums.RepresentativeTypeNaturalPerson {
			return
		}
		fmt.Printf("%s%s: %.2f %% of the company\n", strings.Repeat("  ", n.Depth), n.Owner.Name, *n.EffectiveShare)
	})
	fmt.Println("companies looked up:", tree.Companies, "credits:", c.CreditsSpent())
	// Output:
	//       Jonas Petersen: 18.00 % of the company
	//         Sophie Claassen: 8.25 % of the company
	//         Arne Jessen: 3.75 % of the company
	//     Katrin Albers: 40.00 % of the company
	// companies looked up: 4 credits: 40
}

func ExampleClient_OwnershipTree_budget() {
	c, done := ownershipExampleClient(registerdata.WithCreditBudget(25))
	defer done()
	tree, err := c.OwnershipTree(context.Background(), "DE-HRB-F1103-315870", registerdata.TreeOptions{})
	fmt.Println("budget exceeded:", errors.Is(err, registerdata.ErrBudgetExceeded))
	fmt.Println("partial tree of", tree.Companies, "companies")
	// Output:
	// budget exceeded: true
	// partial tree of 2 companies
}
