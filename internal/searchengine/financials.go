package searchengine

import (
	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/filters"
	"github.com/registerdata/registerdata-go/internal/finreport"
)

// extendedIndicatorFields are the 34 financial indicators the official
// client libraries list as company filters since 4.5.0, beyond the 13 of
// the company record's indicator summary. Their values come from
// extendedIndicators.
var extendedIndicatorFields = []filters.Field{
	filters.OtherTaxes, filters.CommissionIncome, filters.CommissionExpense,
	filters.ActiveAccruals, filters.PassiveAccruals, filters.FixedAssets,
	filters.CurrentAssets, filters.Receivables, filters.TradeReceivables,
	filters.Inventory, filters.Provisions, filters.BankDebt,
	filters.TradePayables, filters.TangibleAssets, filters.FinancialAssets,
	filters.RetainedEarnings, filters.ProfitCarryforward, filters.OtherProvisions,
	filters.ShareholderLiabilities, filters.OperatingDepreciation, filters.FinancialDepreciation,
	filters.OtherOperatingIncome, filters.InterestIncome, filters.InterestExpense,
	filters.OtherLiabilities, filters.FinancialDebt, filters.IntangibleAssets,
	filters.OtherOperatingExpenses, filters.AffiliatedLiabilities, filters.ParentNetIncome,
	filters.IncomeBeforeTax, filters.IncomeAfterTax, filters.EBIT, filters.EBITDA,
}

// extendedFigures reads the figure of extendedIndicatorFields[k] from a
// year's indicators without looking its name up (a test checks that each
// agrees with FinancialIndicators.Figure).
var extendedFigures = []func(*registerdata.FinancialIndicators) *int64{
	func(f *registerdata.FinancialIndicators) *int64 { return f.OtherTaxes },
	func(f *registerdata.FinancialIndicators) *int64 { return f.CommissionIncome },
	func(f *registerdata.FinancialIndicators) *int64 { return f.CommissionExpense },
	func(f *registerdata.FinancialIndicators) *int64 { return f.ActiveAccruals },
	func(f *registerdata.FinancialIndicators) *int64 { return f.PassiveAccruals },
	func(f *registerdata.FinancialIndicators) *int64 { return f.FixedAssets },
	func(f *registerdata.FinancialIndicators) *int64 { return f.CurrentAssets },
	func(f *registerdata.FinancialIndicators) *int64 { return f.Receivables },
	func(f *registerdata.FinancialIndicators) *int64 { return f.TradeReceivables },
	func(f *registerdata.FinancialIndicators) *int64 { return f.Inventory },
	func(f *registerdata.FinancialIndicators) *int64 { return f.Provisions },
	func(f *registerdata.FinancialIndicators) *int64 { return f.BankDebt },
	func(f *registerdata.FinancialIndicators) *int64 { return f.TradePayables },
	func(f *registerdata.FinancialIndicators) *int64 { return f.TangibleAssets },
	func(f *registerdata.FinancialIndicators) *int64 { return f.FinancialAssets },
	func(f *registerdata.FinancialIndicators) *int64 { return f.RetainedEarnings },
	func(f *registerdata.FinancialIndicators) *int64 { return f.ProfitCarryforward },
	func(f *registerdata.FinancialIndicators) *int64 { return f.OtherProvisions },
	func(f *registerdata.FinancialIndicators) *int64 { return f.ShareholderLiabilities },
	func(f *registerdata.FinancialIndicators) *int64 { return f.OperatingDepreciation },
	func(f *registerdata.FinancialIndicators) *int64 { return f.FinancialDepreciation },
	func(f *registerdata.FinancialIndicators) *int64 { return f.OtherOperatingIncome },
	func(f *registerdata.FinancialIndicators) *int64 { return f.InterestIncome },
	func(f *registerdata.FinancialIndicators) *int64 { return f.InterestExpense },
	func(f *registerdata.FinancialIndicators) *int64 { return f.OtherLiabilities },
	func(f *registerdata.FinancialIndicators) *int64 { return f.FinancialDebt },
	func(f *registerdata.FinancialIndicators) *int64 { return f.IntangibleAssets },
	func(f *registerdata.FinancialIndicators) *int64 { return f.OtherOperatingExpenses },
	func(f *registerdata.FinancialIndicators) *int64 { return f.AffiliatedLiabilities },
	func(f *registerdata.FinancialIndicators) *int64 { return f.ParentNetIncome },
	func(f *registerdata.FinancialIndicators) *int64 { return f.IncomeBeforeTax },
	func(f *registerdata.FinancialIndicators) *int64 { return f.IncomeAfterTax },
	func(f *registerdata.FinancialIndicators) *int64 { return f.EBIT },
	func(f *registerdata.FinancialIndicators) *int64 { return f.EBITDA },
}

// extendedValues holds the extended indicators of one company: v[k] is
// the figure of extendedIndicatorFields[k], present when bit k of has is
// set.
type extendedValues struct {
	v   [34]int64
	has uint64
}

// extendedIndicators is the one source of the extended financial
// indicators of company c: the figures of its latest financial year, in
// cents, by position in extendedIndicatorFields. A field not present is
// null for c and never matches a range.
//
// The figures are those of GET /v1/company/{id}/financials for the
// latest year (package internal/finreport derives both), so search and
// financials agree. It is called once each time c is indexed and must
// not keep or modify c; a financials register (SetFinancialsRegister)
// comes before the derivation. year is where it puts the latest year's figures
// while it reads them.
func (e *Engine) extendedIndicators(c *registerdata.Company, year *registerdata.FinancialIndicators) extendedValues {
	var out extendedValues
	var ok bool
	if e.latestYear != nil {
		*year, ok = e.latestYear(c)
	}
	if !ok {
		*year, ok = finreport.Latest(c)
	}
	if !ok {
		return out
	}
	for k, get := range extendedFigures {
		if v := get(year); v != nil {
			out.v[k], out.has = *v, out.has|1<<k
		}
	}
	return out
}

// withExtendedIndicators adds an extractor for each extended indicator
// to fields, reading the values extendedIndicators gave.
func withExtendedIndicators(fields map[filters.Field]extractor[companyFacts]) map[filters.Field]extractor[companyFacts] {
	for k, name := range extendedIndicatorFields {
		fields[name] = numbers(func(f *companyFacts) []float64 {
			if f.extended.has&(1<<k) != 0 {
				return f.single(float64(f.extended.v[k]))
			}
			return nil
		})
	}
	return fields
}
