package registerdata

// FinancialIndicators is the full indicator set of one fiscal year, as
// GET /v1/company/{id}/financials reports it. The company record's
// Indicators (IndicatorSummary) are a subset of 13 of these figures, the
// same numbers for the same year. Money is in cents (the smallest
// currency unit); Employees is a head count. A nil figure was not
// reported.
type FinancialIndicators struct {
	// Date is the date the figures apply to.
	Date Date `json:"date"`
	// ReportID is the UUID of the report the figures come from.
	ReportID string `json:"report_id"`
	// ActiveAccruals is the figure active_accruals: Active accruals (aktive Rechnungsabgrenzungsposten), in cents.
	ActiveAccruals *int64 `json:"active_accruals"`
	// AffiliatedLiabilities is the figure affiliated_liabilities: Liabilities to affiliated companies, in cents.
	AffiliatedLiabilities *int64 `json:"affiliated_liabilities"`
	// BalanceSheetTotal is the figure balance_sheet_total: Balance sheet total, in cents.
	BalanceSheetTotal *int64 `json:"balance_sheet_total"`
	// BankDebt is the figure bank_debt: Liabilities to banks, in cents.
	BankDebt *int64 `json:"bank_debt"`
	// CapitalReserves is the figure capital_reserves: Capital reserves (Kapitalrücklage), in cents.
	CapitalReserves *int64 `json:"capital_reserves"`
	// Cash is the figure cash: Cash and bank balances, in cents.
	Cash *int64 `json:"cash"`
	// CommissionExpense is the figure commission_expense: Commission expense (Provisionsaufwendungen), in cents.
	CommissionExpense *int64 `json:"commission_expense"`
	// CommissionIncome is the figure commission_income: Commission income (Provisionserträge), in cents.
	CommissionIncome *int64 `json:"commission_income"`
	// CurrentAssets is the figure current_assets: Current assets (Umlaufvermögen), in cents.
	CurrentAssets *int64 `json:"current_assets"`
	// EBIT is the figure ebit: Earnings before interest and taxes, in cents.
	EBIT *int64 `json:"ebit"`
	// EBITDA is the figure ebitda: Earnings before interest, taxes, depreciation and amortisation, in cents.
	EBITDA *int64 `json:"ebitda"`
	// Employees is the figure employees: Number of employees (a head count, not cents).
	Employees *int64 `json:"employees"`
	// Equity is the figure equity: Equity (Eigenkapital), in cents.
	Equity *int64 `json:"equity"`
	// FinancialAssets is the figure financial_assets: Financial assets (Finanzanlagen), in cents.
	FinancialAssets *int64 `json:"financial_assets"`
	// FinancialDebt is the figure financial_debt: Financial debt, in cents.
	FinancialDebt *int64 `json:"financial_debt"`
	// FinancialDepreciation is the figure financial_depreciation: Depreciation, write-down or reversal on financial assets, with sign, in cents.
	FinancialDepreciation *int64 `json:"financial_depreciation"`
	// FixedAssets is the figure fixed_assets: Fixed assets (Anlagevermögen), in cents.
	FixedAssets *int64 `json:"fixed_assets"`
	// GrossProfit is the figure gross_profit: Gross profit (Rohergebnis), in cents; not a search filter field.
	GrossProfit *int64 `json:"gross_profit"`
	// IncomeAfterTax is the figure income_after_tax: Income after income taxes, in cents.
	IncomeAfterTax *int64 `json:"income_after_tax"`
	// IncomeBeforeTax is the figure income_before_tax: Income before income taxes, in cents.
	IncomeBeforeTax *int64 `json:"income_before_tax"`
	// IntangibleAssets is the figure intangible_assets: Intangible assets, in cents.
	IntangibleAssets *int64 `json:"intangible_assets"`
	// InterestExpense is the figure interest_expense: Interest expense, in cents.
	InterestExpense *int64 `json:"interest_expense"`
	// InterestIncome is the figure interest_income: Interest income, in cents.
	InterestIncome *int64 `json:"interest_income"`
	// Inventory is the figure inventory: Inventory (Vorräte), in cents.
	Inventory *int64 `json:"inventory"`
	// Liabilities is the figure liabilities: Liabilities (Verbindlichkeiten), in cents.
	Liabilities *int64 `json:"liabilities"`
	// Materials is the figure materials: Cost of materials (Materialaufwand), in cents.
	Materials *int64 `json:"materials"`
	// NetIncome is the figure net_income: Net income (a loss is negative), in cents.
	NetIncome *int64 `json:"net_income"`
	// OperatingDepreciation is the figure operating_depreciation: Operating depreciation and amortisation, in cents.
	OperatingDepreciation *int64 `json:"operating_depreciation"`
	// OtherLiabilities is the figure other_liabilities: Other liabilities, in cents.
	OtherLiabilities *int64 `json:"other_liabilities"`
	// OtherOperatingExpenses is the figure other_operating_expenses: Other operating expenses, in cents.
	OtherOperatingExpenses *int64 `json:"other_operating_expenses"`
	// OtherOperatingIncome is the figure other_operating_income: Other operating income, in cents.
	OtherOperatingIncome *int64 `json:"other_operating_income"`
	// OtherProvisions is the figure other_provisions: Other provisions, in cents.
	OtherProvisions *int64 `json:"other_provisions"`
	// OtherTaxes is the figure other_taxes: Other taxes (Sonstige Steuern), in cents.
	OtherTaxes *int64 `json:"other_taxes"`
	// ParentNetIncome is the figure parent_net_income: Net income attributable to the parent, in cents.
	ParentNetIncome *int64 `json:"parent_net_income"`
	// PassiveAccruals is the figure passive_accruals: Passive accruals (passive Rechnungsabgrenzungsposten), in cents.
	PassiveAccruals *int64 `json:"passive_accruals"`
	// PensionProvisions is the figure pension_provisions: Pension provisions, in cents.
	PensionProvisions *int64 `json:"pension_provisions"`
	// ProfitCarryforward is the figure profit_carryforward: Profit carried forward (Gewinnvortrag), in cents.
	ProfitCarryforward *int64 `json:"profit_carryforward"`
	// Provisions is the figure provisions: Provisions (Rückstellungen), in cents.
	Provisions *int64 `json:"provisions"`
	// RealEstate is the figure real_estate: Real estate (Grundstücke und Bauten), in cents.
	RealEstate *int64 `json:"real_estate"`
	// Receivables is the figure receivables: Receivables (Forderungen), in cents.
	Receivables *int64 `json:"receivables"`
	// RetainedEarnings is the figure retained_earnings: Retained earnings (Gewinnrücklagen), in cents.
	RetainedEarnings *int64 `json:"retained_earnings"`
	// Revenue is the figure revenue: Revenue (Umsatzerlöse), in cents.
	Revenue *int64 `json:"revenue"`
	// Salaries is the figure salaries: Salaries and wages (Personalaufwand), in cents.
	Salaries *int64 `json:"salaries"`
	// ShareholderLiabilities is the figure shareholder_liabilities: Liabilities to shareholders, in cents.
	ShareholderLiabilities *int64 `json:"shareholder_liabilities"`
	// TangibleAssets is the figure tangible_assets: Tangible assets (Sachanlagen), in cents.
	TangibleAssets *int64 `json:"tangible_assets"`
	// Taxes is the figure taxes: Income taxes, in cents.
	Taxes *int64 `json:"taxes"`
	// TradePayables is the figure trade_payables: Trade payables, in cents.
	TradePayables *int64 `json:"trade_payables"`
	// TradeReceivables is the figure trade_receivables: Trade receivables, in cents.
	TradeReceivables *int64 `json:"trade_receivables"`
}

// figureFields maps the wire name of every figure of FinancialIndicators
// (every field but date and report_id) to its field.
var figureFields = map[string]func(*FinancialIndicators) **int64{
	"active_accruals":          func(f *FinancialIndicators) **int64 { return &f.ActiveAccruals },
	"affiliated_liabilities":   func(f *FinancialIndicators) **int64 { return &f.AffiliatedLiabilities },
	"balance_sheet_total":      func(f *FinancialIndicators) **int64 { return &f.BalanceSheetTotal },
	"bank_debt":                func(f *FinancialIndicators) **int64 { return &f.BankDebt },
	"capital_reserves":         func(f *FinancialIndicators) **int64 { return &f.CapitalReserves },
	"cash":                     func(f *FinancialIndicators) **int64 { return &f.Cash },
	"commission_expense":       func(f *FinancialIndicators) **int64 { return &f.CommissionExpense },
	"commission_income":        func(f *FinancialIndicators) **int64 { return &f.CommissionIncome },
	"current_assets":           func(f *FinancialIndicators) **int64 { return &f.CurrentAssets },
	"ebit":                     func(f *FinancialIndicators) **int64 { return &f.EBIT },
	"ebitda":                   func(f *FinancialIndicators) **int64 { return &f.EBITDA },
	"employees":                func(f *FinancialIndicators) **int64 { return &f.Employees },
	"equity":                   func(f *FinancialIndicators) **int64 { return &f.Equity },
	"financial_assets":         func(f *FinancialIndicators) **int64 { return &f.FinancialAssets },
	"financial_debt":           func(f *FinancialIndicators) **int64 { return &f.FinancialDebt },
	"financial_depreciation":   func(f *FinancialIndicators) **int64 { return &f.FinancialDepreciation },
	"fixed_assets":             func(f *FinancialIndicators) **int64 { return &f.FixedAssets },
	"gross_profit":             func(f *FinancialIndicators) **int64 { return &f.GrossProfit },
	"income_after_tax":         func(f *FinancialIndicators) **int64 { return &f.IncomeAfterTax },
	"income_before_tax":        func(f *FinancialIndicators) **int64 { return &f.IncomeBeforeTax },
	"intangible_assets":        func(f *FinancialIndicators) **int64 { return &f.IntangibleAssets },
	"interest_expense":         func(f *FinancialIndicators) **int64 { return &f.InterestExpense },
	"interest_income":          func(f *FinancialIndicators) **int64 { return &f.InterestIncome },
	"inventory":                func(f *FinancialIndicators) **int64 { return &f.Inventory },
	"liabilities":              func(f *FinancialIndicators) **int64 { return &f.Liabilities },
	"materials":                func(f *FinancialIndicators) **int64 { return &f.Materials },
	"net_income":               func(f *FinancialIndicators) **int64 { return &f.NetIncome },
	"operating_depreciation":   func(f *FinancialIndicators) **int64 { return &f.OperatingDepreciation },
	"other_liabilities":        func(f *FinancialIndicators) **int64 { return &f.OtherLiabilities },
	"other_operating_expenses": func(f *FinancialIndicators) **int64 { return &f.OtherOperatingExpenses },
	"other_operating_income":   func(f *FinancialIndicators) **int64 { return &f.OtherOperatingIncome },
	"other_provisions":         func(f *FinancialIndicators) **int64 { return &f.OtherProvisions },
	"other_taxes":              func(f *FinancialIndicators) **int64 { return &f.OtherTaxes },
	"parent_net_income":        func(f *FinancialIndicators) **int64 { return &f.ParentNetIncome },
	"passive_accruals":         func(f *FinancialIndicators) **int64 { return &f.PassiveAccruals },
	"pension_provisions":       func(f *FinancialIndicators) **int64 { return &f.PensionProvisions },
	"profit_carryforward":      func(f *FinancialIndicators) **int64 { return &f.ProfitCarryforward },
	"provisions":               func(f *FinancialIndicators) **int64 { return &f.Provisions },
	"real_estate":              func(f *FinancialIndicators) **int64 { return &f.RealEstate },
	"receivables":              func(f *FinancialIndicators) **int64 { return &f.Receivables },
	"retained_earnings":        func(f *FinancialIndicators) **int64 { return &f.RetainedEarnings },
	"revenue":                  func(f *FinancialIndicators) **int64 { return &f.Revenue },
	"salaries":                 func(f *FinancialIndicators) **int64 { return &f.Salaries },
	"shareholder_liabilities":  func(f *FinancialIndicators) **int64 { return &f.ShareholderLiabilities },
	"tangible_assets":          func(f *FinancialIndicators) **int64 { return &f.TangibleAssets },
	"taxes":                    func(f *FinancialIndicators) **int64 { return &f.Taxes },
	"trade_payables":           func(f *FinancialIndicators) **int64 { return &f.TradePayables },
	"trade_receivables":        func(f *FinancialIndicators) **int64 { return &f.TradeReceivables },
}

// figureNames lists the wire names of the 48 figures in alphabetical
// order (the order of the specification).
var figureNames = []string{
	"active_accruals",
	"affiliated_liabilities",
	"balance_sheet_total",
	"bank_debt",
	"capital_reserves",
	"cash",
	"commission_expense",
	"commission_income",
	"current_assets",
	"ebit",
	"ebitda",
	"employees",
	"equity",
	"financial_assets",
	"financial_debt",
	"financial_depreciation",
	"fixed_assets",
	"gross_profit",
	"income_after_tax",
	"income_before_tax",
	"intangible_assets",
	"interest_expense",
	"interest_income",
	"inventory",
	"liabilities",
	"materials",
	"net_income",
	"operating_depreciation",
	"other_liabilities",
	"other_operating_expenses",
	"other_operating_income",
	"other_provisions",
	"other_taxes",
	"parent_net_income",
	"passive_accruals",
	"pension_provisions",
	"profit_carryforward",
	"provisions",
	"real_estate",
	"receivables",
	"retained_earnings",
	"revenue",
	"salaries",
	"shareholder_liabilities",
	"tangible_assets",
	"taxes",
	"trade_payables",
	"trade_receivables",
}

// FinancialFigureNames returns the wire names of the 48 figures of
// FinancialIndicators (every field but date and report_id), in the
// specification's order. Every name but "gross_profit" is also a company
// search filter field.
func FinancialFigureNames() []string { return append([]string(nil), figureNames...) }

// Figure returns the figure with the wire name name ("ebitda",
// "bank_debt", ...): nil when it was not reported, and false when no
// figure has that name.
func (f *FinancialIndicators) Figure(name string) (*int64, bool) {
	get, ok := figureFields[name]
	if !ok {
		return nil, false
	}
	return *get(f), true
}

// SetFigure sets the figure with the wire name name to v (nil: not
// reported) and reports whether a figure has that name.
func (f *FinancialIndicators) SetFigure(name string, v *int64) bool {
	get, ok := figureFields[name]
	if ok {
		*get(f) = v
	}
	return ok
}

// Summary returns the 13 figures the company record carries in its
// Indicators for the same year: the focused subset of f.
func (f *FinancialIndicators) Summary() IndicatorSummary {
	return IndicatorSummary{
		Date:              f.Date,
		ReportID:          f.ReportID,
		BalanceSheetTotal: f.BalanceSheetTotal,
		NetIncome:         f.NetIncome,
		Revenue:           f.Revenue,
		Cash:              f.Cash,
		Employees:         f.Employees,
		Equity:            f.Equity,
		RealEstate:        f.RealEstate,
		Materials:         f.Materials,
		PensionProvisions: f.PensionProvisions,
		Salaries:          f.Salaries,
		Taxes:             f.Taxes,
		Liabilities:       f.Liabilities,
		CapitalReserves:   f.CapitalReserves,
	}
}
