package registerdatareport

import (
	"bytes"
	"fmt"
	"html/template"
	"image/color"
	"math"
	"sort"
	"strconv"

	registerdata "github.com/registerdata/registerdata-go"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
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

// chart is one financial chart: its gonum plot as inline SVG, or a note
// when nothing was reported.
type chart struct {
	Title string
	Unit  string
	SVG   template.HTML // gonum's SVG: numbers and our titles only, no register text
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

// chartColors are the bars' colours: positive, negative.
var (
	barColor      = color.RGBA{R: 0x1f, G: 0x4e, B: 0x79, A: 0xff}
	barColorMinus = color.RGBA{R: 0xb4, G: 0x2b, B: 0x2b, A: 0xff}
	gridColor     = color.RGBA{R: 0xdd, G: 0xe2, B: 0xe8, A: 0xff}
	axisColor     = color.RGBA{R: 0x55, G: 0x5f, B: 0x6b, A: 0xff}
)

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
func financialCharts(d *Dossier) ([]chart, error) {
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
		vals := make(plotter.Values, len(span))
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
		svg, err := barChart(c.Title+" ("+c.Unit+")", span, vals, missing)
		if err != nil {
			return nil, fmt.Errorf("registerdatareport: chart %s: %w", m.title, err)
		}
		c.SVG = svg
		out = append(out, c)
	}
	return out, nil
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

// barChart draws one bar per year with gonum plot and renders it as SVG;
// negative values are drawn in red.
func barChart(title string, labels []string, vals plotter.Values, missing []int) (template.HTML, error) {
	p := plot.New()
	sans(&p.Title.TextStyle.Font)
	p.Title.Text = title
	p.Title.TextStyle.Font.Size = vg.Points(11)
	p.Title.Padding = vg.Points(6)
	p.BackgroundColor = color.White
	for _, ax := range []*plot.Axis{&p.X, &p.Y} {
		sans(&ax.Tick.Label.Font)
		ax.Tick.Label.Font.Size = vg.Points(8.5)
		ax.Tick.Label.Color = axisColor
		ax.LineStyle.Color = axisColor
		ax.Tick.LineStyle.Color = axisColor
	}
	p.X.LineStyle.Width = 0
	p.Y.LineStyle.Width = 0
	p.Y.Tick.Length = 0
	grid := plotter.NewGrid()
	grid.Vertical.Width = 0
	grid.Horizontal.Color = gridColor
	p.Add(grid)

	plus, minus := make(plotter.Values, len(vals)), make(plotter.Values, len(vals))
	anyMinus := false
	for i, v := range vals {
		if v < 0 {
			minus[i], anyMinus = v, true
		} else {
			plus[i] = v
		}
	}
	width := vg.Points(math.Min(34, 220/float64(len(vals))))
	bars, err := plotter.NewBarChart(plus, width)
	if err != nil {
		return "", err
	}
	bars.Color, bars.LineStyle.Width = barColor, 0
	p.Add(bars)
	if anyMinus {
		neg, err := plotter.NewBarChart(minus, width)
		if err != nil {
			return "", err
		}
		neg.Color, neg.LineStyle.Width = barColorMinus, 0
		p.Add(neg)
	}
	if len(missing) > 0 {
		xys := make(plotter.XYs, len(missing))
		texts := make([]string, len(missing))
		for i, at := range missing {
			xys[i], texts[i] = plotter.XY{X: float64(at), Y: 0}, "n/a"
		}
		na, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: texts})
		if err != nil {
			return "", err
		}
		for i := range na.TextStyle {
			sans(&na.TextStyle[i].Font)
			na.TextStyle[i].Font.Size = vg.Points(8)
			na.TextStyle[i].Color = axisColor
			na.TextStyle[i].XAlign = draw.XCenter
		}
		p.Add(na)
	}
	p.NominalX(labels...)
	if p.Y.Min > 0 {
		p.Y.Min = 0
	}
	if p.Y.Max < 0 {
		p.Y.Max = 0
	}
	c := vgsvg.New(4.2*vg.Inch, 2.4*vg.Inch)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", err
	}
	b := buf.Bytes()
	if i := bytes.Index(b, []byte("<svg")); i >= 0 {
		b = b[i:]
	}
	// The SVG holds gonum's drawing of numbers, years and the chart's
	// title, which this package writes: no register text.
	return template.HTML(b), nil //nolint:gosec // see above
}

// sans switches a gonum font to the sans-serif variant of its typeface
// (the style sheet names the fonts the browser uses).
func sans(f *font.Font) { f.Variant = "Sans" }
