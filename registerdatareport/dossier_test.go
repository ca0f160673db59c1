package registerdatareport_test

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/fake"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"
)

// treeKey is how the chart names an owner: its id, else its name.
func treeKey(o *registerdata.Owner) string {
	if o.ID != nil && *o.ID != "" {
		return *o.ID
	}
	return "name:" + o.Name
}

// treeGraph is the set of nodes and of owner→owned edges (with their
// labels) of an ownership tree fetched independently of the dossier.
func treeGraph(t *testing.T, c *registerdata.Client, id string) (nodes map[string]bool, edges map[string]string, cross map[string]bool) {
	t.Helper()
	tree, err := c.OwnershipTree(context.Background(), id, registerdata.TreeOptions{MaxDepth: registerdatareport.DefaultDepth})
	require.NoError(t, err)
	nodes, edges, cross = map[string]bool{id: true}, map[string]string{}, map[string]bool{}
	var walk func(parent string, n *registerdata.OwnershipNode)
	walk = func(parent string, n *registerdata.OwnershipNode) {
		for _, ch := range n.Children {
			k := treeKey(ch.Owner)
			nodes[k] = true
			label := strings.ReplaceAll(string(ch.Owner.RelationType), "_", " ")
			if p := ch.Owner.PercentageShare; p != nil {
				label = strconv.FormatFloat(*p, 'f', -1, 64) + " %"
			}
			edges[k+" → "+parent] = label
			if ch.Stop == registerdata.TreeStopVisited {
				cross[k+" → "+parent] = true
			}
			walk(k, ch)
		}
	}
	walk(id, tree.Root)
	return nodes, edges, cross
}

// chartGraph reads the same sets from the dossier's SVG.
func chartGraph(t *testing.T, doc *html.Node) (nodes map[string]*html.Node, edges map[string]string, cross map[string]bool) {
	t.Helper()
	svgs := find(byID(t, doc, "ownership"), func(n *html.Node) bool { return n.Data == "svg" })
	require.Len(t, svgs, 1, "one ownership chart")
	nodes, edges, cross = map[string]*html.Node{}, map[string]string{}, map[string]bool{}
	for _, g := range find(svgs[0], func(n *html.Node) bool { return n.Data == "g" && hasClass(n, "node") }) {
		nodes[attr(g, "data-key")] = g
	}
	for _, g := range find(svgs[0], func(n *html.Node) bool { return n.Data == "g" && hasClass(n, "edge") }) {
		k := attr(g, "data-from") + " → " + attr(g, "data-to")
		require.NotContains(t, edges, k, "each holding is one edge")
		edges[k] = attr(g, "data-label")
		if hasClass(g, "cross") {
			cross[k] = true
		}
		paths := find(g, func(n *html.Node) bool { return n.Data == "path" })
		require.Len(t, paths, 1)
		assert.True(t, strings.HasPrefix(attr(paths[0], "d"), "M"), "edge %s is routed", k)
	}
	return nodes, edges, cross
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func flagCodes(d *registerdatareport.Dossier) []string {
	out := []string{}
	for _, f := range d.RedFlags {
		out = append(out, f.Code)
	}
	return out
}

// htmlFlags are the codes of the red flags the file shows.
func htmlFlags(t *testing.T, doc *html.Node) []string {
	out := []string{}
	for _, li := range find(byID(t, doc, "red-flags"), func(n *html.Node) bool { return n.Data == "li" }) {
		out = append(out, attr(li, "data-code"))
	}
	return out
}

// checkProvenance checks that the credits the file states add up to what
// the client and the fake counted.
func checkProvenance(t *testing.T, doc *html.Node, d *registerdatareport.Dossier, spent int64) {
	t.Helper()
	assert.Equal(t, spent, d.Credits, "Dossier.Credits is what the client spent")
	var sum int64
	rows := find(byID(t, doc, "provenance"), func(n *html.Node) bool { return n.Data == "tr" && hasAttr(n, "data-section") })
	require.Len(t, rows, 8, "one provenance row a section")
	for _, tr := range rows {
		cells := find(tr, func(n *html.Node) bool { return hasAttr(n, "data-credits") })
		require.Len(t, cells, 1)
		v, err := strconv.ParseInt(attr(cells[0], "data-credits"), 10, 64)
		require.NoError(t, err)
		sum += v
	}
	assert.Equal(t, spent, sum, "the sections' credits add up to what was spent")
	total := find(doc, func(n *html.Node) bool { return hasAttr(n, "data-total") })
	require.Len(t, total, 1)
	assert.Equal(t, strconv.FormatInt(spent, 10), attr(total[0], "data-total"))
	// Every section states its own provenance.
	fetched, notPublished := map[string]bool{}, map[string]string{}
	for _, p := range d.Provenance {
		fetched[strings.ToLower(strings.ReplaceAll(p.Section, " ", "-"))] = !p.FetchedAt.IsZero()
		notPublished[strings.ToLower(strings.ReplaceAll(p.Section, " ", "-"))] = p.NotPublished
	}
	fetched["insolvencies"] = fetched["insolvency-proceedings"]
	for _, sec := range []string{"company", "ownership", "beneficial-owners", "representatives", "history", "financials", "insolvencies", "documents"} {
		ps := find(byID(t, doc, sec), func(n *html.Node) bool { return n.Data == "p" && hasClass(n, "prov") })
		require.Len(t, ps, 1, "section %s states its provenance", sec)
		assert.Contains(t, text(ps[0]), "credits", sec)
		switch {
		case fetched[sec]:
			assert.Contains(t, text(ps[0]), "fetched 2025-06-02 09:00 UTC", sec)
		case notPublished[sec] != "":
			assert.Contains(t, text(ps[0]), notPublished[sec], sec)
			assert.NotContains(t, text(ps[0]), "Missing:", sec)
		default:
			assert.Contains(t, text(ps[0]), "Missing:", sec)
		}
	}
}

func TestDossierOfAThreeLevelOwnershipChain(t *testing.T) {
	srv, c, clk := newFake(t)
	before := srv.Credits(srv.APIKey)
	d, b := build(t, c, clk, nordlichtService, registerdatareport.Options{})
	doc := parse(t, b)
	checkProvenance(t, doc, d, c.CreditsSpent())
	assert.Equal(t, before-srv.Credits(srv.APIKey), d.Credits, "the fake billed what the dossier says")

	// Header.
	h1 := find(byID(t, doc, "company"), func(n *html.Node) bool { return n.Data == "h1" })
	require.Len(t, h1, 1)
	assert.Equal(t, "Nordlicht Service GmbH", text(h1[0]))
	header := text(byID(t, doc, "company"))
	for _, want := range []string{nordlichtService, "active", "GmbH", "HRB 315870", "Berlin (Charlottenburg)", "Rudower Chaussee 29", "2022-10-04", "50,000 EUR"} {
		assert.Contains(t, header, want)
	}

	// The chart is the ownership tree: three levels of companies up to
	// the natural persons, the Helios/Vantara cross-holding, a foreign
	// and a public owner.
	wantNodes, wantEdges, wantCross := treeGraph(t, c, nordlichtService)
	nodes, edges, cross := chartGraph(t, doc)
	assert.Equal(t, keys(wantNodes), keys(nodes))
	assert.Equal(t, wantEdges, edges)
	assert.Equal(t, wantCross, cross)
	assert.Equal(t, map[string]bool{"DE-HRB-D2601-198433 → DE-HRB-K1101-170234": true}, cross, "Helios holds 20 % of Vantara, which holds 25 % of Helios")
	kinds := map[string]string{}
	for k, n := range nodes {
		kinds[k] = attr(n, "data-kind")
	}
	assert.Equal(t, "root", kinds[nordlichtService])
	assert.Equal(t, "company", kinds["DE-HRB-F1103-267645"])
	assert.Equal(t, "company", kinds["DE-HRB-D2601-198433"])
	assert.Equal(t, "company", kinds["DE-HRB-K1101-170234"])
	assert.Equal(t, "foreign", kinds["name:Brightwater Systems Inc."])
	assert.Equal(t, "public", kinds["name:Freistaat Bayern"])
	assert.Equal(t, "person", kinds["3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"])

	// Beneficial owners: highlighted in the chart, listed as the service
	// computes them, with the rule.
	ubo, err := c.GetBeneficialOwners(context.Background(), nordlichtService)
	require.NoError(t, err)
	require.NotEmpty(t, ubo.Owners)
	var wantBO, chartBO, tableBO []string
	for _, o := range ubo.Owners {
		wantBO = append(wantBO, o.Name+" "+strconv.FormatFloat(*o.PercentageShare, 'f', -1, 64)+" %")
	}
	for k, n := range nodes {
		if hasClass(n, "bo") {
			chartBO = append(chartBO, k)
		}
	}
	assert.Equal(t, []string{"3f6c2a1e-8b4d-4c7a-9e21-5d0b7a4c1f01"}, chartBO)
	for _, tr := range find(byID(t, doc, "beneficial-owners"), func(n *html.Node) bool { return n.Data == "tr" && hasClass(n, "bo-row") }) {
		name := find(tr, func(n *html.Node) bool { return hasClass(n, "bo-name") })
		share := find(tr, func(n *html.Node) bool { return hasClass(n, "bo-share") })
		tableBO = append(tableBO, text(name[0])+" "+text(share[0]))
		assert.Contains(t, text(tr), "holds more than 25 %")
	}
	assert.Equal(t, wantBO, tableBO)

	assert.Equal(t, []string{registerdatareport.FlagOwnersAbroad, registerdatareport.FlagNoFinancials}, flagCodes(d))
	assert.Equal(t, flagCodes(d), htmlFlags(t, doc))
	assert.Contains(t, d.RedFlags[0].Reason, "Brightwater Systems Inc. (US)")

	// Representatives and history come from the record.
	reps := text(byID(t, doc, "representatives"))
	for _, r := range d.Company.Representation {
		assert.Contains(t, reps, r.Name)
	}
	assert.Contains(t, text(byID(t, doc, "history")), "Incorporated")
	assert.Contains(t, text(byID(t, doc, "insolvencies")), "No insolvency proceedings")
}

func TestDossierOfAGmbHAndCoKG(t *testing.T) {
	_, c, clk := newFake(t)
	d, b := build(t, c, clk, rheinkieselKG, registerdatareport.Options{})
	doc := parse(t, b)
	checkProvenance(t, doc, d, c.CreditsSpent())

	wantNodes, wantEdges, _ := treeGraph(t, c, rheinkieselKG)
	nodes, edges, _ := chartGraph(t, doc)
	assert.Equal(t, keys(wantNodes), keys(nodes))
	assert.Equal(t, wantEdges, edges)
	assert.Contains(t, text(byID(t, doc, "company")), "KG with a corporate general partner")
	assert.Equal(t, "general partner", edges["DE-HRB-R3306-41209 → "+rheinkieselKG], "the general partner holds no capital share")
	assert.Equal(t, "100 %", edges["5c6d7e8f-9a0b-4c1d-9e2f-3a4b5c6d7e15 → DE-HRB-R3306-41209"], "Georg Schmitz owns the Verwaltungs-GmbH")

	// Limited partners are beneficial owners up to a maximum share.
	ubo, err := c.GetBeneficialOwners(context.Background(), rheinkieselKG)
	require.NoError(t, err)
	rows := find(byID(t, doc, "beneficial-owners"), func(n *html.Node) bool { return n.Data == "tr" && hasClass(n, "bo-row") })
	require.Len(t, rows, len(ubo.Owners))
	for i, o := range ubo.Owners {
		require.NotNil(t, o.MaxPercentageShare)
		assert.Contains(t, text(rows[i]), o.Name)
		assert.Contains(t, text(rows[i]), "up to "+strconv.FormatFloat(*o.MaxPercentageShare, 'f', -1, 64)+" %")
		assert.Contains(t, text(rows[i]), "limited partnership")
	}
	// The figures of 2023 are recent enough; nothing else is wrong.
	assert.Equal(t, []string{}, flagCodes(d))
	assert.Equal(t, []string{}, htmlFlags(t, doc))
	assert.Contains(t, text(byID(t, doc, "red-flags")), "No red flags")
	fin := text(byID(t, doc, "financials"))
	assert.Contains(t, fin, "2023")
	assert.Contains(t, fin, "Employees (persons) 63")
}

func TestDossierOfAnInsolventCompany(t *testing.T) {
	_, c, clk := newFake(t)
	d, b := build(t, c, clk, pfalzblick, registerdatareport.Options{})
	doc := parse(t, b)
	checkProvenance(t, doc, d, c.CreditsSpent())
	require.Len(t, d.Company.Insolvencies, 2)

	arts := find(byID(t, doc, "insolvencies"), func(n *html.Node) bool { return n.Data == "article" })
	require.Len(t, arts, 2)
	for i, s := range d.Company.Insolvencies {
		full, err := c.GetInsolvency(context.Background(), s.ID)
		require.NoError(t, err)
		assert.Contains(t, text(arts[i]), s.CaseNumber)
		assert.Equal(t, s.CurrentStatus.IsOpen(), hasClass(arts[i], "open"))
		evs := find(arts[i], func(n *html.Node) bool { return n.Data == "li" })
		require.Len(t, evs, len(full.Events), "every event of %s", s.CaseNumber)
		for _, e := range full.Events {
			assert.Contains(t, text(arts[i]), e.Summary)
		}
	}
	assert.Equal(t, []string{registerdatareport.FlagInsolvencyOpen, registerdatareport.FlagNoFinancials}, flagCodes(d))
	assert.Contains(t, d.RedFlags[0].Reason, "3a IN 118/24")
	assert.Contains(t, d.RedFlags[1].Reason, "2022-12-31")

	// A company in liquidation whose proceeding has ended.
	d, b = build(t, c, clk, alteMuehle, registerdatareport.Options{})
	assert.Equal(t, []string{registerdatareport.FlagLiquidation, registerdatareport.FlagNoFinancials}, flagCodes(d))
	assert.Equal(t, flagCodes(d), htmlFlags(t, parse(t, b)))
	assert.Contains(t, d.RedFlags[0].Reason, "liquidator")
}

func TestBuildStaysWithinMaxCredits(t *testing.T) {
	for _, limit := range []int64{10, 35, 45, 65} {
		t.Run(fmt.Sprint(limit), func(t *testing.T) {
			_, c, clk := newFake(t)
			d, b := build(t, c, clk, nordlichtService, registerdatareport.Options{MaxCredits: limit, IncludePersons: true})
			assert.LessOrEqual(t, d.Credits, limit)
			assert.Equal(t, c.CreditsSpent(), d.Credits)
			doc := parse(t, b)
			checkProvenance(t, doc, d, c.CreditsSpent())
			assert.Contains(t, flagCodes(d), registerdatareport.FlagIncomplete, "a dossier cut short says so")
			assert.Contains(t, text(byID(t, doc, "provenance")), "Missing:")
		})
	}
	// With what the record, the beneficial owners and the financials cost
	// and one and a half owner lists more, the tree gets the company's own
	// owners only.
	p := registerdata.DefaultPrices()
	owners := p.Of("GET /v1/company/{company_id}/owners", false)
	limit := p.Of("GET /v1/company/{company_id}", false) + p.Of("GET /v1/company/{company_id}/ubo", false) +
		p.Of("GET /v1/company/{company_id}/financials", false) + owners + owners/2
	_, c, clk := newFake(t)
	d, b := build(t, c, clk, nordlichtService, registerdatareport.Options{MaxCredits: limit})
	require.NotNil(t, d.Ownership)
	assert.Equal(t, 1, d.Ownership.Companies)
	nodes, _, _ := chartGraph(t, parse(t, b))
	require.Contains(t, nodes, "DE-HRB-F1103-267645")
	assert.True(t, hasClass(nodes["DE-HRB-F1103-267645"], "stop"), "the unexpanded owner is marked")
	assert.Contains(t, text(nodes["DE-HRB-F1103-267645"]), "credit limit")

	// The client's own budget holds as well.
	_, c, clk = newFake(t, registerdata.WithCreditBudget(25))
	d, _ = build(t, c, clk, nordlichtService, registerdatareport.Options{})
	assert.Equal(t, int64(20), d.Credits)
	assert.Contains(t, flagCodes(d), registerdatareport.FlagIncomplete)
}

func TestBuildMarksCompaniesAboveTheDepth(t *testing.T) {
	_, c, clk := newFake(t)
	d, b := build(t, c, clk, nordlichtService, registerdatareport.Options{Depth: 2})
	nodes, _, _ := chartGraph(t, parse(t, b))
	assert.True(t, hasClass(nodes["DE-HRB-D2601-198433"], "stop"))
	assert.Contains(t, text(nodes["DE-HRB-D2601-198433"]), "depth limit")
	assert.Contains(t, flagCodes(d), registerdatareport.FlagIncomplete)
}

func TestBuildRefusesBadInput(t *testing.T) {
	_, c, _ := newFake(t)
	ctx := context.Background()
	for _, o := range []registerdatareport.Options{{Depth: -1}, {MaxCredits: -5}} {
		_, err := registerdatareport.Build(ctx, c, nordlicht, o)
		assert.Error(t, err)
	}
	_, err := registerdatareport.Build(ctx, nil, nordlicht, registerdatareport.Options{})
	assert.ErrorContains(t, err, "client")
	for _, id := range []string{"", "../monitor", "a/b", "DE HRB"} {
		_, err := registerdatareport.Build(ctx, c, id, registerdatareport.Options{})
		assert.ErrorIs(t, err, registerdata.ErrInvalidRequest, "%q", id)
	}
	_, err = registerdatareport.Build(ctx, c, "DE-HRB-F1103-999999999", registerdatareport.Options{})
	assert.ErrorIs(t, err, registerdata.ErrNotFound)
	assert.Equal(t, int64(0), c.CreditsSpent())

	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	_, err = registerdatareport.Build(cancelled, c, nordlicht, registerdatareport.Options{})
	assert.ErrorIs(t, err, context.Canceled)

	var d *registerdatareport.Dossier
	assert.Error(t, d.WriteHTML(&strings.Builder{}))
	assert.Error(t, (&registerdatareport.Dossier{}).WriteHTML(&strings.Builder{}))
}

func TestBuildWithPersonsListsTheirOtherPositions(t *testing.T) {
	_, c, clk := newFake(t)
	d, b := build(t, c, clk, nordlichtService, registerdatareport.Options{IncludePersons: true})
	require.NotEmpty(t, d.Persons)
	reps := text(byID(t, parse(t, b), "representatives"))
	n := 0
	for _, p := range d.Persons {
		for _, m := range p.ManagementPositions {
			if m.RegisterID != nordlichtService {
				assert.Contains(t, reps, m.CompanyName+" ("+m.RegisterID+")")
				n++
			}
		}
	}
	assert.Positive(t, n, "Katrin Albers manages other companies")
	var prov registerdatareport.Provenance
	for _, p := range d.Provenance {
		if p.Section == registerdatareport.SectionRepresentatives {
			prov = p
		}
	}
	assert.Equal(t, len(d.Persons), prov.Requests)
	assert.Equal(t, int64(len(d.Persons))*registerdata.DefaultPrices().Of("GET /v1/person/{person_id}", false), prov.Credits)
}

func TestBuildFromTheCacheCostsNothing(t *testing.T) {
	_, c, clk := newFake(t, registerdata.WithCache(registerdata.NewMemoryCache(1000, 0)))
	first, _ := build(t, c, clk, nordlichtService, registerdatareport.Options{})
	second, b := build(t, c, clk, nordlichtService, registerdatareport.Options{})
	assert.Less(t, second.Credits, first.Credits)
	assert.Equal(t, c.CreditsSpent(), first.Credits+second.Credits)
	cached := 0
	for _, p := range second.Provenance {
		cached += p.Cached
		if p.Section == registerdatareport.SectionOwnership {
			assert.Equal(t, p.Requests, p.Cached, "every owner list from the cache")
			assert.Zero(t, p.Credits)
		}
	}
	assert.Positive(t, cached)
	assert.Contains(t, text(byID(t, parse(t, b), "provenance")), "from the client's cache")
}

func TestBuildRealtimeSaysSo(t *testing.T) {
	_, c, clk := newFake(t)
	d, b := build(t, c, clk, nordlicht, registerdatareport.Options{Realtime: true})
	require.Equal(t, registerdatareport.SectionCompany, d.Provenance[0].Section)
	assert.True(t, d.Provenance[0].Realtime)
	assert.Equal(t, registerdata.DefaultPrices().Of("GET /v1/company/{company_id}", true), d.Provenance[0].Credits)
	doc := parse(t, b)
	checkProvenance(t, doc, d, c.CreditsSpent())
	ps := find(byID(t, doc, "company"), func(n *html.Node) bool { return hasClass(n, "prov") })
	require.Len(t, ps, 1)
	assert.Contains(t, text(ps[0]), "realtime from the register")
	assert.Contains(t, text(ps[0]), "?realtime=true")
}

func ptr[T any](v T) *T { return &v }

// TestBuildMaxCreditsHoldsWhenAPaidCallIsRetried is defect 7 of issue 29
// for the dossier: a paid call whose answer is lost was charged, and its
// retry is a second write that Options.MaxCredits must pay for too.
func TestBuildMaxCreditsHoldsWhenAPaidCallIsRetried(t *testing.T) {
	for _, limit := range []int64{20, 30, 40} {
		t.Run(fmt.Sprint(limit), func(t *testing.T) {
			srv, c, clk := newFake(t)
			// Every answer about beneficial owners, insolvencies and
			// financials is lost: each write is charged and retried.
			for _, p := range []string{"/v1/company/" + nordlicht + "/ubo", "/v1/company/" + nordlicht + "/financials", "/v1/search/insolvency"} {
				require.NoError(t, srv.InjectFault(fake.Fault{PathPrefix: p, Drop: true, Probability: 1}))
			}
			d, _ := build(t, c, clk, nordlicht, registerdatareport.Options{MaxCredits: limit})
			assert.LessOrEqual(t, c.CreditsSpent(), limit, "the client counted more than the limit")
			assert.LessOrEqual(t, d.Credits, limit)
			assert.Equal(t, c.CreditsSpent(), d.Credits)
			assert.Contains(t, flagCodes(d), registerdatareport.FlagIncomplete)
		})
	}
}

// Curated companies of the fake.
const (
	nordlichtService = "DE-HRB-F1103-315870" // owned through Nordlicht Solartechnik, Helios AG and Vantara SE (cross-holding, foreign and public owners)
	nordlicht        = "DE-HRB-F1103-267645" // Nordlicht Solartechnik GmbH
	rheinkieselKG    = "DE-HRA-R3306-28817"  // Rheinkiesel Baustoffe GmbH & Co. KG
	alteMuehle       = "DE-HRB-D3310-30416"  // Alte Mühle Gastronomie GmbH i.L.: in liquidation, insolvency proceeding
	pfalzblick       = "DE-HRB-T3104-61402"  // Pfalzblick Logistik GmbH: two insolvency proceedings
	testAPIKey       = "rd-secret-3f9a7c1e5b2d4a6f8e0c"
)

// today is the fake's clock in the tests: after the curated data.
var today = time.Date(2025, 6, 2, 9, 0, 0, 0, time.UTC)

// newFake starts a fake with a fixed clock and a client for it.
func newFake(t testing.TB, opts ...registerdata.Option) (*fake.Server, *registerdata.Client, *fake.Clock) {
	t.Helper()
	return newFakeWith(t, nil, opts...)
}

// newFakeGenerated is newFake with generated companies after the curated
// ones: enough of the forms with owners for plantChain.
func newFakeGenerated(t testing.TB) (*fake.Server, *registerdata.Client, *fake.Clock) {
	t.Helper()
	return newFakeWith(t, []fake.Option{fake.WithGenerated(40)})
}

func newFakeWith(t testing.TB, fakeOpts []fake.Option, opts ...registerdata.Option) (*fake.Server, *registerdata.Client, *fake.Clock) {
	t.Helper()
	clk := fake.NewClock(today)
	srv := fake.NewServer(append([]fake.Option{fake.WithClock(clk), fake.WithAPIKey(testAPIKey), fake.WithCredits(1_000_000)}, fakeOpts...)...)
	t.Cleanup(srv.Close)
	base := []registerdata.Option{
		registerdata.WithAPIKey(srv.APIKey),
		registerdata.WithBaseURL(srv.URL),
		registerdata.WithHTTPClient(&http.Client{}),
		registerdata.WithRetryWait(time.Millisecond, 2*time.Millisecond, time.Minute),
	}
	c, err := registerdata.NewClient(append(base, opts...)...)
	require.NoError(t, err)
	return srv, c, clk
}

// build makes the dossier of id with the fake's clock and renders it.
func build(t testing.TB, c *registerdata.Client, clk *fake.Clock, id string, opts registerdatareport.Options) (*registerdatareport.Dossier, []byte) {
	t.Helper()
	opts.Now = clk.Now
	d, err := registerdatareport.Build(context.Background(), c, id, opts)
	require.NoError(t, err)
	var buf bytes.Buffer
	require.NoError(t, d.WriteHTML(&buf))
	return d, buf.Bytes()
}

// parse parses the file with the HTML5 parser, as a browser would.
func parse(t testing.TB, b []byte) *html.Node {
	t.Helper()
	doc, err := html.Parse(bytes.NewReader(b))
	require.NoError(t, err)
	return doc
}

// find returns the elements below n for which match is true, in order.
func find(n *html.Node, match func(*html.Node) bool) []*html.Node {
	var out []*html.Node
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && match(n) {
			out = append(out, n)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return out
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func hasClass(n *html.Node, class string) bool {
	for _, c := range strings.Fields(attr(n, "class")) {
		if c == class {
			return true
		}
	}
	return false
}

// byID is the element with id.
func byID(t testing.TB, doc *html.Node, id string) *html.Node {
	t.Helper()
	els := find(doc, func(n *html.Node) bool { return attr(n, "id") == id })
	require.Len(t, els, 1, "one element with id %q", id)
	return els[0]
}

// text is the text content of n.
func text(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
		if n.Type == html.ElementNode && n.Data != "bdi" && n.Data != "strong" && n.Data != "span" {
			b.WriteByte(' ') // cells and blocks are apart on screen
		}
	}
	walk(n)
	return strings.Join(strings.Fields(b.String()), " ")
}

func timeMonth(m int) time.Month { return time.Month(m) }
