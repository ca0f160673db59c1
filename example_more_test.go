package registerdata_test

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func ExampleClient_SearchPersonsSeq() {
	c, stop := exampleClient()
	defer stop()

	// One page of two persons per request; the iterator asks for the next
	// page only when the loop wants more, and MaxPages bounds the spend.
	req := registerdata.PersonSearchRequest{Query: "hof", Pagination: registerdata.PageRequest{PerPage: 2}}
	for p, err := range c.SearchPersonsSeq(context.Background(), req, registerdata.MaxPages(5)) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(p.Name)
	}
	fmt.Println("credits spent:", c.CreditsSpent()) // two pages
	// Output:
	// Lukas Hoffmann
	// Anna Hofmann
	// Jakob Hofmann
	// credits spent: 20
}

func ExampleClient_GetTransparencyExtract() {
	clk := fake.NewClock(time.Date(2026, 4, 15, 9, 30, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	err = c.SetTransparencyCredentials(ctx, registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "correct-horse-battery"})
	if err != nil {
		panic(err)
	}
	ex, err := c.RequestTransparencyExtract(ctx, registerdata.TransparencyExtractRequest{CompanyID: "DE-HRB-F1103-267645"})
	if err != nil {
		panic(err)
	}

	// Poll once now and once after the register has answered (the fake's
	// clock stands in for the wait; WaitTransparencyExtract polls for you).
	now, err := c.GetTransparencyExtract(ctx, ex.ID)
	if err != nil {
		panic(err)
	}
	fmt.Println(now.Status)
	clk.Advance(5 * time.Minute)
	later, err := c.GetTransparencyExtract(ctx, ex.ID)
	if err != nil {
		panic(err)
	}
	fmt.Println(later.Status, len(later.Report.UBOs), "beneficial owner(s)")
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// processing
	// completed 1 beneficial owner(s)
	// credits spent: 25
}

// A Secret prints, logs and encodes as [REDACTED], also inside other
// values; Reveal gives it where it must be sent.
func ExampleSecret() {
	creds := registerdata.TransparencyCredentials{Username: "kyc@example.de", Password: "correct-horse-battery"}
	fmt.Printf("%v\n", creds.Password)
	b, _ := json.Marshal(struct {
		Creds registerdata.TransparencyCredentials
	}{creds})
	fmt.Println(string(b))
	fmt.Println(len(creds.Password.Reveal()))
	// Output:
	// [REDACTED]
	// {"Creds":{"username":"kyc@example.de","password":"[REDACTED]"}}
	// 21
}
