package searchengine

import (
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOfficialOwnerAndStatusFields searches the fields the official
// clients send that the fake once refused.
func TestOfficialOwnerAndStatusFields(t *testing.T) {
	a := owned()
	a.LEI = "529900T8BM49AURSDO55"
	a.Address.PostalCode = "10115"
	b := owned()
	b.ID, b.Name.Name, b.Status = "DE-HRB-T1-2", "Zweite GmbH", enums.CompanyStatusInactive
	b.Address.PostalCode = "60311"
	b.Representation = append(b.Representation, b.Representation[0])
	second, last := "33333333-3333-4333-8333-333333333333", "Owner"
	b.Representation[2].ID, b.Representation[2].Name = &second, "Ina Owner"
	b.Representation[2].NaturalPerson = &registerdata.NaturalPerson{LastName: &last}
	e := New(fixedDay)
	e.Load([]registerdata.Company{a, b})

	for _, tc := range []struct {
		f    filters.Filter
		want int
	}{
		{filters.Filter{Field: filters.Active, Value: "true"}, 1},
		{filters.Filter{Field: filters.Active, Value: "false"}, 1},
		{filters.Filter{Field: filters.NumberOfOwners, Value: "2"}, 1},
		{filters.Filter{Field: filters.NumberOfOwners, Min: "1"}, 2},
		{filters.Filter{Field: filters.HasSoleOwner, Value: "true"}, 1},
		{filters.Filter{Field: filters.IsFamilyOwned, Value: "true"}, 1},
		{filters.Filter{Field: filters.HasLEI, Value: "true"}, 1},
		{filters.Filter{Field: filters.HasLEI, Value: "false"}, 1},
		{filters.Filter{Field: filters.Zip, Values: []string{"10115", "60311"}}, 2},
		{filters.Filter{Field: filters.Zip, Keywords: []string{"603"}}, 1},
		{filters.Filter{Field: filters.EBITDA, Min: "-999999999999999"}, 0}, // no extended figures yet: null never matches
		{filters.Filter{Field: filters.BankDebt, Max: "0"}, 0},
	} {
		assert.Equal(t, tc.want, companyCount(t, e, tc.f), "%+v", tc.f)
	}
}

// TestEveryExtendedIndicatorIsSearchable accepts each of the 34 names.
func TestEveryExtendedIndicatorIsSearchable(t *testing.T) {
	require.Len(t, extendedIndicatorFields, 34)
	e := New(fixedDay)
	e.Load([]registerdata.Company{owned()})
	for _, f := range extendedIndicatorFields {
		assert.Equal(t, 0, companyCount(t, e, filters.Filter{Field: f, Min: "0"}), f)
	}
}

// TestMixedFormsAndBoundedErrors refuses a filter mixing forms, naming the
// field, and keeps the answer to a huge bad list small.
func TestMixedFormsAndBoundedErrors(t *testing.T) {
	e := New(fixedDay)
	_, err := e.SearchCompanies(registerdata.CompanySearchRequest{Filters: []filters.Filter{
		{Field: filters.City, Value: "Berlin", Keywords: []string{"Ber"}},
	}})
	var bad *RequestError
	require.ErrorAs(t, err, &bad)
	assert.Contains(t, bad.Msg, `"city": "value" and "keywords" exclude each other`)

	many := make([]filters.Filter, 60_000)
	for i := range many {
		many[i] = filters.Filter{Field: filters.Revenue, Value: strings.Repeat("x", 500)}
	}
	_, err = e.SearchCompanies(registerdata.CompanySearchRequest{Filters: many})
	require.ErrorAs(t, err, &bad)
	assert.Less(t, len(bad.Msg), 8<<10)
	assert.Contains(t, bad.Msg, "and 59980 more problems")
}

// TestExtendedValuesHoldEveryField keeps extendedValues in step with the
// list of extended indicators.
func TestExtendedValuesHoldEveryField(t *testing.T) {
	var x extendedValues
	if len(x.v) != len(extendedIndicatorFields) || len(extendedIndicatorFields) > 64 {
		t.Fatalf("extendedValues holds %d figures, there are %d extended indicators", len(x.v), len(extendedIndicatorFields))
	}
}

// TestExtendedFiguresReadTheirField sets every figure of a year to a
// distinct value and checks that each getter of extendedFigures reads
// the figure its field is named after.
func TestExtendedFiguresReadTheirField(t *testing.T) {
	require.Len(t, extendedFigures, len(extendedIndicatorFields))
	var year registerdata.FinancialIndicators
	for k, name := range extendedIndicatorFields {
		v := int64(1000 + k)
		require.True(t, year.SetFigure(string(name), &v), name)
	}
	for k, name := range extendedIndicatorFields {
		want, _ := year.Figure(string(name))
		got := extendedFigures[k](&year)
		require.NotNil(t, got, name)
		require.Equal(t, *want, *got, name)
	}
}
