package registerdatareport

import (
	"fmt"
	"html/template"
	"math"
	"strings"
)

// A financial chart is a bar chart written as SVG here, like the
// ownership chart: one bar a year, the title above, the figures' scale
// on the left with a grid line at each step, the years below, a year
// without figures left empty and marked "n/a". Its texts are numbers,
// years and the chart's own title; they are escaped all the same. The
// fonts are the style sheet's (Helvetica and the fonts that share its
// widths), so textWidth sizes the labels.

// The chart's size in points (4.2 × 2.4 in), its type sizes and colours.
const (
	barChartW, barChartH = 302.4, 172.8
	barPad               = 4.0 // around the chart's contents
	titleSize            = 11.0
	tickSize             = 8.5
	naSize               = 8.0
	barMaxWidth          = 34.0 // a bar's width at most, in points
	barColor             = "#1f4e79"
	barColorMinus        = "#b42b2b" // a negative figure
	gridColor            = "#dde2e8"
	axisColor            = "#555f6b"
)

// barChart draws one bar per label (vals[i] for labels[i]; the slots in
// missing hold no figure and are marked "n/a") as an SVG element with
// the given title.
func barChart(title string, labels []string, vals []float64, missing []int) template.HTML {
	lo, hi := 0.0, 0.0
	for _, v := range vals {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	ticks, places := niceTicks(lo, hi)
	lo, hi = ticks[0], ticks[len(ticks)-1]

	tickText := make([]string, len(ticks))
	labelW := 0.0
	for i, t := range ticks {
		tickText[i] = figureText(t, places)
		labelW = math.Max(labelW, textWidth(tickText[i], tickSize, false))
	}
	left := barPad + labelW + 4
	right := barChartW - barPad
	top := barPad + titleSize + 8
	bottom := barChartH - barPad - tickSize - 5
	y := func(v float64) float64 { return bottom - (v-lo)/(hi-lo)*(bottom-top) }

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%spt" height="%spt" viewBox="0 0 %s %s" role="img" aria-label="%s">`,
		num(barChartW), num(barChartH), num(barChartW), num(barChartH), template.HTMLEscapeString(title))
	fmt.Fprintf(&b, `<title>%s</title><rect width="100%%" height="100%%" fill="#fff"/>`, template.HTMLEscapeString(title))
	fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle" font-size="%s" font-family="Helvetica,Arial,'Liberation Sans',sans-serif">%s</text>`,
		num((left+right)/2), num(barPad+titleSize*0.8), num(titleSize), template.HTMLEscapeString(title))

	fmt.Fprintf(&b, `<g font-size="%s" font-family="Helvetica,Arial,'Liberation Sans',sans-serif" fill="%s">`, num(tickSize), axisColor)
	for i, t := range ticks {
		ty := y(t)
		stroke, width := gridColor, 0.5
		if t == 0 && lo < 0 {
			stroke, width = axisColor, 0.75 // the zero line between gains and losses
		}
		fmt.Fprintf(&b, `<path d="M%s %sH%s" stroke="%s" stroke-width="%s" fill="none"/>`, num(left), num(ty), num(right), stroke, num(width))
		fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="end">%s</text>`, num(left-4), num(ty+tickSize*0.35), tickText[i])
	}

	slot := (right - left) / float64(max(len(labels), 1))
	width := math.Min(barMaxWidth, slot*0.7)
	every := labelStep(labels, slot)
	for i, l := range labels {
		cx := left + slot*(float64(i)+0.5)
		if (len(labels)-1-i)%every == 0 { // the latest year is always labelled
			fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle">%s</text>`, num(cx), num(barChartH-barPad-1), template.HTMLEscapeString(l))
		}
	}
	b.WriteString(`</g>`)

	absent := make(map[int]bool, len(missing))
	for _, i := range missing {
		absent[i] = true
	}
	for i, v := range vals {
		cx := left + slot*(float64(i)+0.5)
		if absent[i] {
			fmt.Fprintf(&b, `<text x="%s" y="%s" text-anchor="middle" font-size="%s" font-family="Helvetica,Arial,'Liberation Sans',sans-serif" fill="%s">n/a</text>`,
				num(cx), num(y(0)-3), num(naSize), axisColor)
			continue
		}
		y0, y1, fill := y(0), y(v), barColor
		if v < 0 {
			y0, y1, fill = y(v), y(0), barColorMinus
		}
		fmt.Fprintf(&b, `<rect x="%s" y="%s" width="%s" height="%s" fill="%s"/>`, num(cx-width/2), num(y1), num(width), num(y0-y1), fill)
	}
	b.WriteString(`</svg>`)
	// Only numbers, years and this package's titles, each escaped above.
	return template.HTML(b.String()) //nolint:gosec // see above
}

// niceTicks returns the grid values of a scale from lo to hi (lo ≤ 0 ≤
// hi): three to six steps of 1, 2, 2.5 or 5 times a power of ten, the
// first at or below lo and the last at or above hi, and how many
// decimals a step needs.
func niceTicks(lo, hi float64) ([]float64, int) {
	if hi-lo <= 0 || math.IsNaN(hi-lo) || math.IsInf(hi-lo, 0) {
		return []float64{0, 1}, 0
	}
	raw := (hi - lo) / 4
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	step := 10 * mag
	for _, m := range []float64{1, 2, 2.5, 5} {
		if m*mag >= raw*0.999 {
			step = m * mag
			break
		}
	}
	first, last := math.Floor(lo/step+1e-9), math.Ceil(hi/step-1e-9)
	ticks := make([]float64, 0, int(last-first)+1)
	for k := first; k <= last; k++ {
		ticks = append(ticks, k*step)
	}
	places := 0
	for s := step; places < 6 && math.Abs(s-math.Round(s)) > 1e-9*math.Max(1, s); s *= 10 {
		places++
	}
	return ticks, places
}

// labelStep is how many slots apart the labels are written so that they
// do not overlap: every one when they fit.
func labelStep(labels []string, slot float64) int {
	widest := 0.0
	for _, l := range labels {
		widest = math.Max(widest, textWidth(l, tickSize, false))
	}
	if slot <= 0 {
		return 1
	}
	return max(1, int(math.Ceil((widest+4)/slot)))
}

// num writes a coordinate with at most two decimals.
func num(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		return "0"
	}
	return s
}
