package registerdata_test

import (
	"context"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/filters"
)

func ExampleClient_SearchInsolvencies() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()

	// Open proceedings of companies in Ludwigshafen's court district.
	fs, err := filters.Insolvency().
		DebtorKind(enums.DebtorKindLegalPerson).
		Open(true).
		Keywords(filters.Court, "ludwigshafen").
		Build()
	if err != nil {
		panic(err)
	}
	res, err := c.SearchInsolvencies(ctx, registerdata.InsolvencySearchRequest{Filters: fs})
	if err != nil {
		panic(err)
	}
	for _, r := range res.Results {
		fmt.Println(r.CaseNumber, r.CurrentStatus, *r.CompanyID)
	}
	// Output:
	// 3a IN 118/24 opened DE-HRB-T3104-61402
}

func ExampleClient_GetInsolvency() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	ctx := context.Background()

	// The insolvencies of a company record name the proceedings.
	co, err := c.GetCompany(ctx, "DE-HRB-T3104-61402", nil)
	if err != nil {
		panic(err)
	}
	p, err := c.GetInsolvency(ctx, co.Insolvencies[0].ID)
	if err != nil {
		panic(err)
	}
	fmt.Println(p.DebtorName, "-", p.Court, p.CaseNumber, p.CurrentStatus)
	for _, e := range p.Events {
		fmt.Println(e.PublishedAt, e.EventType)
	}
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// Pfalzblick Logistik GmbH - Amtsgericht Ludwigshafen am Rhein 3a IN 118/24 opened
	// 2024-10-02 preliminary_measures
	// 2024-11-01 proceedings_opened
	// credits spent: 20
}

func ExampleClient_SearchInsolvenciesSeq() {
	srv := fake.NewServer()
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	fs, err := filters.Insolvency().DebtorKind(enums.DebtorKindNaturalPerson).Build()
	if err != nil {
		panic(err)
	}
	// Two per page: the walk fetches pages as the loop needs them.
	req := registerdata.InsolvencySearchRequest{Filters: fs, Pagination: registerdata.PageRequest{PerPage: 2}}
	for r, err := range c.SearchInsolvenciesSeq(context.Background(), req, registerdata.MaxPages(5)) {
		if err != nil {
			panic(err)
		}
		fmt.Println(r.CaseNumber, r.CurrentStatus, *r.ProceedingKind)
	}
	fmt.Println("credits spent:", c.CreditsSpent())
	// Output:
	// 36 IK 1187/25 opened consumer_insolvency
	// 501 IN 88/17 discharge_granted regular_insolvency
	// 67c IK 214/21 discharge_pending consumer_insolvency
	// credits spent: 20
}
