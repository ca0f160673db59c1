package registerdatareport

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// testGraph builds a chart graph: nodes named by the keys of owners (and
// "root"), edges "owner>owned" ("owner>>owned" for a cross-holding).
func testGraph(edges ...string) *graph {
	g := &graph{}
	byKey := map[string]*gnode{}
	node := func(k string) *gnode {
		if n, ok := byKey[k]; ok {
			return n
		}
		n := &gnode{Key: k, Name: "Beteiligungsgesellschaft " + k + " mbH", Detail: "DE-HRB-F1103-" + k, Kind: kindCompany, ID: "n" + itoa(len(g.Nodes))}
		byKey[k] = n
		g.Nodes = append(g.Nodes, n)
		return n
	}
	node("root").Kind = kindRoot
	re := regexp.MustCompile(`^(\w+)(>>?)(\w+)$`)
	for _, e := range edges {
		m := re.FindStringSubmatch(e)
		g.Edges = append(g.Edges, &gedge{From: node(m[1]), To: node(m[3]), Label: "25 %", Cross: m[2] == ">>"})
	}
	return g
}

// pathEnds reads the first and last point of an edge's path.
func pathEnds(t *testing.T, d string) (x0, y0, x1, y1 float64) {
	t.Helper()
	nums := regexp.MustCompile(`-?\d+(\.\d+)?`).FindAllString(d, -1)
	require.GreaterOrEqual(t, len(nums), 8, d)
	f := func(s string) float64 { v, err := strconv.ParseFloat(s, 64); require.NoError(t, err); return v }
	return f(nums[0]), f(nums[1]), f(nums[len(nums)-2]), f(nums[len(nums)-1])
}

// chainGraph is the curated kind of chart: owners over several levels, a
// person owning across two levels, and a cross-holding.
func chainGraph() *graph {
	return testGraph("a>root", "b>root", "c>a", "d>a", "e>b", "f>b", "g>c", "h>c", "p>a", "p>g", "i>e", "root>>c", "e>>d")
}

func TestLayoutPutsOwnersAboveWhatTheyOwn(t *testing.T) {
	g := chainGraph()
	w, h, err := layout(g)
	require.NoError(t, err)
	for _, e := range g.Edges {
		if e.Cross {
			continue
		}
		assert.Less(t, e.From.Y+e.From.H, e.To.Y, "%s stands above %s", e.From.Key, e.To.Key)
		x0, y0, x1, y1 := pathEnds(t, e.Path)
		assert.InDelta(t, e.From.Y+e.From.H, y0, 0.11, "%s>%s leaves the owner's bottom", e.From.Key, e.To.Key)
		assert.InDelta(t, e.To.Y, y1, 0.11, "%s>%s ends on the owned box's top (where its arrow points)", e.From.Key, e.To.Key)
		assert.True(t, x0 >= e.From.X && x0 <= e.From.X+e.From.W, "starts on the owner's box")
		assert.True(t, x1 >= e.To.X && x1 <= e.To.X+e.To.W, "ends on the owned box")
	}
	for _, n := range g.Nodes {
		assert.True(t, n.X >= -0.01 && n.Y >= -0.01 && n.X+n.W <= w+0.01 && n.Y+n.H <= h+0.01, "%s lies in the chart %gx%g", n.Key, w, h)
	}
	// The person owning on two levels stands above the higher one.
	p, g7 := g.Nodes[indexOf(g, "p")], g.Nodes[indexOf(g, "g")]
	assert.Less(t, p.Y, g7.Y)
}

func indexOf(g *graph, key string) int {
	for i, n := range g.Nodes {
		if n.Key == key {
			return i
		}
	}
	panic("no node " + key)
}

func TestLayoutBoxesDoNotOverlapAndHoldTheirText(t *testing.T) {
	g := chainGraph()
	g.Nodes[3].Name = "Ä Very Long Company Name With Umlauts Über Alles GmbH & Co. KG"
	g.Nodes[4].Share = "33.3 %"
	_, _, err := layout(g)
	require.NoError(t, err)
	for i, a := range g.Nodes {
		assert.GreaterOrEqual(t, a.W, textWidth(truncate(clean(a.Name)), nodeNameSize, true)+2*boxPadding, "%s holds its name", a.Key)
		assert.GreaterOrEqual(t, a.W, textWidth(nodeDetailLine(a), nodeDetailSize, false), "%s holds its detail", a.Key)
		if a.Share != "" {
			assert.Equal(t, float64(boxHeight3), a.H, "a third line makes the box taller")
		}
		for _, b := range g.Nodes[i+1:] {
			apart := a.X+a.W <= b.X || b.X+b.W <= a.X || a.Y+a.H <= b.Y || b.Y+b.H <= a.Y
			assert.True(t, apart, "%s and %s overlap", a.Key, b.Key)
		}
	}
}

func TestLayoutLabelsDoNotOverlap(t *testing.T) {
	g := testGraph("a>root", "b>root", "c>root", "d>root", "e>root", "f>a", "g>a", "h>a")
	_, _, err := layout(g)
	require.NoError(t, err)
	for i, a := range g.Edges {
		require.True(t, a.HasLabelXY)
		for _, b := range g.Edges[i+1:] {
			la := label{x: a.LabelX, y: a.LabelY, w: textWidth(a.Label, edgeLabelSize, true), ok: true}
			lb := label{x: b.LabelX, y: b.LabelY, w: textWidth(b.Label, edgeLabelSize, true), ok: true}
			assert.False(t, la.overlaps(lb), "labels of %s>%s and %s>%s", a.From.Key, a.To.Key, b.From.Key, b.To.Key)
		}
	}
}

func TestLayoutOrdersToAvoidCrossings(t *testing.T) {
	// Two owners of the root, each owned by its own pair: any order of
	// the top rank that interleaves the pairs crosses.
	g := testGraph("a>root", "b>root", "c>a", "d>b", "e>a", "f>b")
	for _, n := range g.Nodes {
		n.W, n.H = nodeSize(n)
	}
	l := newLayered(g)
	top := l.ranks[0]
	require.Len(t, top, 4)
	// Interleave: c, d, e, f.
	byKey := map[string]int{}
	for _, v := range top {
		byKey[l.nodes[v].g.Key] = v
	}
	l.ranks[0] = []int{byKey["c"], byKey["d"], byKey["e"], byKey["f"]}
	l.number()
	require.Equal(t, 1, l.crossings(), "d>b crosses e>a")
	l.order()
	assert.Equal(t, 0, l.crossings())
}

func TestLayoutOfACycleAndOfAnEdgeWithinARank(t *testing.T) {
	// a and b own each other without the cross mark: one edge is laid
	// out against the ranks, and nothing loops.
	g := testGraph("a>root", "b>a", "a>b", "c>root", "c>>a", "root>>b")
	w, h, err := layout(g)
	require.NoError(t, err)
	assert.Greater(t, w, 0.0)
	assert.Greater(t, h, 0.0)
	for _, e := range g.Edges {
		assert.NotEmpty(t, e.Path, "%s>%s is drawn", e.From.Key, e.To.Key)
		assert.NotContains(t, e.Path, "NaN")
	}
}

func TestLayoutIsDeterministic(t *testing.T) {
	a, b := chainGraph(), chainGraph()
	_, _, err := layout(a)
	require.NoError(t, err)
	_, _, err = layout(b)
	require.NoError(t, err)
	for i := range a.Edges {
		assert.Equal(t, a.Edges[i].Path, b.Edges[i].Path)
	}
	for i := range a.Nodes {
		assert.Equal(t, fmt.Sprint(a.Nodes[i].X, a.Nodes[i].Y), fmt.Sprint(b.Nodes[i].X, b.Nodes[i].Y))
	}
}

func TestLayoutKeepsALongEdgeStraight(t *testing.T) {
	// p owns the root directly and through a chain of three: its edge to
	// the root passes two ranks, vertically through each.
	g := testGraph("a>root", "b>a", "c>b", "p>c", "p>root")
	_, _, err := layout(g)
	require.NoError(t, err)
	long := g.Edges[4]
	require.Equal(t, "p", long.From.Key)
	segs := regexp.MustCompile(`C`).FindAllStringIndex(long.Path, -1)
	assert.Len(t, segs, 7, "four gaps and three ranks passed: %s", long.Path)
	_, _, x1, _ := pathEnds(t, long.Path)
	assert.False(t, math.IsNaN(x1))
}

func TestTextWidth(t *testing.T) {
	assert.InDelta(t, 6.672, textWidth("0", 12, false), 1e-9, "a digit is 556/1000 em")
	assert.InDelta(t, textWidth("a", 10, false), textWidth("ä", 10, false), 1e-9, "ä is as wide as a")
	assert.Greater(t, textWidth("Mm", 10, true), textWidth("Mm", 10, false), "bold is wider")
	assert.Greater(t, textWidth("中", 10, false), textWidth("i", 10, false))
	assert.Equal(t, 0.0, textWidth("", 10, false))
}
