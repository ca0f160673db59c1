package registerdatareport

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/goccy/go-graphviz"
)

// The Graphviz instance is made once (compiling its WebAssembly takes a
// moment) and shared; it is not safe for concurrent use, so every layout
// holds gvMu.
var (
	gvMu   sync.Mutex
	gvInst *graphviz.Graphviz
)

// Sizes of the chart's text, in points; the layout reserves room for them.
const (
	nodeNameSize   = 11.5
	nodeDetailSize = 9
	edgeLabelSize  = 9.5
	maxLabelRunes  = 44
)

// layout places g's nodes and routes its edges with Graphviz's dot
// (owners above what they own) and returns the chart's width and height
// in points.
func layout(g *graph) (w, h float64, err error) {
	if len(g.Nodes) == 0 {
		return 0, 0, nil
	}
	gvMu.Lock()
	defer gvMu.Unlock()
	ctx := context.Background()
	if gvInst == nil {
		inst, err := graphviz.New(ctx)
		if err != nil {
			return 0, 0, fmt.Errorf("registerdatareport: starting Graphviz for the ownership chart: %w", err)
		}
		gvInst = inst
	}
	gr, err := graphviz.ParseBytes(dotSource(g))
	if err != nil {
		return 0, 0, fmt.Errorf("registerdatareport: ownership chart: %w", err)
	}
	defer gr.Close()
	var buf bytes.Buffer
	if err := gvInst.Render(ctx, gr, graphviz.Format("json0"), &buf); err != nil {
		return 0, 0, fmt.Errorf("registerdatareport: ownership chart layout: %w", err)
	}
	return applyLayout(g, buf.Bytes())
}

// dotSource is g in Graphviz's DOT language: the whole graph goes to
// Graphviz in one parse, rather than one WebAssembly call an attribute.
// Owners stand above what they own; an edge that closes a cycle of
// cross-holdings does not constrain the ranks.
func dotSource(g *graph) []byte {
	var b strings.Builder
	b.WriteString("digraph ownership {\n\trankdir=TB; nodesep=0.3; ranksep=0.7;\n")
	// Names are sized in a face a little larger than the bold one the
	// browser draws, to leave room.
	fmt.Fprintf(&b, "\tnode [shape=box, margin=0.12, fontname=\"Helvetica-Bold\", fontsize=%g];\n", nodeNameSize+1.5)
	fmt.Fprintf(&b, "\tedge [fontname=\"Helvetica\", fontsize=%g];\n", edgeLabelSize)
	for _, n := range g.Nodes {
		fmt.Fprintf(&b, "\t%s [label=%s];\n", n.ID, dotString(nodeLabel(n)))
	}
	for i, e := range g.Edges {
		fmt.Fprintf(&b, "\t%s -> %s [id=e%d, label=%s", e.From.ID, e.To.ID, i, dotString(e.Label))
		if e.Cross {
			b.WriteString(", constraint=false")
		}
		b.WriteString("];\n")
	}
	b.WriteString("}\n")
	return []byte(b.String())
}

// dotString quotes s for DOT. Backslashes are doubled so that Graphviz
// reads no escape sequence (\N, \G, \l) into a label, quotes are escaped,
// and line breaks become Graphviz's \n; the label only sizes the node.
func dotString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// nodeLabel is the text Graphviz sizes a node for: the lines the chart
// draws in it.
func nodeLabel(n *gnode) string {
	lines := []string{truncate(clean(n.Name)), nodeDetailLine(n)}
	if l := nodeNoteLine(n); l != "" {
		lines = append(lines, l)
	}
	return strings.Join(lines, "\n")
}

// nodeDetailLine is the node's second line.
func nodeDetailLine(n *gnode) string { return truncate(clean(n.Detail)) }

// nodeNoteLine is the node's third line: the effective share of a person
// or owner outside the register, or why a company was not expanded.
func nodeNoteLine(n *gnode) string {
	var parts []string
	if n.Beneficial {
		parts = append(parts, "beneficial owner")
	}
	if n.Share != "" {
		parts = append(parts, "effective "+n.Share)
	}
	switch n.Stop {
	case "depth":
		parts = append(parts, "not expanded: depth limit")
	case "budget":
		parts = append(parts, "not expanded: credit limit")
	case "not_found":
		parts = append(parts, "no owner list")
	case "cancelled":
		parts = append(parts, "not expanded: error")
	}
	return strings.Join(parts, " · ")
}

func truncate(s string) string {
	if utf8.RuneCountInString(s) <= maxLabelRunes {
		return s
	}
	r := []rune(s)
	return string(r[:maxLabelRunes-1]) + "…"
}

// gvJSON is the part of Graphviz's json0 output the chart uses.
type gvJSON struct {
	BB      string `json:"bb"`
	Objects []struct {
		Name   string `json:"name"`
		Pos    string `json:"pos"`
		Width  string `json:"width"`
		Height string `json:"height"`
	} `json:"objects"`
	Edges []struct {
		ID  string `json:"id"`
		Pos string `json:"pos"`
		LP  string `json:"lp"`
	} `json:"edges"`
}

// applyLayout reads Graphviz's positions into g, turning its y axis
// (upwards) into SVG's (downwards).
func applyLayout(g *graph, out []byte) (w, h float64, err error) {
	var j gvJSON
	if err := json.Unmarshal(out, &j); err != nil {
		return 0, 0, fmt.Errorf("registerdatareport: reading the ownership chart layout: %w", err)
	}
	bb := floats(j.BB)
	if len(bb) != 4 {
		return 0, 0, fmt.Errorf("registerdatareport: ownership chart layout has bounding box %q", j.BB)
	}
	w, h = bb[2], bb[3]
	byID := map[string]*gnode{}
	for _, n := range g.Nodes {
		byID[n.ID] = n
	}
	for _, o := range j.Objects {
		n, ok := byID[o.Name]
		if !ok {
			continue
		}
		p := floats(o.Pos)
		if len(p) != 2 {
			return 0, 0, fmt.Errorf("registerdatareport: ownership chart layout: node %s at %q", o.Name, o.Pos)
		}
		wi, _ := strconv.ParseFloat(o.Width, 64)
		hi, _ := strconv.ParseFloat(o.Height, 64)
		n.W, n.H = wi*72, hi*72
		n.X, n.Y = p[0]-n.W/2, h-p[1]-n.H/2
	}
	for _, e := range j.Edges {
		i, err := strconv.Atoi(strings.TrimPrefix(e.ID, "e"))
		if err != nil || i < 0 || i >= len(g.Edges) {
			continue
		}
		ge := g.Edges[i]
		ge.Path = splinePath(e.Pos, h)
		if lp := floats(e.LP); len(lp) == 2 {
			ge.LabelX, ge.LabelY, ge.HasLabelXY = lp[0], h-lp[1], true
		}
	}
	return w, h, nil
}

// splinePath turns a Graphviz spline ("e,x,y x,y x,y ...": an optional
// arrow end point, then a start point and triples of Bézier control
// points) into SVG path data ending at the arrow's tip.
func splinePath(pos string, h float64) string {
	var end []float64
	var pts [][2]float64
	for _, f := range strings.Fields(pos) {
		if strings.HasPrefix(f, "e,") {
			end = floats(f[2:])
			continue
		}
		if strings.HasPrefix(f, "s,") {
			continue
		}
		if p := floats(f); len(p) == 2 {
			pts = append(pts, [2]float64{p[0], h - p[1]})
		}
	}
	if len(pts) < 4 {
		return ""
	}
	var b strings.Builder
	fmt.Fprintf(&b, "M%.1f,%.1f", pts[0][0], pts[0][1])
	for i := 1; i+2 < len(pts); i += 3 {
		fmt.Fprintf(&b, " C%.1f,%.1f %.1f,%.1f %.1f,%.1f", pts[i][0], pts[i][1], pts[i+1][0], pts[i+1][1], pts[i+2][0], pts[i+2][1])
	}
	if len(end) == 2 {
		fmt.Fprintf(&b, " L%.1f,%.1f", end[0], h-end[1])
	}
	return b.String()
}

func floats(s string) []float64 {
	parts := strings.Split(s, ",")
	out := make([]float64, 0, len(parts))
	for _, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	return out
}
