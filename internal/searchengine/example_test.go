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
	// filters[0] "colour": unknown field; this search knows status, legal_form, register_number, register_court, register_type, city, active, incorporated_at, zip, address, balance_sheet_total, revenue, cash, employees, equity, real_estate, materials, pension_provisions, salaries, taxes, other_taxes, commission_income, commission_expense, liabilities, capital_reserves, active_accruals, passive_accruals, fixed_assets, current_assets, receivables, trade_receivables, inventory, provisions, bank_debt, trade_payables, tangible_assets, financial_assets, retained_earnings, profit_carryforward, other_provisions, shareholder_liabilities, operating_depreciation, financial_depreciation, other_operating_income, interest_income, interest_expense, other_liabilities, financial_debt, intangible_assets, other_operating_expenses, affiliated_liabilities, net_income, parent_net_income, income_before_tax, income_after_tax, ebit, ebitda, industry_codes, capital_amount, capital_currency, number_of_owners, has_sole_owner, has_representative_owner, is_family_owned, youngest_owner_age, purpose, has_lei, lei, had_insolvency, has_open_insolvency, insolvency_stage, insolvency_opened_at, insolvency_risk, vat_id, estimated_revenue, estimated_ebitda, estimated_employees
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
