package registerdata_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

// The service prepares a company's ownership history on the first
// requests for it and answers 202 ("still processing", not billed)
// meanwhile. With NoWait the call returns at once with the time to wait;
// without it GetOwnershipHistory waits and asks again by itself.
func ExampleClient_GetOwnershipHistory_noWait() {
	srv := fake.NewServer(fake.WithHistoryProcessing(1)) // the first request of each history answers 202
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()

	_, err = c.GetOwnershipHistory(ctx, "DE-HRB-F1103-267645", registerdata.NoWait())
	var pe *registerdata.ProcessingError
	if errors.As(err, &pe) {
		fmt.Println("still processing:", errors.Is(err, registerdata.ErrProcessing), "ask again in", pe.RetryAfter)
	}
	fmt.Println("credits spent:", c.CreditsSpent())

	// Waiting: here through a timer that fires at once, as a test would
	// (the default waits the Retry-After in real time, within ctx).
	immediately := func(time.Duration) <-chan time.Time {
		ch := make(chan time.Time, 1)
		ch <- time.Now()
		return ch
	}
	h, err := c.GetOwnershipHistory(ctx, "DE-HRB-F1103-301122", registerdata.WithPollTimer(immediately))
	if err != nil {
		panic(err)
	}
	fmt.Println("owners, current and former:", len(h.Owners) > 0)
	fmt.Println("credits spent:", c.CreditsSpent() == registerdata.DefaultPrices().Of("GET /v1/company/{company_id}/owners/historical", false))
	// Output:
	// still processing: true ask again in 30s
	// credits spent: 0
	// owners, current and former: true
	// credits spent: true
}
