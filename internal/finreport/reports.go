package finreport

import (
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// row is one line of a table template: its names, the indicator it shows
// and its sub-rows.
type row struct {
	name, formatted, figure string
	children                []row
}

// The tables of a report after the German commercial code's layout
// (HGB §§ 266, 275). Each row shows one indicator of FinancialIndicators.
var (
	aktiva = []row{
		{"Anlagevermögen", "A. Anlagevermögen", "fixed_assets", []row{
			{"Immaterielle Vermögensgegenstände", "I. Immaterielle Vermögensgegenstände", "intangible_assets", nil},
			{"Sachanlagen", "II. Sachanlagen", "tangible_assets", []row{
				{"Grundstücke und Bauten", "1. Grundstücke und Bauten", "real_estate", nil},
			}},
			{"Finanzanlagen", "III. Finanzanlagen", "financial_assets", nil},
		}},
		{"Umlaufvermögen", "B. Umlaufvermögen", "current_assets", []row{
			{"Vorräte", "I. Vorräte", "inventory", nil},
			{"Forderungen und sonstige Vermögensgegenstände", "II. Forderungen und sonstige Vermögensgegenstände", "receivables", []row{
				{"Forderungen aus Lieferungen und Leistungen", "1. Forderungen aus Lieferungen und Leistungen", "trade_receivables", nil},
			}},
			{"Kassenbestand, Guthaben bei Kreditinstituten", "III. Kassenbestand, Guthaben bei Kreditinstituten", "cash", nil},
		}},
		{"Rechnungsabgrenzungsposten", "C. Rechnungsabgrenzungsposten", "active_accruals", nil},
		{"Summe Aktiva", "Summe Aktiva", "balance_sheet_total", nil},
	}
	passiva = []row{
		{"Eigenkapital", "A. Eigenkapital", "equity", []row{
			{"Kapitalrücklage", "I. Kapitalrücklage", "capital_reserves", nil},
			{"Gewinnrücklagen", "II. Gewinnrücklagen", "retained_earnings", nil},
			{"Gewinnvortrag", "III. Gewinnvortrag", "profit_carryforward", nil},
			{"Jahresüberschuss", "IV. Jahresüberschuss/Jahresfehlbetrag", "net_income", nil},
		}},
		{"Rückstellungen", "B. Rückstellungen", "provisions", []row{
			{"Rückstellungen für Pensionen", "1. Rückstellungen für Pensionen und ähnliche Verpflichtungen", "pension_provisions", nil},
			{"Sonstige Rückstellungen", "2. Sonstige Rückstellungen", "other_provisions", nil},
		}},
		{"Verbindlichkeiten", "C. Verbindlichkeiten", "liabilities", []row{
			{"Verbindlichkeiten gegenüber Kreditinstituten", "1. Verbindlichkeiten gegenüber Kreditinstituten", "bank_debt", nil},
			{"Verbindlichkeiten aus Lieferungen und Leistungen", "2. Verbindlichkeiten aus Lieferungen und Leistungen", "trade_payables", nil},
			{"Verbindlichkeiten gegenüber verbundenen Unternehmen", "3. Verbindlichkeiten gegenüber verbundenen Unternehmen", "affiliated_liabilities", nil},
			{"Verbindlichkeiten gegenüber Gesellschaftern", "4. Verbindlichkeiten gegenüber Gesellschaftern", "shareholder_liabilities", nil},
			{"Sonstige Verbindlichkeiten", "5. Sonstige Verbindlichkeiten", "other_liabilities", nil},
		}},
		{"Rechnungsabgrenzungsposten", "D. Rechnungsabgrenzungsposten", "passive_accruals", nil},
		{"Summe Passiva", "Summe Passiva", "balance_sheet_total", nil},
	}
	guv = []row{
		{"Umsatzerlöse", "1. Umsatzerlöse", "revenue", nil},
		{"Sonstige betriebliche Erträge", "2. Sonstige betriebliche Erträge", "other_operating_income", nil},
		{"Materialaufwand", "3. Materialaufwand", "materials", nil},
		{"Rohergebnis", "Rohergebnis", "gross_profit", nil},
		{"Personalaufwand", "4. Personalaufwand", "salaries", nil},
		{"Abschreibungen", "5. Abschreibungen", "operating_depreciation", nil},
		{"Sonstige betriebliche Aufwendungen", "6. Sonstige betriebliche Aufwendungen", "other_operating_expenses", nil},
		{"Provisionserträge", "7. Provisionserträge", "commission_income", nil},
		{"Provisionsaufwendungen", "8. Provisionsaufwendungen", "commission_expense", nil},
		{"Zinserträge", "9. Sonstige Zinsen und ähnliche Erträge", "interest_income", nil},
		{"Abschreibungen auf Finanzanlagen", "10. Abschreibungen auf Finanzanlagen", "financial_depreciation", nil},
		{"Zinsaufwendungen", "11. Zinsen und ähnliche Aufwendungen", "interest_expense", nil},
		{"Ergebnis vor Steuern", "12. Ergebnis vor Steuern", "income_before_tax", nil},
		{"Steuern vom Einkommen und vom Ertrag", "13. Steuern vom Einkommen und vom Ertrag", "taxes", nil},
		{"Ergebnis nach Steuern", "14. Ergebnis nach Steuern", "income_after_tax", nil},
		{"Sonstige Steuern", "15. Sonstige Steuern", "other_taxes", nil},
		{"Jahresüberschuss", "16. Jahresüberschuss/Jahresfehlbetrag", "net_income", nil},
	}
)

// Financials returns the financial reports of c: the full indicators of
// each year, one report per year (its previous values from the year
// before) and the merged view, without report sources (the caller issues
// them). A company without indicators has none of these, and no merged
// view.
func Financials(c *registerdata.Company) registerdata.Financials {
	years := Indicators(c)
	out := registerdata.Financials{Indicators: years, Reports: make([]registerdata.FinancialReport, len(years))}
	for i := range years {
		var prev *registerdata.FinancialIndicators
		if i+1 < len(years) {
			prev = &years[i+1]
		}
		out.Reports[i] = report(c, &years[i], prev)
	}
	if len(years) > 0 {
		out.Merged = merged(out.Reports, years)
	}
	return out
}

// report builds the report of one year.
func report(c *registerdata.Company, cur, prev *registerdata.FinancialIndicators) registerdata.FinancialReport {
	d := newDeriver(c.ID, "report:"+cur.ReportID)
	r := registerdata.FinancialReport{
		ReportID:      cur.ReportID,
		ReportEndDate: cur.Date,
		Consolidated:  d.rng.IntN(10) == 0,
		Aktiva:        registerdata.ReportTable{Rows: reportRows(aktiva, cur, prev)},
		Passiva:       registerdata.ReportTable{Rows: reportRows(passiva, cur, prev)},
		Sources:       []registerdata.ReportSource{},
	}
	if d.rng.IntN(10) != 0 {
		start := registerdata.DateOf(cur.Date.Time().AddDate(-1, 0, 1))
		if cur.Date.Month == time.December && cur.Date.Day == 31 {
			start = registerdata.NewDate(cur.Date.Year, time.January, 1)
		}
		r.ReportStartDate = &start
	}
	if cur.Revenue != nil || cur.Salaries != nil || cur.NetIncome != nil { // small companies may file no GuV
		r.GuV = &registerdata.ReportTable{Rows: reportRows(guv, cur, prev)}
	}
	return r
}

func reportRows(tmpl []row, cur, prev *registerdata.FinancialIndicators) []registerdata.ReportRow {
	out := make([]registerdata.ReportRow, len(tmpl))
	for i, t := range tmpl {
		v, _ := cur.Figure(t.figure)
		out[i] = registerdata.ReportRow{Name: t.name, FormattedName: t.formatted, CurrentValue: v,
			Children: reportRows(t.children, cur, prev)}
		if prev != nil {
			out[i].PreviousValue, _ = prev.Figure(t.figure)
		}
	}
	return out
}

// merged builds the merged view of all years: each row holds the
// figure of every year that has it, keyed by the report end date.
func merged(reports []registerdata.FinancialReport, years []registerdata.FinancialIndicators) *registerdata.MergedReport {
	m := &registerdata.MergedReport{
		Aktiva:  registerdata.MergedReportTable{Rows: mergedRows(aktiva, years)},
		Passiva: registerdata.MergedReportTable{Rows: mergedRows(passiva, years)},
	}
	var withGuV []registerdata.FinancialIndicators
	for i := range reports {
		if reports[i].GuV != nil {
			withGuV = append(withGuV, years[i])
		}
	}
	if len(withGuV) > 0 {
		m.GuV = &registerdata.MergedReportTable{Rows: mergedRows(guv, withGuV)}
	}
	return m
}

func mergedRows(tmpl []row, years []registerdata.FinancialIndicators) []registerdata.MergedReportRow {
	out := make([]registerdata.MergedReportRow, len(tmpl))
	for i, t := range tmpl {
		values := map[string]int64{}
		for k := range years {
			if v, _ := years[k].Figure(t.figure); v != nil {
				values[years[k].Date.String()] = *v
			}
		}
		out[i] = registerdata.MergedReportRow{Name: t.name, FormattedName: t.formatted, Values: values,
			Children: mergedRows(t.children, years)}
	}
	return out
}
