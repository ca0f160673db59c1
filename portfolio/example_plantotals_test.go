package portfolio_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
)

// PlanTotals prices the monitors of a portfolio without listing its
// companies; EachCreate walks them from the store, and Sync applies the
// plan the same way, never doing more than the plan counted.
func ExamplePortfolio_PlanTotals() {
	ctx := context.Background()
	srv := fake.NewServer(fake.WithWebhookEndpoint("https://hooks.example/registerdata", "whsec_ZXhhbXBsZS1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5"))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "portfolio")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	p, err := portfolio.Open(ctx, "sqlite:"+filepath.Join(dir, "portfolio.db"), c)
	if err != nil {
		panic(err)
	}
	defer p.Close()

	rows := func(yield func(portfolio.Row, error) bool) {
		_ = yield(portfolio.Row{Ref: "K-1001", CompanyID: "DE-HRB-F1103-267645"}, nil) &&
			yield(portfolio.Row{Ref: "K-1002", CompanyID: "DE-HRB-F1103-267645"}, nil)
	}
	for _, err := range p.Import(ctx, rows, portfolio.ImportOptions{}) {
		if err != nil {
			panic(err)
		}
	}
	plan, err := p.PlanTotals(ctx, portfolio.MonitorOptions{})
	if err != nil {
		panic(err)
	}
	fmt.Println("create", plan.CreateCount, "monitors for", plan.Credits, "credits")
	for id, err := range plan.EachCreate(ctx) {
		if err != nil {
			panic(err)
		}
		fmt.Println("+", id)
	}
	res, err := p.Sync(ctx, plan)
	if err != nil {
		panic(err)
	}
	fmt.Println("created", res.Created)
	// Output:
	// create 1 monitors for 25 credits
	// + DE-HRB-F1103-267645
	// created 1
}
