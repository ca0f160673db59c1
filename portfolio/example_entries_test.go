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

// EntriesOf reads the refs that name one company, as a company's page
// shows them: two customer records of one company, one of another.
func ExamplePortfolio_EntriesOf() {
	ctx := context.Background()
	srv := fake.NewServer()
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

	other := srv.CompanyIDs()[0]
	if other == "DE-HRB-F1103-267645" {
		other = srv.CompanyIDs()[1]
	}
	rows := func(yield func(portfolio.Row, error) bool) {
		_ = yield(portfolio.Row{Ref: "K-1002", CompanyID: "DE-HRB-F1103-267645"}, nil) &&
			yield(portfolio.Row{Ref: "K-1001", CompanyID: "DE-HRB-F1103-267645"}, nil) &&
			yield(portfolio.Row{Ref: "K-2001", CompanyID: other}, nil)
	}
	for _, err := range p.Import(ctx, rows, portfolio.ImportOptions{}) {
		if err != nil {
			panic(err)
		}
	}
	for e, err := range p.EntriesOf(ctx, "DE-HRB-F1103-267645") {
		if err != nil {
			panic(err)
		}
		fmt.Println(e.Ref, e.Status)
	}
	// Output:
	// K-1001 matched
	// K-1002 matched
}
