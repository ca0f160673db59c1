package registerdatareport

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// svgChart is what a bar chart shows, read back from its SVG: the bars
// (top, bottom, colour, centre), the grid lines' heights with their
// labels, the texts under the chart with their centres.
type svgChart struct {
	bars   []svgBar
	grid   map[string]float64 // tick label -> the line's y
	labels map[string]float64 // year -> x
	texts  []string
}

type svgBar struct {
	top, bottom, cx float64
	fill            string
}

func readChart(t *testing.T, svg string) svgChart {
	t.Helper()
	doc, err := html.Parse(strings.NewReader("<!doctype html><body>" + svg))
	require.NoError(t, err)
	c := svgChart{grid: map[string]float64{}, labels: map[string]float64{}}
	f := func(n *html.Node, k string) float64 {
		for _, a := range n.Attr {
			if a.Key == k {
				v, err := strconv.ParseFloat(a.Val, 64)
				require.NoError(t, err, "%s=%q", k, a.Val)
				return v
			}
		}
		return math.NaN()
	}
	get := func(n *html.Node, k string) string {
		for _, a := range n.Attr {
			if a.Key == k {
				return a.Val
			}
		}
		return ""
	}
	var lines []float64
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		switch {
		case n.Type == html.ElementNode && n.Data == "rect" && get(n, "fill") != "#fff":
			y, h := f(n, "y"), f(n, "height")
			c.bars = append(c.bars, svgBar{top: y, bottom: y + h, cx: f(n, "x") + f(n, "width")/2, fill: get(n, "fill")})
		case n.Type == html.ElementNode && n.Data == "path":
			y, err := horizontalLineY(get(n, "d"))
			require.NoError(t, err)
			lines = append(lines, y)
		case n.Type == html.ElementNode && n.Data == "text" && n.FirstChild != nil:
			s := n.FirstChild.Data
			c.texts = append(c.texts, s)
			switch get(n, "text-anchor") {
			case "end": // a tick label, after its grid line
				require.NotEmpty(t, lines, "tick %q follows its line", s)
				c.grid[s] = lines[len(lines)-1]
			case "middle":
				if _, err := strconv.Atoi(s); err == nil {
					c.labels[s] = f(n, "x")
				}
			}
		}
		for ch := n.FirstChild; ch != nil; ch = ch.NextSibling {
			walk(ch)
		}
	}
	walk(doc)
	return c
}

// horizontalLineY reads the y of a horizontal line "M<x> <y>H<x2>".
func horizontalLineY(d string) (float64, error) {
	rest, ok := strings.CutPrefix(d, "M")
	if !ok {
		return 0, strconv.ErrSyntax
	}
	parts := strings.Fields(strings.SplitN(rest, "H", 2)[0])
	if len(parts) != 2 {
		return 0, strconv.ErrSyntax
	}
	return strconv.ParseFloat(parts[1], 64)
}

func TestBarChartBarsStandOnZeroWithinTheScale(t *testing.T) {
	years := []string{"2020", "2021", "2022", "2023"}
	c := readChart(t, string(barChart("Net income (EUR million)", years, []float64{0.18, 0.27, 0.42, -0.06}, nil)))
	require.Len(t, c.bars, 4)
	zero, ok := c.grid["0.0"]
	require.True(t, ok, "a grid line at zero: %v", c.grid)
	top, bottom := math.Inf(1), math.Inf(-1)
	for _, y := range c.grid {
		top, bottom = math.Min(top, y), math.Max(bottom, y)
	}
	for i, b := range c.bars {
		assert.GreaterOrEqual(t, b.top, top-0.02, "bar %d stays below the highest grid line", i)
		assert.LessOrEqual(t, b.bottom, bottom+0.02, "bar %d stays above the lowest grid line", i)
		assert.InDelta(t, c.labels[years[i]], b.cx, 0.01, "bar %d stands over its year", i)
	}
	for i := range 3 {
		assert.InDelta(t, zero, c.bars[i].bottom, 0.02, "a gain rises from zero")
		assert.Equal(t, barColor, c.bars[i].fill)
	}
	assert.InDelta(t, zero, c.bars[3].top, 0.02, "a loss hangs from zero")
	assert.Equal(t, barColorMinus, c.bars[3].fill, "a loss is red")
	assert.Contains(t, c.grid, "−0.2", "the scale goes below zero for the loss")
	// The heights are to scale: 0.42 is 0.42/0.18 times 0.18.
	assert.InDelta(t, 0.42/0.18, (zero-c.bars[2].top)/(zero-c.bars[0].top), 0.01)
}

func TestBarChartMarksAMissingYearAndEscapesItsTitle(t *testing.T) {
	svg := string(barChart(`Revenue <b>&"`, []string{"2020", "2021", "2022"}, []float64{0, 5, 7}, []int{0}))
	c := readChart(t, svg)
	assert.Len(t, c.bars, 2, "no bar for the missing year")
	assert.Contains(t, c.texts, "n/a")
	assert.Contains(t, c.labels, "2020", "the missing year keeps its slot and label")
	assert.NotContains(t, svg, "<b>")
	assert.Contains(t, c.texts, `Revenue <b>&"`, "the title, escaped, reads as written")
}

func TestBarChartLabelsDoNotOverlap(t *testing.T) {
	var years []string
	var vals []float64
	for y := 1995; y <= 2025; y++ {
		years = append(years, strconv.Itoa(y))
		vals = append(vals, float64(y-1990))
	}
	c := readChart(t, string(barChart("Employees (persons)", years, vals, nil)))
	require.Len(t, c.bars, len(years), "one bar a year")
	assert.Contains(t, c.labels, "2025", "the latest year is labelled")
	xs := make([]float64, 0, len(c.labels))
	for _, x := range c.labels {
		xs = append(xs, x)
	}
	require.Greater(t, len(xs), 3)
	w := textWidth("2025", tickSize, false)
	for i := range xs {
		for j := range xs {
			if i != j {
				assert.Greater(t, math.Abs(xs[i]-xs[j]), w, "labels at %g and %g overlap", xs[i], xs[j])
			}
		}
	}
}

func TestNiceTicksCoverTheRangeInRoundSteps(t *testing.T) {
	for _, tc := range []struct{ lo, hi float64 }{
		{0, 1}, {0, 25.12}, {0, 84}, {-0.06, 0.42}, {-1234, 0}, {0, 0.003}, {-7, 99999}, {0, 0}, {0, 1e15},
	} {
		ticks, places := niceTicks(tc.lo, tc.hi)
		require.GreaterOrEqual(t, len(ticks), 2, "%v", tc)
		assert.LessOrEqual(t, len(ticks), 7, "%v: %v", tc, ticks)
		assert.LessOrEqual(t, ticks[0], tc.lo, "%v: %v", tc, ticks)
		assert.GreaterOrEqual(t, ticks[len(ticks)-1], tc.hi, "%v: %v", tc, ticks)
		step := ticks[1] - ticks[0]
		mant := step / math.Pow(10, math.Floor(math.Log10(step)))
		assert.True(t, slicesContainsNear([]float64{1, 2, 2.5, 5}, mant), "%v: step %g", tc, step)
		for _, v := range ticks {
			s := figureText(v, places)
			back, err := strconv.ParseFloat(strings.NewReplacer(",", "", "−", "-").Replace(s), 64)
			require.NoError(t, err)
			assert.InDelta(t, v, back, step/1000, "%v: %g is written %q", tc, v, s)
		}
	}
}

func slicesContainsNear(list []float64, v float64) bool {
	for _, x := range list {
		if math.Abs(x-v) < 1e-6 {
			return true
		}
	}
	return false
}
