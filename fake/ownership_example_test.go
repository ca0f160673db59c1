package fake_test

import (
	"context"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

func ExampleServer_SetOwners() {
	clk := fake.NewClock(time.Date(2026, 1, 15, 9, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()

	// Kessler Maschinenbau GmbH changes hands: one new owner with 100 %.
	id, share := "3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01", 100.0
	err = srv.SetOwners("DE-HRB-P2305-20977", []registerdata.Owner{{
		ID: &id, Name: "Katrin Albers", Type: enums.RepresentativeTypeNaturalPerson,
		RelationType: enums.RelationTypeShareholder, NominalShare: 100000, PercentageShare: &share,
	}})
	if err != nil {
		panic(err)
	}

	ubo, err := c.GetBeneficialOwners(ctx, "DE-HRB-P2305-20977")
	if err != nil {
		panic(err)
	}
	fmt.Println("beneficial owner:", ubo.Owners[0].Name, *ubo.Owners[0].PercentageShare)
	hist, err := c.GetOwnershipHistory(ctx, "DE-HRB-P2305-20977")
	if err != nil {
		panic(err)
	}
	for _, o := range hist.Owners {
		fmt.Println(o.Name, o.Status, len(o.OwnershipHistory), "list(s), last", o.OwnershipHistory[len(o.OwnershipHistory)-1].DocumentDate.Format(time.DateOnly))
	}
	// Output:
	// beneficial owner: Katrin Albers 100
	// Claudia Kessler removed 1 list(s), last 2015-07-01
	// Kessler Familienstiftung removed 1 list(s), last 2015-07-01
	// Katrin Albers active 2 list(s), last 2026-01-15
}
