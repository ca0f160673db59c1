package registerdata_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// surfaceExampleClient starts a fake and returns a client for it.
func surfaceExampleClient() (*fake.Server, *registerdata.Client) {
	srv := fake.NewServer()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		panic(err)
	}
	return srv, c
}

func ExampleClient_GetFinancials() {
	srv, c := surfaceExampleClient()
	defer srv.Close()
	fin, err := c.GetFinancials(context.Background(), "DE-HRB-F1103-267645")
	if err != nil {
		panic(err)
	}
	co, _ := srv.Company("DE-HRB-F1103-267645")
	latest := fin.Indicators[0] // newest first
	summary, _ := co.LatestIndicators()
	fmt.Println("years:", len(fin.Indicators), "reports:", len(fin.Reports))
	fmt.Println("same revenue as the company record:", *latest.Revenue == *summary.Revenue)
	fmt.Println("EBITDA reported:", latest.EBITDA != nil)
	fmt.Println("first balance sheet row:", fin.Reports[0].Aktiva.Rows[0].FormattedName)
	// Output:
	// years: 4 reports: 4
	// same revenue as the company record: true
	// EBITDA reported: true
	// first balance sheet row: A. Anlagevermögen
}

func ExampleClient_GetDocument() {
	srv, c := surfaceExampleClient()
	defer srv.Close()
	ctx := context.Background()
	co, err := c.GetCompany(ctx, "DE-HRB-F1103-267645", nil)
	if err != nil {
		panic(err)
	}
	doc, err := c.GetDocument(ctx, co.Documents[0].ID)
	if err != nil {
		panic(err)
	}
	resp, err := http.Get(doc.URL) // works for 15 minutes
	if err != nil {
		panic(err)
	}
	resp.Body.Close()
	fmt.Println(doc.Type, resp.Header.Get("Content-Type"))
	// Output: sample_protocol application/pdf
}

func ExampleClient_GetRealtimeDocument() {
	srv, c := surfaceExampleClient()
	defer srv.Close()
	rd, err := c.GetRealtimeDocument(context.Background(), "DE-HRB-F1103-267645", enums.DocumentCategoryCurrentPrintout)
	if err != nil {
		panic(err)
	}
	fmt.Println(rd.Category, *rd.FileName != "")
	// Output: current_printout true
}

func ExampleClient_LookupCompanyByURL() {
	srv, c := surfaceExampleClient()
	defer srv.Close()
	ctx := context.Background()
	co, _ := srv.Company("DE-HRB-F1103-267645")
	// Scheme, "www." and trailing slashes do not matter.
	lk, err := c.LookupCompanyByURL(ctx, co.Contact.WebsiteURL+"/")
	if err != nil {
		panic(err)
	}
	cd, err := c.GetContactDetails(ctx, lk.CompanyID)
	if err != nil {
		panic(err)
	}
	fmt.Println(lk.CompanyID, cd.Email == co.Contact.Email)
	_, err = c.LookupCompanyByURL(ctx, "https://nobody.example")
	fmt.Println(errors.Is(err, registerdata.ErrNotFound))
	// Output:
	// DE-HRB-F1103-267645 true
	// true
}

func ExampleClient_AutocompleteCompanies() {
	srv, c := surfaceExampleClient()
	defer srv.Close()
	co, _ := srv.Company("DE-HRB-F1103-267645")
	res, err := c.AutocompleteCompanies(context.Background(), co.Name.Name[:5])
	if err != nil {
		panic(err)
	}
	fmt.Println(len(res) > 0, c.CreditsSpent())
	// Output: true 0
}
