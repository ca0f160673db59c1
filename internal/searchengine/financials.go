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
// not keep or modify c.
func extendedIndicators(c *registerdata.Company) extendedValues {
	var out extendedValues
	latest, ok := finreport.Latest(c)
	if !ok {
		return out
	}
	for k, name := range extendedIndicatorFields {
		if v, _ := latest.Figure(string(name)); v != nil {
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
