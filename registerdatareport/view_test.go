package registerdatareport_test

import (
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

// TestDossierRepresentativeTablesDropColumnsEmptyInEveryRow: each table
// of representatives (current, former) shows "Until" and "Authority" only
// when some row of that table has a value in it: the current table has no
// "Until" column because another table has one, and a former table
// whose people held no stated authority has no "Authority" column.
func TestDossierRepresentativeTablesDropColumnsEmptyInEveryRow(t *testing.T) {
	_, c, clk := newFake(t)
	_, b := build(t, c, clk, nordlichtService, registerdatareport.Options{})
	doc := parse(t, b)
	assert.Equal(t, []string{"Name", "Role", "Since", "Authority"}, headersOf(t, doc, "representatives", "reps"), "no one has left: no Until column")

	// With a former representative without a stated authority, the former
	// table has an Until column and no Authority column; the current
	// table keeps its own columns.
	srv, c2, clk2 := newFake(t)
	end := registerdata.NewDate(2023, 3, 31)
	require.NoError(t, srv.UpdateCompany(nordlichtService, func(co *registerdata.Company) {
		co.Representation = append(co.Representation, registerdata.Representative{Name: "Jonas Alt", Type: enums.RepresentativeTypeNaturalPerson,
			RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeProkuraJoint}, StartDate: registerdata.NewDate(2022, 11, 1), EndDate: &end,
			NaturalPerson: &registerdata.NaturalPerson{FirstName: ptr("Jonas"), LastName: ptr("Alt")}})
	}))
	_, b = build(t, c2, clk2, nordlichtService, registerdatareport.Options{})
	doc = parse(t, b)
	var cols, heads []string
	for _, tb := range find(byID(t, doc, "representatives"), func(n *html.Node) bool { return n.Data == "table" && hasClass(n, "reps") }) {
		var cs, hs []string
		for _, col := range find(tb, func(n *html.Node) bool { return n.Data == "col" }) {
			cs = append(cs, attr(col, "class"))
		}
		for _, th := range find(tb, func(n *html.Node) bool { return n.Data == "th" }) {
			hs = append(hs, text(th))
		}
		cols = append(cols, strings.Join(cs, " "))
		heads = append(heads, strings.Join(hs, " | "))
	}
	require.Len(t, cols, 2, "a current and a former table")
	assert.Equal(t, "Name | Role | Since | Authority", heads[0], "the current table: nobody's Until is known")
	assert.Equal(t, "c-name c-role c-date c-auth", cols[0])
	assert.Equal(t, "Name | Role | Since | Until", heads[1], "the former table: nobody's authority is stated")
	assert.Equal(t, "c-name c-role c-date c-date", cols[1])
	former := rowsOf(t, doc, "representatives", "reps")
	last := former[len(former)-1]
	assert.Equal(t, []string{"Jonas Alt", "Joint Authorised Signatory", "2022-11-01", "2023-03-31"}, last, "no empty cell is left where a column was dropped")
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
