package portfolio_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/webhook"
)

// Import resolves each row once and keeps the outcome per Ref: a row
// with a company id, a name that several companies share (kept for
// review, never guessed), and the same rows again (nothing billed).
func ExamplePortfolio_Import() {
	ctx := context.Background()
	srv := fake.NewServer(fake.WithHardCases())
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
		_ = yield(portfolio.Row{Ref: "K-1001", CompanyID: "DE-HRB-F1103-267645", Tags: []string{"supplier"}}, nil) &&
			yield(portfolio.Row{Ref: "K-1002", Query: registerdata.MatchQuery{Name: "Löwenherz Bau GmbH"}}, nil)
	}
	for range 2 {
		for r, err := range p.Import(ctx, rows, portfolio.ImportOptions{}) {
			if err != nil {
				panic(err)
			}
			if r.CompanyID != "" {
				fmt.Println(r.Row.Ref, r.Status, r.CompanyID)
			} else {
				fmt.Println(r.Row.Ref, r.Status)
			}
		}
	}
	// Output:
	// K-1001 matched DE-HRB-F1103-267645
	// K-1002 ambiguous
	// K-1001 unchanged DE-HRB-F1103-267645
	// K-1002 unchanged
}

// The whole cycle: monitors created for the portfolio, a change in the
// register, the service's delivery received by Handler, the job run by
// Drain, the journal read with Events.
func ExamplePortfolio_Handler() {
	ctx := context.Background()
	clock := fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clock))
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
	p, err := portfolio.Open(ctx, "sqlite:"+filepath.Join(dir, "portfolio.db"), c, portfolio.WithClock(clock.Now))
	if err != nil {
		panic(err)
	}
	defer p.Close()

	const secret = "whsec_ZXhhbXBsZS1zaWduaW5nLXNlY3JldC0wMTIzNDU2Nzg5"
	v, err := webhook.NewVerifier(secret)
	if err != nil {
		panic(err)
	}
	hooks := httptest.NewServer(p.Handler(v))
	defer hooks.Close()
	if err := srv.SetWebhookEndpoint(hooks.URL, secret); err != nil {
		panic(err)
	}

	rows := func(yield func(portfolio.Row, error) bool) {
		yield(portfolio.Row{Ref: "K-1001", CompanyID: "DE-HRB-F1103-267645"}, nil)
	}
	for _, err := range p.Import(ctx, rows, portfolio.ImportOptions{}) {
		if err != nil {
			panic(err)
		}
	}
	plan, err := p.Plan(ctx, portfolio.MonitorOptions{Preferences: []enums.Preference{enums.PreferenceBasic}, UpdateFrequency: enums.UpdateFrequencyDaily})
	if err != nil {
		panic(err)
	}
	fmt.Println("create", plan.Create, "for", plan.Credits, "credits, then", plan.MonthlyCredits, "a month")
	if _, err := p.Sync(ctx, plan); err != nil {
		panic(err)
	}

	if err := srv.UpdateCompany("DE-HRB-F1103-267645", func(co *registerdata.Company) {
		co.Status = enums.CompanyStatusLiquidation
	}); err != nil {
		panic(err)
	}
	clock.Advance(25 * time.Hour) // the daily check finds the change and delivers it
	if _, err := p.Drain(ctx); err != nil {
		panic(err)
	}
	for e, err := range p.Events(ctx, 0) {
		if err != nil {
			panic(err)
		}
		if e.EventID == "" {
			continue // the baseline
		}
		fmt.Println(e.Refs, e.Sentences, flagCodes(e.Raised))
	}
	// One company's journal, read by its id.
	n := 0
	for _, err := range p.EventsOf(ctx, "DE-HRB-F1103-267645", 0) {
		if err != nil {
			panic(err)
		}
		n++
	}
	fmt.Println(n, "journal entries for DE-HRB-F1103-267645, the baseline among them")
	// Output:
	// create [DE-HRB-F1103-267645] for 50 credits, then 50 a month
	// [K-1001] [The status changed from "active" to "liquidation".] [liquidation]
	// 2 journal entries for DE-HRB-F1103-267645, the baseline among them
}
