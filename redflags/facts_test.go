package redflags_test

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// flagOf is the one flag code Evaluate raises over in on day.
func flagOf(t *testing.T, in redflags.Input, on registerdata.Date, code string) redflags.Flag {
	t.Helper()
	for _, f := range redflags.Evaluate(in, on) {
		if f.Code == code {
			require.NotEmpty(t, f.Facts, "every flag Evaluate raises carries its facts")
			return f
		}
	}
	t.Fatalf("no flag %s", code)
	return redflags.Flag{}
}

// TestFactsChangeWithTheSubstanceOfAFindingNotItsWording gives each rule
// a finding, the same finding reworded (a name in capitals, spaces, a
// later day that changes nothing) and the finding with other substance:
// the facts stay with the first and change with the second.
func TestFactsChangeWithTheSubstanceOfAFindingNotItsWording(t *testing.T) {
	proceeding := func(id string, st enums.InsolvencyStatus) registerdata.InsolvencySummary {
		return registerdata.InsolvencySummary{ID: id, Court: "Amtsgericht Köln", CaseNumber: "73 IN " + id, CurrentStatus: st}
	}
	withInsolvencies := func(ps ...registerdata.InsolvencySummary) func() (redflags.Input, registerdata.Date) {
		return func() (redflags.Input, registerdata.Date) {
			co := healthy()
			co.Insolvencies = ps
			return redflags.Input{Company: co}, today
		}
	}
	owners := func(os ...registerdata.Owner) func() (redflags.Input, registerdata.Date) {
		return func() (redflags.Input, registerdata.Date) {
			return redflags.Input{Company: healthy(), Owners: &registerdata.Owners{Owners: os}}, today
		}
	}
	abroad := func(name, country string) registerdata.Owner {
		return registerdata.Owner{Name: name, LegalPerson: &registerdata.OwnerLegalPerson{Country: country}}
	}
	accounts := func(latest string, on registerdata.Date) func() (redflags.Input, registerdata.Date) {
		return func() (redflags.Input, registerdata.Date) {
			co := healthy()
			co.Indicators = []registerdata.IndicatorSummary{{Date: day(latest)}}
			return redflags.Input{Company: co}, on
		}
	}
	liquidation := func(names ...string) func() (redflags.Input, registerdata.Date) {
		return func() (redflags.Input, registerdata.Date) {
			co := healthy()
			co.Status = enums.CompanyStatusLiquidation
			for _, n := range names {
				co.Representation = append(co.Representation, registerdata.Representative{Name: n, Role: enums.RoleLiquidator, StartDate: day("2025-01-01")})
			}
			return redflags.Input{Company: co}, today
		}
	}
	capital := func(cuts ...float64) func() (redflags.Input, registerdata.Date) {
		return func() (redflags.Input, registerdata.Date) {
			co := healthy()
			co.Capitals = []registerdata.CompanyCapital{{Amount: 100000, Currency: enums.CurrencyEUR, StartDate: day("2010-01-01")}}
			for i, c := range cuts {
				co.Capitals = append(co.Capitals, registerdata.CompanyCapital{Amount: c, Currency: enums.CurrencyEUR, StartDate: registerdata.NewDate(2020+i, 1, 1)})
			}
			return redflags.Input{Company: co}, today
		}
	}
	cases := []struct {
		name                string
		code                string
		base, same, changed func() (redflags.Input, registerdata.Date)
	}{
		{"insolvency: another stage", redflags.FlagInsolvencyOpen,
			withInsolvencies(proceeding("1/25", enums.InsolvencyStatusPreliminary)),
			func() (redflags.Input, registerdata.Date) {
				in, on := withInsolvencies(proceeding("1/25", enums.InsolvencyStatusPreliminary))()
				in.Company.Insolvencies[0].Court = "AMTSGERICHT  KÖLN" // the court reworded
				return in, on
			},
			withInsolvencies(proceeding("1/25", enums.InsolvencyStatusOpened))},
		{"insolvency: another proceeding", redflags.FlagInsolvencyOpen,
			withInsolvencies(proceeding("1/25", enums.InsolvencyStatusOpened)),
			withInsolvencies(proceeding("1/25", enums.InsolvencyStatusOpened), proceeding("1/25", enums.InsolvencyStatusOpened)),
			withInsolvencies(proceeding("1/25", enums.InsolvencyStatusOpened), proceeding("2/25", enums.InsolvencyStatusPreliminary))},
		{"owners abroad: another owner", redflags.FlagOwnersAbroad,
			owners(abroad("Brightwater Inc.", "US")),
			owners(abroad("BRIGHTWATER INC.", "us")),
			owners(abroad("Brightwater Inc.", "US"), abroad("Nordlys AS", "NO"))},
		{"owners abroad: another country", redflags.FlagOwnersAbroad,
			owners(abroad("Brightwater Inc.", "US")),
			owners(abroad("Brightwater Inc.", "US"), abroad("Muster Holding GmbH", "DE")),
			owners(abroad("Brightwater Inc.", "GB"))},
		{"accounts: a later overdue year", redflags.FlagNoFinancials,
			accounts("2022-12-31", today),
			accounts("2022-12-31", day("2025-11-30")), // later, but no further year overdue
			accounts("2022-12-31", day("2026-06-02"))},
		{"accounts filed late, the same year still overdue", redflags.FlagNoFinancials,
			accounts("2021-12-31", today),
			accounts("2022-12-31", today),
			accounts("2021-12-31", day("2026-06-02"))},
		{"liquidation: another liquidator", redflags.FlagLiquidation,
			liquidation("Lia Quidator"), liquidation("LIA QUIDATOR"), liquidation("Lia Quidator", "Max Abwickler")},
		{"capital: a further reduction", redflags.FlagCapitalReduced,
			capital(50000), capital(50000), capital(50000, 25000)},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in, on := tc.base()
			base := flagOf(t, in, on, tc.code)
			in, on = tc.same()
			same := flagOf(t, in, on, tc.code)
			in, on = tc.changed()
			changed := flagOf(t, in, on, tc.code)
			assert.Equal(t, base.Facts, same.Facts, "the same substance: %q / %q", base.Reason, same.Reason)
			assert.NotEqual(t, base.Facts, changed.Facts, "other substance: %q / %q", base.Reason, changed.Reason)
		})
	}
}

// TestFactsOfEveryRuleAreSet checks that the flags of the other rules
// carry facts that name their substance.
func TestFactsOfEveryRuleAreSet(t *testing.T) {
	co := healthy()
	co.Status = enums.CompanyStatusInactive
	co.TerminatedAt = ptr(day("2025-03-01"))
	assert.Equal(t, "status inactive; terminated 2025-03-01", flagOf(t, redflags.Input{Company: co}, today, redflags.FlagNotActive).Facts)

	co = healthy()
	co.Representation[0].EndDate = ptr(day("2025-04-30"))
	assert.Equal(t, "last managing director: erika muster, left 2025-04-30", flagOf(t, redflags.Input{Company: co}, today, redflags.FlagNoManagingDirector).Facts)

	bos := &registerdata.BeneficialOwners{Owners: []registerdata.BeneficialOwner{{Name: "Erika Muster"}}}
	assert.Equal(t, "fictitious beneficial owners: erika muster", flagOf(t, redflags.Input{Company: healthy(), BeneficialOwners: bos}, today, redflags.FlagFictitiousOwnersOnly).Facts)

	co = healthy()
	co.Representation = append(co.Representation,
		registerdata.Representative{Name: "A", Role: enums.RoleDirector, StartDate: day("2023-01-01"), EndDate: ptr(day("2024-01-01"))},
		registerdata.Representative{Name: "B", Role: enums.RoleDirector, StartDate: day("2024-02-01")})
	f := flagOf(t, redflags.Input{Company: co}, today, redflags.FlagFrequentDirectorChanges)
	assert.Equal(t, "latest change: b appointed 2024-02-01", f.Facts)
	co.Representation = append(co.Representation, registerdata.Representative{Name: "C", Role: enums.RoleDirector, StartDate: day("2025-05-01")})
	assert.NotEqual(t, f.Facts, flagOf(t, redflags.Input{Company: co}, today, redflags.FlagFrequentDirectorChanges).Facts, "a further change is new substance")
}
