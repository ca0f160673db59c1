// Command search finds companies and people in the register: active
// limited companies with at least 1 million EUR revenue in their latest
// accounts, walked page by page, and the people named in a query.
//
// With REGISTERDATA_API_KEY set it asks the real service (10 credits per
// page, at most -max-pages pages of companies and one page of people).
// Without it, it starts the SDK's bundled fake in-process, so it runs
// anywhere with no key and no network:
//
//	go run ./examples/search
//	go run ./examples/search -city Hamburg -person brandt
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/filters"
)

// options are the command's flags.
type options struct {
	city     string
	person   string
	perPage  int
	maxPages int
}

func main() {
	var o options
	flag.StringVar(&o.city, "city", "", "only companies registered in this city")
	flag.StringVar(&o.person, "person", "hof", "search people whose name has words starting with these")
	flag.IntVar(&o.perPage, "per-page", 3, "results per page (1 to 100)")
	flag.IntVar(&o.maxPages, "max-pages", 5, "stop after this many pages of companies")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, os.Stdout, os.Getenv(registerdata.EnvAPIKey), o); err != nil {
		fmt.Fprintln(os.Stderr, "search:", err)
		os.Exit(1)
	}
}

// run searches with the real service when apiKey is set and the bundled
// fake otherwise, and prints the results to w.
func run(ctx context.Context, w io.Writer, apiKey string, o options) error {
	opts := []registerdata.Option{}
	if apiKey != "" {
		opts = append(opts, registerdata.WithAPIKey(apiKey))
	} else {
		srv := fake.NewServer()
		defer srv.Close()
		fmt.Fprintf(w, "No %s set: using the bundled fake at %s\n\n", registerdata.EnvAPIKey, srv.URL)
		opts = append(opts, registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	}
	// The budget caps what this run may spend, whatever the flags say.
	opts = append(opts, registerdata.WithCreditBudget(int64(o.maxPages+1)*registerdata.DefaultPrices().Of("POST /v1/search/company", false)))
	c, err := registerdata.NewClient(opts...)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()

	b := filters.Company().
		Status(enums.CompanyStatusActive).
		LegalForm(enums.LegalFormGmbH, enums.LegalFormAG, enums.LegalFormSE).
		Revenue(1_000_000_00, filters.Unbounded) // 1 M EUR or more, in cents
	if o.city != "" {
		b = b.City(o.city)
	}
	fs, err := b.Build()
	if err != nil {
		return err
	}
	req := registerdata.CompanySearchRequest{Filters: fs, Pagination: registerdata.PageRequest{PerPage: o.perPage}}
	fmt.Fprintln(w, "Active GmbH, AG and SE with revenue of 1 M EUR or more:")
	n := 0
	for co, err := range c.SearchCompaniesSeq(ctx, req, registerdata.MaxPages(o.maxPages)) {
		if err != nil {
			return err
		}
		n++
		city := "city unknown"
		if co.Address != nil {
			city = co.Address.City
		}
		fmt.Fprintf(w, "  %2d. %-40s %-4s %s (%s)\n", n, co.Name, co.LegalForm, city, co.CompanyID)
	}
	if n == 0 {
		fmt.Fprintln(w, "  none")
	}

	res, err := c.SearchPersons(ctx, registerdata.PersonSearchRequest{Query: o.person})
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\nPeople matching %q (%d):\n", o.person, res.Pagination.TotalResults)
	for _, p := range res.Results {
		status := "no current position"
		if p.Active {
			status = "active"
		}
		born := "birth date unknown"
		if p.DateOfBirth != nil {
			born = "born " + p.DateOfBirth.String()
		}
		city := "city unknown"
		if p.City != nil {
			city = *p.City
		}
		fmt.Fprintf(w, "  %-24s %-20s %-20s %s\n", p.Name, city, born, status)
	}
	fmt.Fprintf(w, "\nCredits spent: %d\n", c.CreditsSpent())
	return nil
}
