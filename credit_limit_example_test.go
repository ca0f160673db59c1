package registerdata_test

import (
	"context"
	"errors"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
)

// A CreditLimit bounds what one piece of work may spend, on top of the
// client's budget: here three company lookups fit in 30 credits, the
// fourth is refused before it is sent.
func ExampleWithCreditLimit() {
	c, stop := exampleClient()
	defer stop()

	ctx, lim := registerdata.WithCreditLimit(context.Background(), 30)
	for _, id := range []string{"DE-HRB-F1103-267645", "DE-HRB-D2601-198433", "DE-HRB-F1103-315870", "DE-HRB-F1103-100001"} {
		_, err := c.GetCompany(ctx, id, nil)
		switch {
		case lim.Refused(err):
			fmt.Println(id, "refused: the limit is spent")
		case errors.Is(err, registerdata.ErrBudgetExceeded):
			fmt.Println(id, "refused by the client's budget")
		case err != nil:
			fmt.Println(id, err)
		default:
			fmt.Println(id, "fetched")
		}
	}
	fmt.Println("spent:", lim.Spent(), "left:", lim.Remaining())
	// Output:
	// DE-HRB-F1103-267645 fetched
	// DE-HRB-D2601-198433 fetched
	// DE-HRB-F1103-315870 fetched
	// DE-HRB-F1103-100001 refused: the limit is spent
	// spent: 30 left: 0
}
