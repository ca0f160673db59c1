package registerdatareport_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/fake"
	"github.com/registerdata/registerdata-go/registerdatareport"
)

// The dossier of a company owned through three levels of companies,
// written to a file. The fake service stands in for the real one; its
// clock is fixed so that the red flags are the same on every run.
func ExampleBuild() {
	clk := fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk))
	defer srv.Close()
	c, err := registerdata.NewClient(registerdata.WithAPIKey(srv.APIKey), registerdata.WithBaseURL(srv.URL))
	if err != nil {
		fmt.Println(err)
		return
	}

	d, err := registerdatareport.Build(context.Background(), c, "DE-HRB-F1103-315870", registerdatareport.Options{
		MaxCredits: 200,     // the whole dossier may cost at most 200 credits
		Now:        clk.Now, // leave nil in production
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	dir, err := os.MkdirTemp("", "dossier")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	f, err := os.Create(filepath.Join(dir, "dossier.html"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer f.Close()
	if err := d.WriteHTML(f); err != nil {
		fmt.Println(err)
		return
	}

	fmt.Println(d.Company.Name.Name, "owned through", d.Ownership.Companies, "companies")
	fmt.Println("credits:", d.Credits)
	for _, flag := range d.RedFlags {
		fmt.Println(flag.Code+":", flag.Reason)
	}
	// Output:
	// Nordlicht Service GmbH owned through 4 companies
	// credits: 85
	// owners_abroad: Owners outside Germany in the ownership chain: Brightwater Systems Inc. (US).
	// no_financials: No annual accounts filed at all, although a GmbH must publish them and was incorporated on 2022-10-04.
}
