package registerdatareport_test

import (
	"context"
	"testing"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func director(name string, start registerdata.Date, end *registerdata.Date) registerdata.Representative {
	first := name
	return registerdata.Representative{Name: name, Type: enums.RepresentativeTypeNaturalPerson,
		RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector}, StartDate: start, EndDate: end,
		NaturalPerson: &registerdata.NaturalPerson{FirstName: &first}}
}

func day(y int, m int, d int) registerdata.Date {
	return registerdata.Date{Year: y, Month: timeMonth(m), Day: d}
}

func TestRedFlagsOfPlantedFacts(t *testing.T) {
	srv, c, clk := newFake(t)
	left1, left2 := day(2023, 3, 31), day(2024, 8, 15)
	require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) {
		co.Representation = append(co.Representation,
			director("Anna Wechsel", day(2022, 11, 1), &left1),
			director("Bernd Wechsel", day(2023, 4, 1), &left2),
			director("Carla Wechsel", day(2024, 8, 16), nil),
		)
		co.Capitals = append(co.Capitals, registerdata.CompanyCapital{Amount: 12500, Currency: enums.CurrencyEUR, StartDate: day(2024, 1, 10)})
		co.Capital = &co.Capitals[len(co.Capitals)-1]
	}))
	// Four owners of 25 % each: nobody holds more than 25 %.
	var owners []registerdata.Owner
	for i, id := range srv.Persons()[:4] {
		owners = append(owners, registerdata.Owner{ID: ptr(id), Name: "Owner " + string(rune('A'+i)), Type: enums.RepresentativeTypeNaturalPerson,
			RelationType: enums.RelationTypeShareholder, NominalShare: 6250, PercentageShare: ptr(25.0)})
	}
	require.NoError(t, srv.SetOwners(nordlicht, owners))

	d, b := build(t, c, clk, nordlicht, registerdatareport.Options{})
	codes := flagCodes(d)
	assert.Contains(t, codes, registerdatareport.FlagFrequentDirectorChanges)
	assert.Contains(t, codes, registerdatareport.FlagCapitalReduced)
	assert.Contains(t, codes, registerdatareport.FlagFictitiousOwnersOnly)
	assert.NotContains(t, codes, registerdatareport.FlagOwnersAbroad)
	assert.Equal(t, codes, htmlFlags(t, parse(t, b)))
	for _, f := range d.RedFlags {
		switch f.Code {
		case registerdatareport.FlagFrequentDirectorChanges:
			assert.Contains(t, f.Reason, "Anna Wechsel left 2023-03-31")
			assert.Contains(t, f.Reason, "Carla Wechsel appointed 2024-08-16")
		case registerdatareport.FlagCapitalReduced:
			assert.Contains(t, f.Reason, "to 12,500 EUR on 2024-01-10")
		case registerdatareport.FlagFictitiousOwnersOnly:
			for _, o := range d.BeneficialOwners.Owners {
				assert.Nil(t, o.PercentageShare)
				assert.Contains(t, f.Reason, o.Name)
			}
		}
	}
	rows := text(byID(t, parse(t, b), "beneficial-owners"))
	assert.Contains(t, rows, "fictitious beneficial owner")
}

func TestRedFlagsThatDoNotApply(t *testing.T) {
	// An e.K. need not publish accounts; an old capital change in DEM to
	// EUR is no reduction; two director changes are not many.
	srv, c, clk := newFake(t)
	left := day(2024, 2, 1)
	require.NoError(t, srv.UpdateCompany("DE-HRA-K1101-104552", func(co *registerdata.Company) {
		co.Capitals = []registerdata.CompanyCapital{
			{Amount: 100000, Currency: enums.CurrencyDEM, StartDate: day(1995, 1, 1)},
			{Amount: 51129.19, Currency: enums.CurrencyEUR, StartDate: day(2002, 1, 1)},
		}
		co.Representation = append(co.Representation, director("Dora Kurz", day(2023, 6, 1), &left))
	}))
	d, _ := build(t, c, clk, "DE-HRA-K1101-104552", registerdatareport.Options{})
	assert.NotContains(t, flagCodes(d), registerdatareport.FlagNoFinancials)
	assert.NotContains(t, flagCodes(d), registerdatareport.FlagCapitalReduced)
	assert.NotContains(t, flagCodes(d), registerdatareport.FlagFrequentDirectorChanges)
}

// TestAKGWithANaturalPersonFullyLiableHasNoAccountsFlag builds the
// dossier of the GmbH & Co. KG two years on, when its accounts of 2023
// are overdue: with its GmbH as the only personally liable partner it
// must publish them and is flagged; with a natural person fully liable
// beside the GmbH it owes none, and the dossier raises no such flag.
func TestAKGWithANaturalPersonFullyLiableHasNoAccountsFlag(t *testing.T) {
	srv, c, clk := newFake(t)
	later := clk.Now().AddDate(2, 0, 0)
	dossier := func() *registerdatareport.Dossier {
		t.Helper()
		d, err := registerdatareport.Build(context.Background(), c, rheinkieselKG, registerdatareport.Options{Now: func() time.Time { return later }})
		require.NoError(t, err)
		return d
	}
	assert.Contains(t, flagCodes(dossier()), registerdatareport.FlagNoFinancials, "a GmbH & Co. KG with overdue accounts")

	require.NoError(t, srv.UpdateCompany(rheinkieselKG, func(co *registerdata.Company) {
		first := "Georg"
		co.Representation = append(co.Representation, registerdata.Representative{Name: "Georg Schmitz", Type: enums.RepresentativeTypeNaturalPerson,
			Role: enums.RolePersonalLiableDirector, RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodePersonalLiableDirector},
			StartDate: day(2010, 1, 1), NaturalPerson: &registerdata.NaturalPerson{FirstName: &first}})
	}))
	d := dossier()
	assert.NotContains(t, flagCodes(d), registerdatareport.FlagNoFinancials, "a natural person is fully liable: the KG owes no accounts")
	for _, f := range d.RedFlags {
		assert.NotContains(t, f.Reason, "annual accounts")
	}
}
