package registerdata_test

import (
	"context"
	"errors"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
)

func ExampleClient_GetCompaniesSeq() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithCreditBudget(30))
	if err != nil {
		panic(err)
	}
	known := srv.CompanyIDs()
	ids := []string{known[0], "DE-HRB-X0000-1", known[1], known[0], known[2], known[3]}

	var last registerdata.BatchProgress
	// One request at a time, so that the id the budget stops at is the
	// same on every run; real enrichment runs use a higher Concurrency.
	opts := registerdata.BatchOptions{Concurrency: 1, Progress: func(p registerdata.BatchProgress) { last = p }}
	for r, err := range c.GetCompaniesSeq(context.Background(), ids, opts) {
		if err != nil {
			panic(err) // the walk itself failed
		}
		switch {
		case errors.Is(r.Err, registerdata.ErrBudgetExceeded):
			fmt.Println(r.ID, "not fetched: the budget is spent")
		case errors.Is(r.Err, registerdata.ErrNotFound):
			fmt.Println(r.ID, "is unknown")
		case r.Err != nil:
			fmt.Println(r.ID, r.Err)
		default:
			fmt.Println(r.Company.ID == r.ID)
		}
	}
	fmt.Printf("%d of %d distinct ids done, %d failed, %d credits\n", last.Done, last.Total, last.Failed, last.Charged)
	// Output:
	// true
	// DE-HRB-X0000-1 is unknown
	// true
	// true
	// true
	// DE-HRB-F1103-315870 not fetched: the budget is spent
	// 5 of 5 distinct ids done, 2 failed, 30 credits
}

func ExampleWithCache() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL),
		registerdata.WithCache(registerdata.NewMemoryCache(10_000, 24*time.Hour)))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	for _, p := range []*registerdata.GetCompanyParams{nil, nil, {Realtime: true}} {
		var info registerdata.ResponseInfo
		if _, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", p, registerdata.WithResponseInfo(&info)); err != nil {
			panic(err)
		}
		fmt.Printf("cached=%v charged=%d\n", info.Cached, info.Charged)
	}
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// cached=false charged=10
	// cached=true charged=0
	// cached=false charged=20
	// credits spent: 30
}
