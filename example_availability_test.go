package registerdata_test

import (
	"context"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// The legal form a caller already knows says which ownership answers the
// service publishes, before anything is paid for.
func ExampleBeneficialOwnersAvailable() {
	for _, form := range []enums.LegalForm{enums.LegalFormGmbH, enums.LegalFormUG, enums.LegalFormOHG, ""} {
		fmt.Printf("%q: owners %v, UBO %v, history %v\n", form,
			registerdata.OwnersAvailable(form, false), registerdata.BeneficialOwnersAvailable(form), registerdata.OwnershipHistoryAvailable(form))
	}
	// Output:
	// "gmbh": owners true, UBO true, history true
	// "ug": owners false, UBO true, history false
	// "ohg": owners true, UBO false, history false
	// "": owners true, UBO true, history true
}

// A caller that fetched the company skips what its form does not have
// and says why with the same sentence as every consumer of the SDK.
func ExampleNotPublished() {
	c, done := ownershipExampleClient()
	defer done()
	ctx := context.Background()
	co, err := c.GetCompany(ctx, "DE-HRA-M1201-51073", nil) // Wagner & Sohn Metallbau OHG
	if err != nil {
		panic(err)
	}
	if why := registerdata.NotPublished(registerdata.PartBeneficialOwners, co.LegalForm, false); why != "" {
		fmt.Println(why + ", 0 credits")
	}
	// A caller that did not know the form reads it from the service's 404.
	_, err = c.GetOwnershipHistory(ctx, co.ID)
	fmt.Println(registerdata.NotPublishedError(registerdata.PartOwnershipHistory, err))
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// UBO: not published for an OHG, 0 credits
	// historical owners: not published for an OHG
	// credits spent: 10
}

func ExampleOwnersAvailable() {
	fmt.Println(registerdata.OwnersAvailable(enums.LegalFormAG, false), registerdata.OwnersAvailable(enums.LegalFormAG, true))
	fmt.Println(registerdata.NotPublished(registerdata.PartOwners, enums.LegalFormAG, false))
	// Output:
	// false true
	// owners: published for an AG only with best_available
}

func ExampleOwnershipHistoryAvailable() {
	fmt.Println(registerdata.OwnershipHistoryAvailable(enums.LegalFormGmbH), registerdata.OwnershipHistoryAvailable(enums.LegalFormKG))
	// Output: true false
}
