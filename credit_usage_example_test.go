package registerdata_test

import (
	"context"
	"errors"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
)

func ExampleClient_SetBudgetFromCredits() {
	srv, c := surfaceExampleClient()
	defer srv.Close()
	srv.SetCredits(srv.APIKey, 25) // the account has 25 credits left
	ctx := context.Background()
	if _, err := c.SetBudgetFromCredits(ctx); err != nil {
		panic(err)
	}
	for range 3 {
		_, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", nil)
		fmt.Println(err == nil, errors.Is(err, registerdata.ErrBudgetExceeded))
	}
	u, _ := c.GetCredits(ctx)
	fmt.Println("spent:", c.CreditsSpent(), "used:", u.Used, "remaining:", u.Remaining, u.Period.Type)
	// Output:
	// true false
	// true false
	// false true
	// spent: 20 used: 20 remaining: 5 rolling_30_days
}
