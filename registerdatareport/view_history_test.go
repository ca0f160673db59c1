package registerdatareport_test

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

func TestDossierFinancialsOneUnitAndVisibleGaps(t *testing.T) {
	_, c, clk := newFake(t)
	d, _ := build(t, c, clk, nordlicht, registerdatareport.Options{})
	require.NotNil(t, d.Financials)
	require.GreaterOrEqual(t, len(d.Financials.Indicators), 3, "the fake files several years for this company")
	// Leave out a year in the middle.
	years := map[int]bool{}
	for _, in := range d.Financials.Indicators {
		years[in.Date.Year] = true
	}
	inds := d.Financials.Indicators
	missing := inds[1].Date.Year
	d.Financials.Indicators = append(append([]registerdata.FinancialIndicators(nil), inds[:1]...), inds[2:]...)
	var buf bytes.Buffer
	require.NoError(t, d.WriteHTML(&buf))
	doc := parse(t, buf.Bytes())

	head := headersOf(t, doc, "financials", "figures")
	assert.Contains(t, head, itoa(missing), "the missing year keeps its column")
	units := map[string]bool{}
	for _, r := range rowsOf(t, doc, "financials", "figures") {
		m := regexp.MustCompile(`\((EUR[^)]*|persons)\)$`).FindStringSubmatch(r[0])
		require.NotNil(t, m, "row %q names its unit", r[0])
		if strings.HasPrefix(m[1], "EUR") {
			units[m[1]] = true
		}
		decimals := -1
		for i, v := range r[1:] {
			if head[i+1] == itoa(missing) {
				assert.Equal(t, "n/a", v, "%s: the missing year is shown as such", r[0])
				continue
			}
			if v == "n/a" { // not filed that year
				continue
			}
			require.Regexp(t, `^−?\d{1,3}(,\d{3})*(\.\d+)?$`, v)
			d := 0
			if _, frac, ok := strings.Cut(v, "."); ok {
				d = len(frac)
			}
			if decimals >= 0 {
				assert.Equal(t, decimals, d, "%s: one number format in a row (%q)", r[0], v)
			}
			decimals = d
		}
	}
	assert.Len(t, units, 1, "money in one unit in the table: %v", units)
	for _, fig := range find(byID(t, doc, "financials"), func(n *html.Node) bool { return n.Data == "figure" }) {
		if svg := find(fig, func(n *html.Node) bool { return n.Data == "svg" }); len(svg) > 0 {
			assert.Contains(t, text(fig), itoa(missing), "the chart keeps the missing year's slot")
			assert.Contains(t, text(fig), "n/a", "and marks it")
		}
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
