package redflags_test

import (
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/redflags"
)

// Evaluate judges the records that were fetched: here the company record
// alone, whose last managing director left.
func ExampleEvaluate() {
	left := registerdata.NewDate(2025, 4, 30)
	co := &registerdata.Company{
		Status: enums.CompanyStatusActive, LegalForm: enums.LegalFormEK,
		Representation: []registerdata.Representative{
			{Name: "Erika Muster", Role: enums.RoleDirector, StartDate: registerdata.NewDate(2010, 1, 1), EndDate: &left},
		},
	}
	for _, f := range redflags.Evaluate(redflags.Input{Company: co}, registerdata.NewDate(2025, 6, 2)) {
		fmt.Println(f.Code+":", f.Reason)
	}
	// Output:
	// no_managing_director: No managing director is in office: the last one, Erika Muster, left on 2025-04-30.
}
