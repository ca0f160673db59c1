package registerdata_test

import (
	"context"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func ExampleClient_WaitTransparencyExtract() {
	clk := fake.NewClock(time.Date(2026, 4, 15, 9, 30, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()

	// Store the obliged entity's Transparenzregister login once.
	err = c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "correct-horse-battery"})
	if err != nil {
		panic(err)
	}
	ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: "DE-HRB-F1103-267645"})
	if err != nil {
		panic(err)
	}
	fmt.Println(ex.ID, ex.Status)

	// In production WaitTransparencyExtract sleeps between polls; here the
	// fake clock is advanced instead, so the example takes no time.
	advance := registerdata.WithPollTimer(func(d time.Duration) <-chan time.Time {
		clk.Advance(d)
		ch := make(chan time.Time, 1)
		ch <- clk.Now()
		return ch
	})
	ex, err = c.WaitTransparencyExtract(ctx, ex.ID, advance)
	if err != nil {
		panic(err)
	}
	fmt.Println(ex.Status, ex.CompletedAt.Sub(ex.SubmittedAt))
	for _, u := range ex.Report.UBOs {
		fmt.Println(*u.NaturalPerson.FullName, *u.Interest.Percentage)
	}
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// tre_1001 processing
	// completed 1m30s
	// Katrin Albers 40
	// credits spent: 25
}
