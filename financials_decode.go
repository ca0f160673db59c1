package registerdata

import "github.com/registerdata/registerdata-go/internal/jsondecode"

// The single-pass decoders of GetFinancials' answer (see
// company_decode_read.go for the helpers): one pass over the body instead
// of one json.Unmarshal per report.

// decodeJSON decodes the answer as read, in one pass within the decoding
// budget: GetFinancials normalizes it after the envelope check, which
// needs to see a missing reports list.
func (f *Financials) decodeJSON(b []byte) error {
	return decodeBudgeted(b, f, financialsField)
}

func (*Financials) decodesWithinBudget() {}

func financialsField(d *decoder, x *Financials, key []byte) (bool, error) {
	switch string(key) {
	case "indicators":
		return true, decodeList(d, &x.Indicators, financialIndicatorsField, nil)
	case "merged":
		return true, decodeObjectPtr(d, &x.Merged, mergedReportField)
	case "reports":
		return true, decodeList(d, &x.Reports, reportField, nil)
	}
	return false, nil
}

func mergedReportField(d *decoder, x *MergedReport, key []byte) (bool, error) {
	switch string(key) {
	case "aktiva":
		return true, decodeObject(d, &x.Aktiva, mergedTableField)
	case "passiva":
		return true, decodeObject(d, &x.Passiva, mergedTableField)
	case "guv":
		return true, decodeObjectPtr(d, &x.GuV, mergedTableField)
	}
	return false, nil
}

func mergedTableField(d *decoder, x *MergedReportTable, key []byte) (bool, error) {
	if string(key) == "rows" {
		return true, decodeList(d, &x.Rows, mergedRowField, &d.mergedRows)
	}
	return false, nil
}

func mergedRowField(d *decoder, x *MergedReportRow, key []byte) (bool, error) {
	switch string(key) {
	case "name":
		return true, readString(d, &x.Name)
	case "formatted_name":
		return true, readString(d, &x.FormattedName)
	case "values":
		return true, readInt64Map(d, &x.Values)
	case "children":
		return true, decodeList(d, &x.Children, mergedRowField, &d.mergedRows)
	}
	return false, nil
}

func reportField(d *decoder, x *FinancialReport, key []byte) (bool, error) {
	switch string(key) {
	case "report_id":
		return true, readString(d, &x.ReportID)
	case "report_start_date":
		if err := readLenientDatePtr(d, &x.ReportStartDate); err != nil {
			return true, err
		}
		if x.ReportStartDate != nil && x.ReportStartDate.IsZero() {
			x.ReportStartDate = nil
		}
		return true, nil
	case "report_end_date":
		return true, readLenientDate(d, &x.ReportEndDate)
	case "consolidated":
		return true, readBool(d, &x.Consolidated)
	case "aktiva":
		return true, decodeObject(d, &x.Aktiva, reportTableField)
	case "passiva":
		return true, decodeObject(d, &x.Passiva, reportTableField)
	case "guv":
		return true, decodeObjectPtr(d, &x.GuV, reportTableField)
	case "sources":
		return true, decodeList(d, &x.Sources, reportSourceField, nil)
	}
	return false, nil
}

func reportSourceField(d *decoder, x *ReportSource, key []byte) (bool, error) {
	if string(key) == "html_url" {
		return true, readString(d, &x.HTMLURL)
	}
	return false, nil
}

func reportTableField(d *decoder, x *ReportTable, key []byte) (bool, error) {
	if string(key) == "rows" {
		return true, decodeList(d, &x.Rows, reportRowField, &d.reportRows)
	}
	return false, nil
}

func reportRowField(d *decoder, x *ReportRow, key []byte) (bool, error) {
	switch string(key) {
	case "name":
		return true, readString(d, &x.Name)
	case "formatted_name":
		return true, readString(d, &x.FormattedName)
	case "current_value":
		return true, readInt64Ptr(d, &x.CurrentValue)
	case "previous_value":
		return true, readInt64Ptr(d, &x.PreviousValue)
	case "children":
		return true, decodeList(d, &x.Children, reportRowField, &d.reportRows)
	}
	return false, nil
}

func financialIndicatorsField(d *decoder, x *FinancialIndicators, key []byte) (bool, error) {
	switch string(key) {
	case "date":
		return true, readDate(d, &x.Date)
	case "report_id":
		return true, readString(d, &x.ReportID)
	case "active_accruals":
		return true, readInt64Ptr(d, &x.ActiveAccruals)
	case "affiliated_liabilities":
		return true, readInt64Ptr(d, &x.AffiliatedLiabilities)
	case "balance_sheet_total":
		return true, readInt64Ptr(d, &x.BalanceSheetTotal)
	case "bank_debt":
		return true, readInt64Ptr(d, &x.BankDebt)
	case "capital_reserves":
		return true, readInt64Ptr(d, &x.CapitalReserves)
	case "cash":
		return true, readInt64Ptr(d, &x.Cash)
	case "commission_expense":
		return true, readInt64Ptr(d, &x.CommissionExpense)
	case "commission_income":
		return true, readInt64Ptr(d, &x.CommissionIncome)
	case "current_assets":
		return true, readInt64Ptr(d, &x.CurrentAssets)
	case "ebit":
		return true, readInt64Ptr(d, &x.EBIT)
	case "ebitda":
		return true, readInt64Ptr(d, &x.EBITDA)
	case "employees":
		return true, readInt64Ptr(d, &x.Employees)
	case "equity":
		return true, readInt64Ptr(d, &x.Equity)
	case "financial_assets":
		return true, readInt64Ptr(d, &x.FinancialAssets)
	case "financial_debt":
		return true, readInt64Ptr(d, &x.FinancialDebt)
	case "financial_depreciation":
		return true, readInt64Ptr(d, &x.FinancialDepreciation)
	case "fixed_assets":
		return true, readInt64Ptr(d, &x.FixedAssets)
	case "gross_profit":
		return true, readInt64Ptr(d, &x.GrossProfit)
	case "income_after_tax":
		return true, readInt64Ptr(d, &x.IncomeAfterTax)
	case "income_before_tax":
		return true, readInt64Ptr(d, &x.IncomeBeforeTax)
	case "intangible_assets":
		return true, readInt64Ptr(d, &x.IntangibleAssets)
	case "interest_expense":
		return true, readInt64Ptr(d, &x.InterestExpense)
	case "interest_income":
		return true, readInt64Ptr(d, &x.InterestIncome)
	case "inventory":
		return true, readInt64Ptr(d, &x.Inventory)
	case "liabilities":
		return true, readInt64Ptr(d, &x.Liabilities)
	case "materials":
		return true, readInt64Ptr(d, &x.Materials)
	case "net_income":
		return true, readInt64Ptr(d, &x.NetIncome)
	case "operating_depreciation":
		return true, readInt64Ptr(d, &x.OperatingDepreciation)
	case "other_liabilities":
		return true, readInt64Ptr(d, &x.OtherLiabilities)
	case "other_operating_expenses":
		return true, readInt64Ptr(d, &x.OtherOperatingExpenses)
	case "other_operating_income":
		return true, readInt64Ptr(d, &x.OtherOperatingIncome)
	case "other_provisions":
		return true, readInt64Ptr(d, &x.OtherProvisions)
	case "other_taxes":
		return true, readInt64Ptr(d, &x.OtherTaxes)
	case "parent_net_income":
		return true, readInt64Ptr(d, &x.ParentNetIncome)
	case "passive_accruals":
		return true, readInt64Ptr(d, &x.PassiveAccruals)
	case "pension_provisions":
		return true, readInt64Ptr(d, &x.PensionProvisions)
	case "profit_carryforward":
		return true, readInt64Ptr(d, &x.ProfitCarryforward)
	case "provisions":
		return true, readInt64Ptr(d, &x.Provisions)
	case "real_estate":
		return true, readInt64Ptr(d, &x.RealEstate)
	case "receivables":
		return true, readInt64Ptr(d, &x.Receivables)
	case "retained_earnings":
		return true, readInt64Ptr(d, &x.RetainedEarnings)
	case "revenue":
		return true, readInt64Ptr(d, &x.Revenue)
	case "salaries":
		return true, readInt64Ptr(d, &x.Salaries)
	case "shareholder_liabilities":
		return true, readInt64Ptr(d, &x.ShareholderLiabilities)
	case "tangible_assets":
		return true, readInt64Ptr(d, &x.TangibleAssets)
	case "taxes":
		return true, readInt64Ptr(d, &x.Taxes)
	case "trade_payables":
		return true, readInt64Ptr(d, &x.TradePayables)
	case "trade_receivables":
		return true, readInt64Ptr(d, &x.TradeReceivables)
	}
	return false, nil
}

// mapEntryCost is what a map entry of readInt64Map may allocate, with the
// copies the map makes while it grows.
const mapEntryCost = jsondecode.GrowthFactor * (16 + 8 + 16)

// readInt64Map reads an object of integers as encoding/json reads it into
// a map: null sets *m to nil; otherwise entries are added to the map (a
// new one when nil), a null value storing 0.
func readInt64Map(d *decoder, m *map[string]int64) error {
	if d.Null() {
		*m = nil
		return nil
	}
	if *m == nil && d.Peek() == '{' {
		*m = map[string]int64{}
	}
	return d.Object(func(key []byte) error {
		if err := d.spend(int64(len(key)) + mapEntryCost); err != nil {
			return err
		}
		var v int64
		if err := readInt64(d, &v); err != nil {
			return err
		}
		(*m)[d.string(key)] = v
		return nil
	})
}
