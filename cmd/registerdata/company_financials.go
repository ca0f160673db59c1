package main

import (
	"fmt"
	"sort"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/spf13/pflag"
)

// financialRows are the key figures "company financials" shows, in order.
var financialRows = []struct {
	label string
	value func(*registerdata.FinancialIndicators) *int64
	count bool // a count, not money
}{
	{"Revenue", func(f *registerdata.FinancialIndicators) *int64 { return f.Revenue }, false},
	{"Gross profit", func(f *registerdata.FinancialIndicators) *int64 { return f.GrossProfit }, false},
	{"EBITDA", func(f *registerdata.FinancialIndicators) *int64 { return f.EBITDA }, false},
	{"EBIT", func(f *registerdata.FinancialIndicators) *int64 { return f.EBIT }, false},
	{"Net income", func(f *registerdata.FinancialIndicators) *int64 { return f.NetIncome }, false},
	{"Balance sheet total", func(f *registerdata.FinancialIndicators) *int64 { return f.BalanceSheetTotal }, false},
	{"Equity", func(f *registerdata.FinancialIndicators) *int64 { return f.Equity }, false},
	{"Liabilities", func(f *registerdata.FinancialIndicators) *int64 { return f.Liabilities }, false},
	{"Cash", func(f *registerdata.FinancialIndicators) *int64 { return f.Cash }, false},
	{"Salaries", func(f *registerdata.FinancialIndicators) *int64 { return f.Salaries }, false},
	{"Employees", func(f *registerdata.FinancialIndicators) *int64 { return f.Employees }, true},
}

func companyFinancials() *command {
	return &command{
		name: "financials", args: "ID", nargs: 1, billable: true,
		summary: "key figures per fiscal year and the filed reports (" + credits(routeFinancials) + ")",
		help: `Shows a company's key figures side by side for its latest fiscal years
(--years, default 4; money in EUR) and the annual reports filed. --json
prints the service's whole answer: every indicator, the merged tables and
each report's balance sheet and profit and loss trees.`,
		examples: []string{
			"registerdata --fake company financials DE-HRB-F1103-267645",
			"registerdata company financials DE-HRB-F1103-267645 --json | jq '.indicators[0]'",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			years := fs.Int("years", 4, "how many fiscal years to show, latest first")
			return func(a *app, args []string) error {
				if *years < 1 {
					return usagef("--years %d: want 1 or more", *years)
				}
				c, err := a.api()
				if err != nil {
					return err
				}
				f, err := c.GetFinancials(a.ctx, args[0])
				if err != nil {
					return err
				}
				if a.jsonOut {
					return a.printRaw()
				}
				return renderFinancials(a, f, *years)
			}
		},
	}
}

func renderFinancials(a *app, f *registerdata.Financials, years int) error {
	inds := append([]registerdata.FinancialIndicators(nil), f.Indicators...)
	sort.SliceStable(inds, func(i, j int) bool { return inds[i].Date.After(inds[j].Date) })
	inds = inds[:min(years, len(inds))]
	if len(inds) == 0 && len(f.Reports) == 0 {
		_, err := fmt.Fprintln(a.stdout, "no financial reports filed")
		return err
	}
	if len(inds) > 0 {
		cols := []output.Column{{Header: "EUR"}}
		for _, in := range inds {
			cols = append(cols, output.Column{Header: in.Date.String(), Right: true, Fixed: true})
		}
		t := output.NewTable(cols...)
		for _, row := range financialRows {
			cells := []string{row.label}
			empty := true
			for i := range inds {
				v := row.value(&inds[i])
				empty = empty && v == nil
				if row.count {
					cells = append(cells, count(v))
				} else {
					cells = append(cells, cents(v))
				}
			}
			if !empty {
				t.Row(cells...)
			}
		}
		if err := a.render(t); err != nil {
			return err
		}
	}
	if len(f.Reports) > 0 {
		t := output.NewTable(output.Column{Header: "Period", Fixed: true}, output.Column{Header: "Consolidated"},
			output.Column{Header: "Report ID", Fixed: true, ShortUUIDs: true, Optional: true})
		for _, r := range f.Reports {
			t.Row(join(" to ", date(r.ReportStartDate), date(&r.ReportEndDate)), yesNo(r.Consolidated), r.ReportID)
		}
		return a.section("Reports", t)
	}
	return nil
}
