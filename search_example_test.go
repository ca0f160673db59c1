package registerdata_test

import (
	"context"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/filters"
)

// exampleClient starts the bundled fake on a fixed day and returns a
// client for it.
func exampleClient() (*registerdata.Client, func()) {
	srv := fake.NewServer(fake.WithClock(fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))))
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	return c, srv.Close
}

func ExampleClient_SearchCompanies() {
	c, stop := exampleClient()
	defer stop()

	fs, err := filters.Company().
		Status(enums.CompanyStatusActive).
		Revenue(30_000_000_00, filters.Unbounded). // 30 M EUR or more, in cents
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	res, err := c.SearchCompanies(context.Background(), registerdata.CompanySearchRequest{Filters: fs})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, co := range res.Results {
		fmt.Println(co.CompanyID, co.Name)
	}
	fmt.Println(res.Pagination.TotalResults, "found, credits spent:", c.CreditsSpent())
	// Output:
	// DE-HRB-P2305-20977 Kessler Maschinenbau GmbH
	// DE-HRB-T3104-61402 Pfalzblick Logistik GmbH
	// DE-HRB-K1101-170234 Vantara Logistics SE
	// 3 found, credits spent: 10
}

func ExampleClient_SearchCompaniesSeq() {
	c, stop := exampleClient()
	defer stop()

	fs, _ := filters.Company().City("Hamburg").Build()
	req := registerdata.CompanySearchRequest{Filters: fs, Pagination: registerdata.PageRequest{PerPage: 2}}
	for co, err := range c.SearchCompaniesSeq(context.Background(), req, registerdata.MaxPages(10)) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(co.Name)
	}
	fmt.Println("credits spent:", c.CreditsSpent()) // three pages of two
	// Output:
	// Hafenkontor Spedition GmbH
	// Hanseatische Kaffeerösterei Thomas Brandt e.K.
	// Lindqvist Kramer Architekten Partnerschaft mbB
	// Turn- und Sportverein Elbauen von 1908 e.V.
	// Vantara Logistics SE
	// credits spent: 30
}

func ExampleClient_SearchPersons() {
	c, stop := exampleClient()
	defer stop()

	res, err := c.SearchPersons(context.Background(), registerdata.PersonSearchRequest{Query: "hof"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, p := range res.Results {
		fmt.Println(p.Name, p.Active)
	}
	// Output:
	// Lukas Hoffmann true
	// Anna Hofmann true
	// Jakob Hofmann true
}
