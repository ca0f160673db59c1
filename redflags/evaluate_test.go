package redflags_test

import (
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var today = day("2025-06-02")

func day(s string) registerdata.Date {
	d, err := registerdata.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return d
}

func ptr[T any](v T) *T { return &v }

// healthy is an active GmbH with a director in office and current
// accounts: no rule applies to it.
func healthy() *registerdata.Company {
	return &registerdata.Company{
		ID: "DE-HRB-F1103-1", Status: enums.CompanyStatusActive, LegalForm: enums.LegalFormGmbH,
		IncorporatedAt: day("2010-01-01"),
		Representation: []registerdata.Representative{
			{Name: "Erika Muster", Role: enums.RoleDirector, StartDate: day("2010-01-01")},
		},
		Indicators: []registerdata.IndicatorSummary{{Date: day("2024-12-31")}},
	}
}

func codes(fs []redflags.Flag) []string {
	out := []string{}
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

func TestEvaluateHealthyCompanyHasNoFlag(t *testing.T) {
	fs := redflags.Evaluate(redflags.Input{Company: healthy()}, today)
	require.NotNil(t, fs)
	assert.Empty(t, fs)
}

func TestEvaluateAbsentDataSaysNothing(t *testing.T) {
	assert.Empty(t, redflags.Evaluate(redflags.Input{}, today), "no record fetched: no flag")
	// Only the owners were fetched: the company rules stay silent.
	in := redflags.Input{Owners: &registerdata.Owners{Owners: []registerdata.Owner{{Name: "Muster GmbH",
		LegalPerson: &registerdata.OwnerLegalPerson{Country: "DE"}}}}}
	assert.Empty(t, redflags.Evaluate(in, today))
}

func TestEvaluateEachRule(t *testing.T) {
	cases := []struct {
		name   string
		in     func() redflags.Input
		code   string
		reason string
	}{
		{"insolvency opened", func() redflags.Input {
			co := healthy()
			co.Insolvencies = []registerdata.InsolvencySummary{{ID: "i1", Court: "Amtsgericht Köln", CaseNumber: "73 IN 1/25",
				CurrentStatus: enums.InsolvencyStatusOpened, OpenedAt: ptr(day("2025-05-01"))}}
			return redflags.Input{Company: co}
		}, redflags.FlagInsolvencyOpen, "73 IN 1/25"},
		{"liquidation", func() redflags.Input {
			co := healthy()
			co.Status = enums.CompanyStatusLiquidation
			co.Representation = append(co.Representation, registerdata.Representative{Name: "Lia Quidator", Role: enums.RoleLiquidator, StartDate: day("2025-01-01")})
			return redflags.Input{Company: co}
		}, redflags.FlagLiquidation, "liquidator: Lia Quidator"},
		{"inactive", func() redflags.Input {
			co := healthy()
			co.Status = enums.CompanyStatusInactive
			co.TerminatedAt = ptr(day("2025-03-01"))
			return redflags.Input{Company: co}
		}, redflags.FlagNotActive, "terminated on 2025-03-01"},
		{"last managing director left", func() redflags.Input {
			co := healthy()
			co.Representation[0].EndDate = ptr(day("2025-04-30"))
			return redflags.Input{Company: co}
		}, redflags.FlagNoManagingDirector, "Erika Muster, left on 2025-04-30"},
		{"the only director left starts later", func() redflags.Input {
			co := healthy()
			co.Representation[0].EndDate = ptr(day("2025-04-30"))
			co.Representation = append(co.Representation, registerdata.Representative{Name: "Max Später", Role: enums.RoleDirector, StartDate: day("2025-09-01")})
			return redflags.Input{Company: co}
		}, redflags.FlagNoManagingDirector, "Erika Muster, left on 2025-04-30"},
		{"owners abroad appeared", func() redflags.Input {
			return redflags.Input{Company: healthy(), Owners: &registerdata.Owners{Owners: []registerdata.Owner{
				{Name: "Brightwater Inc.", LegalPerson: &registerdata.OwnerLegalPerson{Country: "us"}}}}}
		}, redflags.FlagOwnersAbroad, "Brightwater Inc. (US)"},
		{"accounts overdue", func() redflags.Input {
			co := healthy()
			co.Indicators = []registerdata.IndicatorSummary{{Date: day("2022-12-31")}}
			return redflags.Input{Company: co}
		}, redflags.FlagNoFinancials, "after those for 2022-12-31"},
		{"capital reduced", func() redflags.Input {
			co := healthy()
			co.Capitals = []registerdata.CompanyCapital{{Amount: 50000, Currency: enums.CurrencyEUR, StartDate: day("2010-01-01")},
				{Amount: 25000, Currency: enums.CurrencyEUR, StartDate: day("2024-01-10")}}
			return redflags.Input{Company: co}
		}, redflags.FlagCapitalReduced, "from 50,000 EUR to 25,000 EUR on 2024-01-10"},
		{"fictitious owners only", func() redflags.Input {
			return redflags.Input{Company: healthy(), BeneficialOwners: &registerdata.BeneficialOwners{Owners: []registerdata.BeneficialOwner{{Name: "Erika Muster"}}}}
		}, redflags.FlagFictitiousOwnersOnly, "Erika Muster"},
		{"frequent director changes", func() redflags.Input {
			co := healthy()
			co.Representation = append(co.Representation,
				registerdata.Representative{Name: "A", Role: enums.RoleDirector, StartDate: day("2023-01-01"), EndDate: ptr(day("2024-01-01"))},
				registerdata.Representative{Name: "B", Role: enums.RoleDirector, StartDate: day("2024-02-01")})
			return redflags.Input{Company: co}
		}, redflags.FlagFrequentDirectorChanges, "3 changes of managing directors"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			fs := redflags.Evaluate(tc.in(), today)
			require.Equal(t, []string{tc.code}, codes(fs))
			assert.Contains(t, fs[0].Reason, tc.reason)
		})
	}
}

func TestEvaluateRulesThatDoNotApply(t *testing.T) {
	// A director leaving in the future is still in office; a German owner
	// is not abroad; a closed proceeding is not open; a young company
	// owes no accounts yet; an e.K. owes none at all.
	co := healthy()
	co.Representation[0].EndDate = ptr(day("2025-12-31"))
	co.Insolvencies = []registerdata.InsolvencySummary{{ID: "i1", CurrentStatus: enums.InsolvencyStatusLifted}}
	in := redflags.Input{Company: co, Owners: &registerdata.Owners{Owners: []registerdata.Owner{
		{Name: "Muster Holding GmbH", LegalPerson: &registerdata.OwnerLegalPerson{Country: "DE"}}}}}
	assert.Empty(t, redflags.Evaluate(in, today))

	young := healthy()
	young.Indicators = nil
	young.IncorporatedAt = day("2024-01-01")
	assert.Empty(t, redflags.Evaluate(redflags.Input{Company: young}, today))
	ek := healthy()
	ek.LegalForm = enums.LegalFormEK
	ek.Indicators = nil
	assert.Empty(t, redflags.Evaluate(redflags.Input{Company: ek}, today))
}

func TestEvaluateOrderAndProceedingsFetched(t *testing.T) {
	co := healthy()
	co.Status = enums.CompanyStatusLiquidation
	co.Indicators = nil
	in := redflags.Input{Company: co, Insolvencies: []*registerdata.Insolvency{{ID: "p1", CaseNumber: "1 IN 2/25", Court: "AG Bonn",
		CurrentStatus: enums.InsolvencyStatusOpened}}}
	assert.Equal(t, []string{redflags.FlagInsolvencyOpen, redflags.FlagLiquidation, redflags.FlagNoFinancials}, codes(redflags.Evaluate(in, today)))
}
