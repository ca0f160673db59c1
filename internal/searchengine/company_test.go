package searchengine

import (
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

// TestCapitalAmountIsInCents: capital_amount is a money filter, in cents
// as the service's documentation says (https://docs.openregister.de/filtering),
// while the record holds the capital in currency units. A filter written
// in euros finds nothing; one built by CapitalBetween from the record's
// own amount finds it, to the cent.
func TestCapitalAmountIsInCents(t *testing.T) {
	a, b, none := owned(), owned(), owned()
	a.Capital = &registerdata.CompanyCapital{Amount: 25000, Currency: enums.CurrencyEUR}
	b.ID, b.Name.Name = "DE-HRB-T1-2", "Zweite GmbH"
	b.Capital = &registerdata.CompanyCapital{Amount: 1500.29, Currency: enums.CurrencyEUR}
	none.ID, none.Name.Name = "DE-HRB-T1-3", "Dritte GmbH"
	e := New(fixedDay)
	e.Load([]registerdata.Company{a, b, none})

	for _, tc := range []struct {
		f    filters.Filter
		want []string
	}{
		{filters.Filter{Field: filters.CapitalAmount, Value: "2500000"}, []string{a.ID}},
		{filters.Filter{Field: filters.CapitalAmount, Value: "25000"}, nil}, // euros: 250.00 EUR
		{filters.Filter{Field: filters.CapitalAmount, Max: "150029"}, []string{b.ID}},
		{filters.Filter{Field: filters.CapitalAmount, Max: "150028"}, nil},
		{filters.Filter{Field: filters.CapitalAmount, Min: "150029"}, []string{a.ID, b.ID}},
	} {
		assert.Equal(t, tc.want, companyIDs(t, e, tc.f), "%+v", tc.f)
	}
	for _, c := range []registerdata.Company{a, b} {
		fs, err := filters.Company().CapitalBetween(c.Capital.Amount, c.Capital.Amount).Build()
		require.NoError(t, err)
		assert.Equal(t, []string{c.ID}, companyIDs(t, e, fs...), "CapitalBetween(%v, %v)", c.Capital.Amount, c.Capital.Amount)
	}
}

// companyIDs returns the ids of the companies matching fs, in result
// order (nil for none).
func companyIDs(t *testing.T, e *Engine, fs ...filters.Filter) []string {
	t.Helper()
	res, err := e.SearchCompanies(registerdata.CompanySearchRequest{Filters: fs, Pagination: registerdata.PageRequest{PerPage: 100}})
	require.NoError(t, err)
	var ids []string
	for _, r := range res.Results {
		ids = append(ids, r.CompanyID)
	}
	return ids
}
