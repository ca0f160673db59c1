package searchengine_test

import (
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/registerdata/registerdata-go/internal/searchengine"
)

func ExampleEngine_SearchCompanies() {
	today := func() registerdata.Date { return registerdata.NewDate(2025, 6, 2) }
	e := searchengine.New(today)
	e.Load([]registerdata.Company{
		{ID: "DE-HRB-X1-1", Name: registerdata.CompanyName{Name: "Muster Bau GmbH"}, Status: "active", LegalForm: "gmbh",
			Address: registerdata.CompanyAddress{City: "Köln"}},
		{ID: "DE-HRB-X1-2", Name: registerdata.CompanyName{Name: "Muster Handel AG"}, Status: "active", LegalForm: "ag",
			Address: registerdata.CompanyAddress{City: "Bonn"}},
		{ID: "DE-HRB-X1-3", Name: registerdata.CompanyName{Name: "Anders GmbH"}, Status: "inactive", LegalForm: "gmbh",
			Address: registerdata.CompanyAddress{City: "Köln"}},
	})
	res, err := e.SearchCompanies(registerdata.CompanySearchRequest{
		Query:    "muster",
		Filters:  []filters.Filter{{Field: filters.Status, Value: "active"}},
		Location: &registerdata.Location{Latitude: 50.94, Longitude: 6.96, Radius: 30}, // around Köln; Bonn is 25 km away
	})
	fmt.Println(res.Pagination.TotalResults, err)
	for _, r := range res.Results {
		fmt.Println(r.CompanyID, r.Name)
	}

	_, err = e.SearchCompanies(registerdata.CompanySearchRequest{Filters: []filters.Filter{{Field: "colour", Value: "red"}}})
	fmt.Println(err)
	// Output:
	// 2 <nil>
	// DE-HRB-X1-1 Muster Bau GmbH
	// DE-HRB-X1-2 Muster Handel AG
	// filters[0] "colour": unknown field; this search knows status, legal_form, register_number, register_court, register_type, incorporated_at, zip, city, address, purpose, industry_codes, capital_amount, capital_currency, balance_sheet_total, revenue, cash, employees, equity, real_estate, materials, pension_provisions, salaries, taxes, liabilities, capital_reserves, net_income, had_insolvency, has_open_insolvency, insolvency_stage, insolvency_opened_at, insolvency_risk, lei, vat_id, estimated_revenue, estimated_ebitda, estimated_employees, youngest_owner_age, has_representative_owner, family_owned, sole_owner, owner_managed
}

func ExampleEngine_SearchPersons() {
	pid := "6b1c9d3e-7f2a-4b5c-8d9e-0f1a2b3c4d10"
	first, last := "Miriam", "Seidl"
	e := searchengine.New(func() registerdata.Date { return registerdata.NewDate(2025, 6, 2) })
	e.Load([]registerdata.Company{{
		ID: "DE-HRB-X1-1", Name: registerdata.CompanyName{Name: "Muster Bau GmbH"}, Status: "active",
		Representation: []registerdata.Representative{{
			ID: &pid, Name: "Miriam Seidl", Type: "natural_person", Role: "DIRECTOR",
			StartDate: registerdata.NewDate(2019, 7, 1), NaturalPerson: &registerdata.NaturalPerson{FirstName: &first, LastName: &last},
		}},
	}})
	res, _ := e.SearchPersons(registerdata.PersonSearchRequest{
		Query:   "seid",
		Filters: []filters.Filter{{Field: filters.ManagementPositions, Min: "1"}},
	})
	for _, p := range res.Results {
		fmt.Println(p.ID, p.Name, p.Active)
	}
	// Output:
	// 6b1c9d3e-7f2a-4b5c-8d9e-0f1a2b3c4d10 Miriam Seidl true
}
