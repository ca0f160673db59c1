package searchengine

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/stretchr/testify/assert"
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
