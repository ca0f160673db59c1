package registerdata_test

import (
	"context"
	"errors"
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

// A sandbox extract uses the service's test environment: no stored
// login, no company, the fixed test EKRN, and no credits.
func ExampleClient_RequestTransparencyExtract_sandbox() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ex, err := c.RequestTransparencyExtract(context.Background(), registerdata.TransparencyExtractRequest{CredentialName: registerdata.SandboxCredentialName})
	if err != nil {
		panic(err)
	}
	fmt.Println(ex.Status, *ex.EKRN, ex.CompanyID == nil)
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// processing DE727032388716 true
	// credits spent: 0
}

// The production extract quota counts over a rolling 30-day window: a
// 429 to an extract is ErrQuotaExhausted, sent once and never retried.
func ExampleClient_RequestTransparencyExtract_quota() {
	srv := fake.NewServer(fake.WithExtractQuota(1))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	if err := c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "correct-horse-battery"}); err != nil {
		panic(err)
	}
	for range 2 {
		_, err = c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: "DE-HRB-F1103-267645"})
		switch {
		case errors.Is(err, registerdata.ErrQuotaExhausted):
			fmt.Println("quota used up; rate limited:", errors.Is(err, registerdata.ErrRateLimited))
		case err != nil:
			panic(err)
		default:
			fmt.Println("requested")
		}
	}
	// Output:
	// requested
	// quota used up; rate limited: false
}
