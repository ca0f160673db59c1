package filters_test

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
)

// A company search for active GmbHs with a revenue between 1 and 5
// million euros (money is in cents).
func ExampleCompany() {
	fs, err := filters.Company().
		Status(enums.CompanyStatusActive).
		LegalForm(enums.LegalFormGmbH).
		Revenue(1_000_000_00, 5_000_000_00).
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := json.Marshal(fs)
	fmt.Println(string(out))
	// Output:
	// [{"field":"status","value":"active"},{"field":"legal_form","value":"gmbh"},{"field":"revenue","min":"100000000","max":"500000000"}]
}

// A person search for directors living in Hamburg, born in the 1970s.
func ExamplePerson() {
	fs, err := filters.Person().
		City("Hamburg").
		Roles(enums.RoleDirector).
		DateOfBirthBetween(time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1979, 12, 31, 0, 0, 0, 0, time.UTC)).
		Build()
	if err != nil {
		fmt.Println(err)
		return
	}
	out, _ := json.Marshal(fs)
	fmt.Println(string(out))
	// Output:
	// [{"field":"city","value":"Hamburg"},{"field":"roles","value":"DIRECTOR"},{"field":"date_of_birth","min":"1970-01-01","max":"1979-12-31"}]
}

// Unbounded leaves one end of a range open.
func ExampleUnbounded() {
	fs, _ := filters.Company().
		Employees(250, filters.Unbounded).
		NetIncome(filters.Unbounded, -1).
		Build()
	for _, f := range fs {
		fmt.Printf("%s min=%q max=%q\n", f.Field, f.Min, f.Max)
	}
	// Output:
	// employees min="250" max=""
	// net_income min="" max="-1"
}

// Build reports every problem at once, each naming the filter and the fix.
func ExampleCompanyBuilder_Build_errors() {
	_, err := filters.Company().
		Revenue(5_000_00, 1_000_00).
		Eq(filters.HadInsolvency, "yes").
		Eq(filters.DateOfBirth, "1970-01-01").
		Build()
	fmt.Println(err)
	// Output:
	// filters[0] "revenue": min "500000" is greater than max "100000"; swap them
	// filters[1] "had_insolvency": value "yes" is not a boolean; use "true" or "false"
	// filters[2] "date_of_birth": a person search field, not available in a company search; build person filters with filters.Person()
}

// Fields the SDK does not name yet are sent as given.
func ExampleCompanyBuilder_Eq() {
	fs, _ := filters.Company().Eq(filters.Field("brand_new_field"), "x").Build()
	out, _ := json.Marshal(fs)
	fmt.Println(string(out))
	// Output:
	// [{"field":"brand_new_field","value":"x"}]
}

// Validate checks a list that did not come from a builder, such as a
// decoded request body.
func ExampleValidate() {
	var fs []filters.Filter
	_ = json.Unmarshal([]byte(`[{"field":"employees","values":[]},{"field":"zip","min":"60000"},{"field":"city","value":"Berlin","keywords":["Ber"]}]`), &fs)
	fmt.Println(filters.Validate(filters.ScopeCompany, fs))
	// Output:
	// filters[0] "employees": "values" is empty; give at least one entry or leave the key out
	// filters[0] "employees": "values" does not apply to number fields; number fields take "min" and/or "max", or "value"
	// filters[1] "zip": "min" does not apply to text fields; text fields take "value", "values" or "keywords"
	// filters[2] "city": "value" and "keywords" exclude each other; send one form per filter: "value", "values", "keywords" or "min"/"max"
}

// CapitalBetween takes the registered capital in euros, as the company
// record holds it, and sends cents, as the service takes every money
// filter: GmbHs with a capital of 25,000 EUR to 100 million EUR.
func ExampleCompanyBuilder_CapitalBetween() {
	fs, _ := filters.Company().
		LegalForm(enums.LegalFormGmbH).
		CapitalBetween(25_000, 100_000_000).
		Build()
	out, _ := json.Marshal(fs)
	fmt.Println(string(out))
	// Output:
	// [{"field":"legal_form","value":"gmbh"},{"field":"capital_amount","min":"2500000","max":"10000000000"}]
}
