package registerdatareport

import (
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// Sizes of the chart's text, in points (the style sheet sets the same);
// the layout reserves room for them.
const (
	nodeNameSize   = 11.5
	nodeDetailSize = 9
	edgeLabelSize  = 9.5
	maxLabelRunes  = 44
)

// layout places g's nodes and routes its edges in layers, owners above
// what they own (see layered.go), and returns the chart's width and
// height in points.
func layout(g *graph) (w, h float64, err error) {
	if len(g.Nodes) == 0 {
		return 0, 0, nil
	}
	for _, n := range g.Nodes {
		n.W, n.H = nodeSize(n)
	}
	l := newLayered(g)
	l.order()
	l.place()
	tops, heights := l.rankTops()
	routes := make([][]bezier, len(l.edges))
	for i, e := range l.edges {
		routes[i] = l.route(e, tops, heights)
	}
	labels := placeLabels(l, routes)
	for i := range l.nodes {
		if n := l.nodes[i]; n.g != nil {
			n.g.X, n.g.Y = n.x-n.w/2, tops[n.rank]+(heights[n.rank]-n.h)/2
		}
	}
	return frame(g, l, routes, labels)
}

// Padding of a box around its text, and the heights of boxes of two and
// three lines, in points.
const (
	boxPadding   = 12
	boxMinWidth  = 60
	boxHeight2   = 48.5
	boxHeight3   = 64
	labelAscent  = 9
	labelDescent = 3
)

// nodeSize returns the width and height of n's box: room for its lines
// as the chart sets them (the name bold, the others smaller), with some
// to spare for a browser font a little wider than Helvetica.
func nodeSize(n *gnode) (w, h float64) {
	w = textWidth(truncate(clean(n.Name)), nodeNameSize, true)
	w = max(w, textWidth(nodeDetailLine(n), nodeDetailSize, false))
	h = boxHeight2
	if note := nodeNoteLine(n); note != "" {
		w = max(w, textWidth(note, nodeDetailSize, true))
		h = boxHeight3
	}
	return max(boxMinWidth, w*1.06+2*boxPadding), h
}

// label is where an edge's label is set: centred on x, baseline at y.
type label struct {
	x, y, w float64
	ok      bool
}

func (a label) overlaps(b label) bool {
	return a.ok && b.ok && math.Abs(a.x-b.x) < (a.w+b.w)/2+2 && math.Abs(a.y-b.y) < labelAscent+labelDescent+1
}

// labelSpots are the places along its last segment (from its middle
// outwards) where an edge's label may go, tried in turn until one
// overlaps no label placed before.
var labelSpots = []float64{0.5, 0.32, 0.68, 0.18, 0.82}

// placeLabels sets each edge's label to the right of the edge's last
// segment, in the gap above the box it points to.
func placeLabels(l *layered, routes [][]bezier) []label {
	out := make([]label, len(l.edges))
	byRank := map[int][]label{}
	for i, e := range l.edges {
		if e.e.Label == "" {
			continue
		}
		seg := routes[i][len(routes[i])-1]
		lw := textWidth(e.e.Label, edgeLabelSize, true)
		at := func(t float64) label {
			p := seg.at(t)
			return label{x: p.x + labelPadding + lw/2, y: p.y + labelDescent, w: lw, ok: true}
		}
		rank := l.nodes[e.chain[len(e.chain)-1]].rank
		out[i] = at(labelSpots[0])
	spots:
		for _, t := range labelSpots {
			c := at(t)
			for _, o := range byRank[rank] {
				if c.overlaps(o) {
					continue spots
				}
			}
			out[i] = c
			break
		}
		byRank[rank] = append(byRank[rank], out[i])
	}
	return out
}

// frame moves the chart so that everything drawn (boxes, edges and
// labels) starts at 0,0, writes the edges' paths and labels into g, and
// returns the size of what is drawn.
func frame(g *graph, l *layered, routes [][]bezier, labels []label) (w, h float64, err error) {
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	add := func(x0, y0, x1, y1 float64) {
		minX, minY, maxX, maxY = min(minX, x0), min(minY, y0), max(maxX, x1), max(maxY, y1)
	}
	for _, n := range g.Nodes {
		add(n.X, n.Y, n.X+n.W, n.Y+n.H)
	}
	for _, r := range routes {
		for _, s := range r {
			for _, p := range s {
				add(p.x, p.y, p.x, p.y)
			}
		}
	}
	for _, lb := range labels {
		if lb.ok {
			add(lb.x-lb.w/2, lb.y-labelAscent, lb.x+lb.w/2, lb.y+labelDescent)
		}
	}
	if math.IsInf(minX, 0) || math.IsNaN(minX+minY+maxX+maxY) {
		return 0, 0, fmt.Errorf("registerdatareport: the ownership chart of %d owners could not be laid out", len(g.Nodes)-1)
	}
	for _, n := range g.Nodes {
		n.X, n.Y = n.X-minX, n.Y-minY
	}
	for i, e := range l.edges {
		var b strings.Builder
		for k, s := range routes[i] {
			if k == 0 {
				fmt.Fprintf(&b, "M%.1f,%.1f", s[0].x-minX, s[0].y-minY)
			}
			fmt.Fprintf(&b, " C%.1f,%.1f %.1f,%.1f %.1f,%.1f", s[1].x-minX, s[1].y-minY, s[2].x-minX, s[2].y-minY, s[3].x-minX, s[3].y-minY)
		}
		e.e.Path = b.String()
		if lb := labels[i]; lb.ok {
			e.e.LabelX, e.e.LabelY, e.e.HasLabelXY = lb.x-minX, lb.y-minY, true
		}
	}
	return maxX - minX, maxY - minY, nil
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
	case "not_published":
		parts = append(parts, "owners not published for its legal form")
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
