package portfolio_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/portfolio"
)

// openExample opens a portfolio in a temporary directory on a fake with
// the hard cases; close removes both.
func openExample(opts ...portfolio.Option) (p *portfolio.Portfolio, close func()) {
	clock := fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithHardCases(), fake.WithClock(clock))
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	dir, err := os.MkdirTemp("", "portfolio")
	if err != nil {
		panic(err)
	}
	p, err = portfolio.Open(context.Background(), "sqlite:"+filepath.Join(dir, "portfolio.db"), c, append(opts, portfolio.WithClock(clock.Now))...)
	if err != nil {
		panic(err)
	}
	return p, func() {
		p.Close()
		os.RemoveAll(dir)
		srv.Close()
	}
}

// A row several companies fit waits in the review queue with its
// candidates; a reviewer, named by WithActor, resolves it to one of
// them, and the audit chain records who did.
func ExamplePortfolio_Resolve() {
	p, done := openExample()
	defer done()
	ctx := context.Background()
	rows := func(yield func(portfolio.Row, error) bool) {
		yield(portfolio.Row{Ref: "K-1002", Query: registerdata.MatchQuery{Name: "Löwenherz Bau GmbH"}}, nil)
	}
	for _, err := range p.Import(ctx, rows, portfolio.ImportOptions{}) {
		if err != nil {
			panic(err)
		}
	}

	var pick registerdata.MatchCandidate
	for r, err := range p.Reviews(ctx) {
		if err != nil {
			panic(err)
		}
		fmt.Println(r.Ref, r.Status, r.Row.Query.Name)
		for _, c := range r.Candidates {
			fmt.Printf("  %s %s (%s)\n", c.CompanyID, c.Name, c.Result.Address.City)
			if c.Result.Address.City == "Hamburg" {
				pick = c
			}
		}
	}

	ctx = portfolio.WithActor(ctx, portfolio.Actor{ID: "anna@bank.example", Name: "Anna Richter"})
	if err := p.Resolve(ctx, "K-1002", pick.CompanyID, "the contract gives the Hamburg address"); err != nil {
		panic(err)
	}
	n, err := p.ReviewCount(ctx)
	if err != nil {
		panic(err)
	}
	fmt.Println("waiting for review:", n)
	for e, err := range p.Entries(ctx) {
		if err != nil {
			panic(err)
		}
		fmt.Println(e.Ref, e.Status, e.CompanyID, e.Name)
	}
	for e, err := range p.Audit(ctx, 0) {
		if err != nil {
			panic(err)
		}
		fmt.Println(e.Seq, e.Actor, e.Action, e.Subject)
	}
	fmt.Println("audit chain intact:", p.VerifyAudit(ctx) == nil)
	// Output:
	// K-1002 ambiguous Löwenherz Bau GmbH
	//   DE-HRB-D2601-900000002 Löwenherz Bau GmbH (München)
	//   DE-HRB-F1103-900000001 Löwenherz Bau GmbH (Berlin)
	//   DE-HRB-K1101-900000000 Löwenherz Bau GmbH (Hamburg)
	//   DE-HRB-R3306-900000003 Löwenherz Bau GmbH (Köln)
	// waiting for review: 0
	// K-1002 matched DE-HRB-K1101-900000000 Löwenherz Bau GmbH
	// 1 Anna Richter <anna@bank.example> resolve K-1002
	// audit chain intact: true
}

// Under four eyes a decision waits until a second person approves it;
// the person who proposed it cannot.
func ExampleWithFourEyes() {
	p, done := openExample(portfolio.WithFourEyes())
	defer done()
	ctx := context.Background()
	rows := func(yield func(portfolio.Row, error) bool) {
		yield(portfolio.Row{Ref: "K-1001", CompanyID: "DE-HRB-F1103-267645"}, nil)
	}
	for _, err := range p.Import(ctx, rows, portfolio.ImportOptions{}) {
		if err != nil {
			panic(err)
		}
	}
	anna := portfolio.WithActor(ctx, portfolio.Actor{ID: "anna@bank.example", Name: "Anna Richter"})
	ben := portfolio.WithActor(ctx, portfolio.Actor{ID: "ben@bank.example", Name: "Ben Okafor"})

	if err := p.Remove(anna, "K-1001"); err != nil {
		panic(err)
	}
	var id int64
	for d, err := range p.Decisions(ctx, portfolio.Pending) {
		if err != nil {
			panic(err)
		}
		fmt.Println(d.ID, d.Kind, d.Ref, d.State, "by", d.By)
		id = d.ID
	}
	err := p.Approve(anna, id, "")
	fmt.Println("approved by Anna herself:", errors.Is(err, portfolio.ErrSelfApproval))
	if err := p.Approve(ben, id, "the customer left in May"); err != nil {
		panic(err)
	}
	for d, err := range p.Decisions(ctx, portfolio.AllDecisions) {
		if err != nil {
			panic(err)
		}
		fmt.Println(d.ID, d.Kind, d.Ref, d.State, "by", d.By, "approved by", d.ReviewedBy)
	}
	left := 0
	for _, err := range p.Entries(ctx) {
		if err != nil {
			panic(err)
		}
		left++
	}
	fmt.Println("entries left:", left)
	// Output:
	// 1 remove K-1001 pending by Anna Richter <anna@bank.example>
	// approved by Anna herself: true
	// 1 remove K-1001 applied by Anna Richter <anna@bank.example> approved by Ben Okafor <ben@bank.example>
	// entries left: 0
}
