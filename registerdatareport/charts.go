package registerdatareport

import (
	"html/template"
	"math"
	"sort"
	"strconv"

	registerdata "github.com/registerdata/registerdata-go"
)

// figure is one year's figure of a chart.
type figure struct {
	Year  string
	Value float64 // in the chart's unit
}

// chartYears are the years the charts and the table show: every year from
// the first to the last one with figures, so that a year without figures
// is a visible gap rather than a missing slot that shifts the bars.
func chartYears(years []registerdata.FinancialIndicators) []string {
	if len(years) == 0 {
		return nil
	}
	first, last := years[0].Date.Year, years[len(years)-1].Date.Year
	if last-first > 30 { // a bound on what one chart shows
		first = last - 30
	}
	var out []string
	for y := first; y <= last; y++ {
		out = append(out, strconv.Itoa(y))
	}
	return out
}

// chart is one financial chart: its bar chart as inline SVG (barChart),
// or a note when nothing was reported.
type chart struct {
	Title string
	Unit  string
	SVG   template.HTML // numbers, years and our titles only, no register text
	Note  string
	Years []figure
}

// metric picks one figure from a year's indicators; nil when it was not
// reported.
type metric struct {
	title string
	money bool
	pick  func(registerdata.FinancialIndicators) *int64
}

var metrics = []metric{
	{"Revenue", true, func(f registerdata.FinancialIndicators) *int64 { return f.Revenue }},
	{"Employees", false, func(f registerdata.FinancialIndicators) *int64 { return f.Employees }},
	{"Equity", true, func(f registerdata.FinancialIndicators) *int64 { return f.Equity }},
	{"Net income", true, func(f registerdata.FinancialIndicators) *int64 { return f.NetIncome }},
}

// yearIndicators are the yearly figures of d, oldest first: those of the
// financial reports, else the record's indicators.
func yearIndicators(d *Dossier) []registerdata.FinancialIndicators {
	var out []registerdata.FinancialIndicators
	if d.Financials != nil && len(d.Financials.Indicators) > 0 {
		out = append(out, d.Financials.Indicators...)
	} else {
		for _, s := range d.Company.Indicators {
			out = append(out, registerdata.FinancialIndicators{Date: s.Date, Revenue: s.Revenue, Employees: s.Employees,
				Equity: s.Equity, NetIncome: s.NetIncome})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Date.Before(out[j].Date) })
	return out
}

// financialCharts draws the four charts of the financial section. The
// money charts share one unit (chosen from the largest figure of all of
// them), so that the charts and the table below them read alike; every
// chart spans the same years, a year without a figure left empty and
// marked "n/a".
func financialCharts(d *Dossier) []chart {
	years := yearIndicators(d)
	span := chartYears(years)
	var allMoney []float64
	for _, m := range metrics {
		for _, y := range years {
			if v := m.pick(y); v != nil && m.money {
				allMoney = append(allMoney, float64(*v))
			}
		}
	}
	moneyDiv, moneyUnit := moneyScale(allMoney)
	out := make([]chart, 0, len(metrics))
	for _, m := range metrics {
		byYear := map[string]float64{}
		for _, y := range years {
			if v := m.pick(y); v != nil {
				byYear[fiscalYear(y.Date)] = float64(*v) // the last filing of a year counts
			}
		}
		c := chart{Title: m.title}
		if len(byYear) == 0 {
			c.Note = "not reported"
			out = append(out, c)
			continue
		}
		scale := 1.0
		c.Unit = "persons"
		if m.money {
			scale, c.Unit = moneyDiv, moneyUnit
		}
		vals := make([]float64, len(span))
		var missing []int
		for i, y := range span {
			v, ok := byYear[y]
			if !ok {
				missing = append(missing, i)
				continue
			}
			vals[i] = v / scale
			c.Years = append(c.Years, figure{y, vals[i]})
		}
		c.SVG = barChart(c.Title+" ("+c.Unit+")", span, vals, missing)
		out = append(out, c)
	}
	return out
}

// fiscalYear labels a fiscal year by the year its figures' date falls in.
func fiscalYear(d registerdata.Date) string { return strconv.Itoa(d.Year) }

// moneyScale picks the unit of a money chart from its largest value
// (figures are in cents).
func moneyScale(cents []float64) (float64, string) {
	maxAbs := 0.0
	for _, v := range cents {
		maxAbs = math.Max(maxAbs, math.Abs(v))
	}
	switch {
	case maxAbs >= 1e8*10: // 10 million EUR
		return 1e8, "EUR million"
	case maxAbs >= 1e5*10: // 10 thousand EUR
		return 1e5, "EUR thousand"
	}
	return 100, "EUR"
}
