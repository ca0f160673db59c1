package registerdatareport_test

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// rowsOf returns the text of each cell of each body row of the tables
// with the class in the section.
func rowsOf(t *testing.T, doc *html.Node, section, class string) [][]string {
	t.Helper()
	var out [][]string
	for _, tb := range find(byID(t, doc, section), func(n *html.Node) bool { return n.Data == "table" && hasClass(n, class) }) {
		for _, tr := range find(tb, func(n *html.Node) bool { return n.Data == "tr" && n.Parent != nil && n.Parent.Data == "tbody" }) {
			var row []string
			for _, td := range find(tr, func(n *html.Node) bool { return n.Data == "td" }) {
				row = append(row, text(td))
			}
			out = append(out, row)
		}
	}
	return out
}

// headersOf returns the header cells of the first table with the class.
func headersOf(t *testing.T, doc *html.Node, section, class string) []string {
	t.Helper()
	var out []string
	tables := find(byID(t, doc, section), func(n *html.Node) bool { return n.Data == "table" && hasClass(n, class) })
	require.NotEmpty(t, tables, "no table.%s in #%s", class, section)
	for _, th := range find(tables[0], func(n *html.Node) bool { return n.Data == "th" }) {
		out = append(out, text(th))
	}
	return out
}

func TestDossierDirectShareholdersTable(t *testing.T) {
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlicht, registerdatareport.Options{})
	doc := parse(t, b)
	assert.Equal(t, []string{"Name", "Kind", "Share", "Nominal amount", "Since"}, headersOf(t, doc, "ownership", "shareholders"))
	rows := rowsOf(t, doc, "ownership", "shareholders")
	require.Len(t, rows, 2, "one row per direct owner")
	assert.Equal(t, "Helios Energie Holding AG", rows[0][0])
	assert.Contains(t, rows[0][1], "company")
	assert.Equal(t, "60 %", rows[0][2])
	assert.Regexp(t, `^[\d,]+ EUR$`, rows[0][3])
	assert.Regexp(t, `^Katrin Albersborn \d{4}-\d{2}-\d{2}$`, rows[1][0], "a person's date of birth under the name")
	assert.Contains(t, rows[1][1], "natural person")
	assert.Equal(t, "40 %", rows[1][2])
}

func TestDossierDatesOfBirthWherePersonsAreListed(t *testing.T) {
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlichtService, registerdatareport.Options{IncludePersons: true})
	doc := parse(t, b)
	born := regexp.MustCompile(`born (\d{4}-\d{2}-\d{2}|\d{4})`)
	bos := rowsOf(t, doc, "beneficial-owners", "bos")
	require.NotEmpty(t, bos)
	for _, r := range bos {
		if r[1] == "natural person" {
			assert.Regexp(t, born, r[0], "beneficial owner %q", r[0])
		}
	}
	reps := rowsOf(t, doc, "representatives", "reps")
	require.NotEmpty(t, reps)
	assert.Regexp(t, born, reps[0][0], "a representative who is a person shows the date of birth")
	assert.NotRegexp(t, born, reps[len(reps)-1][0], "an entity has none")
}

func TestDossierRoleLabelsNotCodes(t *testing.T) {
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlichtService, registerdatareport.Options{IncludePersons: true})
	section := text(byID(t, parse(t, b), "representatives"))
	for _, code := range []string{"DIRECTOR", "PROKURA", "PROKURA_JOINT", "SHAREHOLDER", "_"} {
		assert.NotContains(t, section, code)
	}
	assert.Contains(t, section, "(DE-HRB-F1103-267645), Managing Director, since 2014-09-02", "another position is labelled")
}

func TestDossierRepresentativeTablesAlignWithoutEmptyColumns(t *testing.T) {
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlichtService, registerdatareport.Options{})
	doc := parse(t, b)
	assert.Equal(t, []string{"Name", "Role", "Since", "Authority"}, headersOf(t, doc, "representatives", "reps"), "no one has left: no Until column")

	// With a former representative both tables get the Until column, and
	// the same columns.
	srv, c2, clk2 := newFake(t)
	end := registerdata.NewDate(2023, 3, 31)
	require.NoError(t, srv.UpdateCompany(nordlichtService, func(co *registerdata.Company) {
		co.Representation = append(co.Representation, registerdata.Representative{Name: "Jonas Alt", Type: enums.RepresentativeTypeNaturalPerson,
			RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeProkuraJoint}, StartDate: registerdata.NewDate(2022, 11, 1), EndDate: &end,
			NaturalPerson: &registerdata.NaturalPerson{FirstName: ptr("Jonas"), LastName: ptr("Alt")}})
	}))
	_, b = build(t, c2, clk2, nordlichtService, registerdatareport.Options{})
	doc = parse(t, b)
	var cols []string
	for _, tb := range find(byID(t, doc, "representatives"), func(n *html.Node) bool { return n.Data == "table" && hasClass(n, "reps") }) {
		var cs []string
		for _, col := range find(tb, func(n *html.Node) bool { return n.Data == "col" }) {
			cs = append(cs, attr(col, "class"))
		}
		cols = append(cols, strings.Join(cs, " "))
	}
	require.Len(t, cols, 2, "a current and a former table")
	assert.Equal(t, cols[0], cols[1], "current and former tables share their columns")
	assert.Equal(t, "c-name c-role c-date c-date c-auth", cols[0])
	former := rowsOf(t, doc, "representatives", "reps")
	last := former[len(former)-1]
	assert.Equal(t, []string{"Jonas Alt", "Joint Authorised Signatory", "2022-11-01", "2023-03-31", ""}, last)
	assert.Contains(t, string(b), `td.date,th.date,time,.born{white-space:nowrap}`, "dates never wrap")
}

func TestDossierDocumentsTableReadable(t *testing.T) {
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlicht, registerdatareport.Options{})
	doc := parse(t, b)
	assert.Equal(t, []string{"Document", "Date", "Version", "Document id"}, headersOf(t, doc, "documents", "docs"))
	rows := rowsOf(t, doc, "documents", "docs")
	require.NotEmpty(t, rows)
	for _, r := range rows {
		assert.NotContains(t, r[0], "_")
		assert.Regexp(t, `^[A-Z]`, r[0], "a readable type")
		assert.Contains(t, []string{"latest", "earlier"}, r[2])
	}
}

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

func TestDossierSummaryVerdictAndReviewerBlock(t *testing.T) {
	_, c, clk := newFake(t)
	for _, tc := range []struct {
		id, level string
	}{
		{nordlichtService, "review"},
		{pfalzblick, "high risk"},
	} {
		d, b := build(t, c, clk, tc.id, registerdatareport.Options{})
		doc := parse(t, b)
		v := byID(t, doc, "verdict")
		assert.Equal(t, tc.level, attr(v, "data-verdict"), tc.id)
		var reasons []string
		for _, li := range find(v, func(n *html.Node) bool { return n.Data == "li" }) {
			reasons = append(reasons, attr(li, "data-code"))
		}
		assert.Equal(t, flagCodes(d), reasons, "the reasons are the red flags")
		// The verdict comes before every section, the review after all.
		assert.Less(t, bytes.Index(b, []byte(`id="verdict"`)), bytes.Index(b, []byte(`id="red-flags"`)))
		review := byID(t, doc, "review")
		assert.Greater(t, bytes.Index(b, []byte(`id="review"`)), bytes.Index(b, []byte(`id="provenance"`)))
		for _, want := range []string{"Reviewer (name)", "Date", "Decision", "approve", "reject", "Signature"} {
			assert.Contains(t, text(review), want)
		}
	}
	// No red flags: no findings.
	d, _ := build(t, c, clk, nordlicht, registerdatareport.Options{})
	d.RedFlags = nil
	var buf bytes.Buffer
	require.NoError(t, d.WriteHTML(&buf))
	assert.Equal(t, "no findings", attr(byID(t, parse(t, buf.Bytes()), "verdict"), "data-verdict"))
	assert.Regexp(t, `@page\{@bottom-right\{content:"Page " counter\(page\) " of " counter\(pages\)`, buf.String(), "page numbers in print")
}

func itoa(i int) string { return strconv.Itoa(i) }
