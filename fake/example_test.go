package fake_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/fake"
)

// lookup fetches a company from the fake with plain net/http.
func lookup(srv *fake.Server, id string) (registerdata.Company, error) {
	req, err := http.NewRequest("GET", srv.URL+"/v1/company/"+id, nil)
	if err != nil {
		return registerdata.Company{}, err
	}
	req.Header.Set("Authorization", "Bearer "+srv.APIKey)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return registerdata.Company{}, err
	}
	defer res.Body.Close()
	var c registerdata.Company
	err = json.NewDecoder(res.Body).Decode(&c)
	return c, err
}

func ExampleNewServer() {
	srv := fake.NewServer(fake.WithCredits(100))
	defer srv.Close()

	c, err := lookup(srv, "DE-HRB-F1103-267645")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(c.Name.Name)
	fmt.Println(c.Register.RegisterType, c.Register.RegisterNumber, c.Register.RegisterCourt)
	fmt.Println("credits left:", srv.Credits(srv.APIKey))
	// Output:
	// Nordlicht Solartechnik GmbH
	// HRB 267645 Berlin (Charlottenburg)
	// credits left: 90
}

func ExampleServer_UpdateCompany() {
	clk := fake.NewClock(time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC))
	srv := fake.NewServer(fake.WithClock(clk))
	defer srv.Close()

	err := srv.UpdateCompany("DE-HRB-F1103-267645", func(c *registerdata.Company) {
		c.Status = enums.CompanyStatusLiquidation
		c.Representation = append(c.Representation, registerdata.Representative{
			Name:          "Greta Sommer",
			Type:          enums.RepresentativeTypeNaturalPerson,
			RoleDetail:    registerdata.RoleDetail{Code: enums.RoleCodeLiquidator}, // labels are filled in
			StartDate:     registerdata.DateOf(clk.Now()),
			NaturalPerson: &registerdata.NaturalPerson{},
		})
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	c, _ := lookup(srv, "DE-HRB-F1103-267645")
	last := c.Representation[len(c.Representation)-1]
	fmt.Println(c.Status)
	fmt.Println(last.Name, last.Role, last.RoleDetail.LabelDE, "/", last.RoleDetail.LabelEN)

	err = srv.UpdateCompany("DE-HRB-F1103-267645", func(c *registerdata.Company) { c.ID = "DE-HRB-F1103-1" })
	fmt.Println(err != nil)
	// Output:
	// liquidation
	// Greta Sommer LIQUIDATOR Liquidator:in / Liquidator
	// true
}

func ExampleServer_InjectFault() {
	srv := fake.NewServer()
	defer srv.Close()

	_ = srv.InjectFault(fake.Fault{PathPrefix: "/v1/company/", Count: 1, Status: http.StatusServiceUnavailable, RetryAfter: 2 * time.Second})
	req, _ := http.NewRequest("GET", srv.URL+"/v1/company/DE-HRB-F1103-267645", nil)
	req.Header.Set("Authorization", "Bearer "+srv.APIKey)
	for i := 0; i < 2; i++ {
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			fmt.Println(err)
			return
		}
		res.Body.Close()
		fmt.Println(res.StatusCode, res.Header.Get("Retry-After"))
	}
	// Output:
	// 503 2
	// 200
}
