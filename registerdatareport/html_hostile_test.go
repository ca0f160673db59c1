package registerdatareport_test

import (
	"bytes"
	"strings"
	"testing"
	"unicode"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// Register texts planted in the fake: markup, quotes and bidirectional
// overrides that would reverse what follows them.
const (
	hostileCompany = `<script>alert("company")</script> O'Brien "Holding" ` + "\u202Egnp.exe" + ` GmbH`
	hostileRep     = `<img src=x onerror=alert(1)>` + "\u2066Mallory\u2069"
	hostileOwner   = `</text></svg><script>alert(2)</script>` + "\u202Bowner"
	hostileAddress = `"><iframe src="https://evil.example/"></iframe>`
	hostileDOT     = `Evil \"]; n0 -> n1; n9 [label="\N` // DOT that would add an edge if it were not quoted
)

func TestHostileRegisterTextRendersInert(t *testing.T) {
	srv, c, clk := newFake(t)
	require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) {
		co.Name.Name = hostileCompany
		co.Address.FormattedValue = hostileAddress
		co.Contact = &registerdata.Contact{WebsiteURL: `javascript:alert(3)`}
		co.Representation = append(co.Representation, registerdata.Representative{
			Name: hostileRep, Type: enums.RepresentativeTypeNaturalPerson,
			RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector}, StartDate: registerdata.DateOf(clk.Now()),
			NaturalPerson: &registerdata.NaturalPerson{LastName: ptr(hostileRep)},
		})
	}))
	id := "DE-HRB-D2601-198433"
	require.NoError(t, srv.SetOwners(nordlicht, []registerdata.Owner{
		{ID: &id, Name: "Helios Energie Holding AG", Type: enums.RepresentativeTypeLegalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 10000, PercentageShare: ptr(40.0)},
		{Name: hostileOwner, Type: enums.RepresentativeTypeLegalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 15000, PercentageShare: ptr(60.0),
			LegalPerson: &registerdata.OwnerLegalPerson{Name: hostileOwner, Country: "DE"}},
		{Name: hostileDOT, Type: enums.RepresentativeTypeNaturalPerson, RelationType: enums.RelationTypeShareholder, NominalShare: 0, PercentageShare: ptr(0.0)},
	}))

	_, b := build(t, c, clk, nordlicht, registerdatareport.Options{IncludePersons: true})
	doc := parse(t, b)

	assert.Empty(t, find(doc, func(n *html.Node) bool { return n.Data == "script" || n.Data == "iframe" || n.Data == "img" }), "no planted element exists")
	for _, n := range find(doc, func(*html.Node) bool { return true }) {
		for _, a := range n.Attr {
			assert.False(t, strings.HasPrefix(strings.ToLower(a.Key), "on"), "event handler %s on <%s>", a.Key, n.Data)
			assert.NotEqual(t, "src", a.Key, "nothing is loaded: <%s src=%q>", n.Data, a.Val)
			assert.NotEqual(t, "href", a.Key, "no link leaves the file: <%s href=%q>", n.Data, a.Val)
		}
	}
	for _, r := range []rune{'\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F'} {
		assert.False(t, bytes.ContainsRune(b, r), "bidirectional control U+%04X is shown, not obeyed", r)
	}

	// The texts are still there, to be read as text.
	h1 := find(doc, func(n *html.Node) bool { return n.Data == "h1" })
	require.Len(t, h1, 1)
	assert.Equal(t, `<script>alert("company")</script> O'Brien "Holding" ⟨U+202E⟩gnp.exe GmbH`, text(h1[0]))
	assert.Contains(t, text(byID(t, doc, "company")), hostileAddress)
	assert.Contains(t, text(byID(t, doc, "company")), "javascript:alert(3)")
	assert.Contains(t, text(byID(t, doc, "representatives")), `<img src=x onerror=alert(1)>⟨U+2066⟩Mallory⟨U+2069⟩`)
	nodes, edges, _ := chartGraph(t, doc)
	owner := nodes["name:</text></svg><script>alert(2)</script>⟨U+202B⟩owner"]
	require.NotNil(t, owner, "the hostile owner is one node of the chart")
	titles := find(owner, func(n *html.Node) bool { return n.Data == "title" })
	require.Len(t, titles, 1)
	assert.Equal(t, `</text></svg><script>alert(2)</script>⟨U+202B⟩owner`, text(titles[0]))
	assert.Equal(t, "60 %", edges["name:</text></svg><script>alert(2)</script>⟨U+202B⟩owner → "+nordlicht])
	require.Contains(t, nodes, "name:"+hostileDOT)
	assert.Contains(t, text(nodes["name:"+hostileDOT]), hostileDOT)
	_, wantEdges, _ := treeGraph(t, c, nordlicht)
	assert.Len(t, edges, len(wantEdges), "no edge was injected")
	for k, n := range nodes {
		rects := find(n, func(n *html.Node) bool { return n.Data == "rect" })
		require.Len(t, rects, 1)
		assert.NotEqual(t, "0.0", attr(rects[0], "width"), "node %s was laid out", k)
	}
}

// TestDossierShowsEveryFormatCharacterAsItsCodePoint: beyond the
// bidirectional controls, the other characters that hide or act on text
// (a zero-width space, a word joiner, a soft hyphen, the Arabic letter
// mark, a byte-order mark, a tag character, a terminal escape) are shown
// as their code points wherever register text reaches the page: nothing
// of Unicode's format or control categories is left in it but the page's
// own line breaks.
func TestDossierShowsEveryFormatCharacterAsItsCodePoint(t *testing.T) {
	srv, c, clk := newFake(t)
	hidden := "\u200Bzw\u2060wj\u00ADsh\u061Calm\uFEFFbom\U000E0041tag\x1b[2J"
	require.NoError(t, srv.UpdateCompany(nordlicht, func(co *registerdata.Company) {
		co.Name.Name = "Nordlicht " + hidden + " GmbH"
		co.Representation = append(co.Representation, registerdata.Representative{
			Name: "Rep " + hidden, Type: enums.RepresentativeTypeNaturalPerson,
			RoleDetail: registerdata.RoleDetail{Code: enums.RoleCodeDirector}, StartDate: registerdata.DateOf(clk.Now()),
			NaturalPerson: &registerdata.NaturalPerson{LastName: ptr("Rep " + hidden)},
		})
	}))
	_, b := build(t, c, clk, nordlicht, registerdatareport.Options{})
	for _, r := range string(b) {
		if r != '\n' && r != '\t' && r != '\r' && (unicode.Is(unicode.Cf, r) || unicode.IsControl(r)) {
			t.Errorf("the page holds %U as it is", r)
		}
	}
	shown := "⟨U+200B⟩zw⟨U+2060⟩wj⟨U+00AD⟩sh⟨U+061C⟩alm⟨U+FEFF⟩bom⟨U+E0041⟩tag⟨U+001B⟩[2J"
	doc := parse(t, b)
	h1 := find(doc, func(n *html.Node) bool { return n.Data == "h1" })
	require.Len(t, h1, 1)
	assert.Equal(t, "Nordlicht "+shown+" GmbH", text(h1[0]))
	assert.Contains(t, text(byID(t, doc, "representatives")), "Rep "+shown)
}
