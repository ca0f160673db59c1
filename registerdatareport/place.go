package registerdatareport

import "math"

// Spacing of the chart, in points.
const (
	nodeSep      = 22 // between two boxes of a rank
	dummySep     = 12 // beside an edge passing through a rank
	rankGap      = 64 // between two ranks, where the edges and their labels run
	placeSweeps  = 40 // passes of the horizontal balancing
	labelPadding = 4  // between an edge and its label
)

// place gives every node its horizontal position: packed left to right
// first, then, pass after pass, each rank is moved as close as its order
// and spacing allow to the weighted mean of its neighbours above and
// below (a least-squares fit per rank, solved exactly by pooling
// adjacent violators).
func (l *layered) place() {
	for _, rank := range l.ranks {
		x := 0.0
		for i, v := range rank {
			if i > 0 {
				x += l.gap(rank[i-1], v)
			}
			l.nodes[v].x = x
		}
	}
	for sweep := 0; sweep < placeSweeps; sweep++ {
		for k := range l.ranks {
			r := k
			if sweep%2 == 1 {
				r = len(l.ranks) - 1 - k
			}
			l.balance(l.ranks[r])
		}
	}
	minX := math.Inf(1)
	for _, n := range l.nodes {
		minX = min(minX, n.x-n.w/2)
	}
	for i := range l.nodes {
		l.nodes[i].x -= minX
	}
}

// gap is the least distance between the centres of neighbours a and b.
func (l *layered) gap(a, b int) float64 {
	sep := float64(nodeSep)
	if l.nodes[a].g == nil || l.nodes[b].g == nil {
		sep = dummySep
	}
	return (l.nodes[a].w+l.nodes[b].w)/2 + sep
}

// balance moves the nodes of rank to the positions closest (in the sum
// of squares, weighted) to their neighbours' mean that keep their order
// and spacing.
func (l *layered) balance(rank []int) {
	type block struct {
		start, end int // nodes [start, end)
		weight     float64
		sum        float64 // weighted sum of the wanted positions, offsets removed
	}
	blocks := make([]block, 0, len(rank))
	offset := 0.0
	offsets := make([]float64, len(rank))
	for i, v := range rank {
		if i > 0 {
			offset += l.gap(rank[i-1], v)
		}
		offsets[i] = offset
		want, weight := l.nodes[v].x, 0.0
		var sum float64
		for _, lk := range l.nodes[v].up {
			sum += lk.weight * l.nodes[lk.to].x
			weight += lk.weight
		}
		for _, lk := range l.nodes[v].down {
			sum += lk.weight * l.nodes[lk.to].x
			weight += lk.weight
		}
		if weight > 0 {
			want = sum / weight
		} else {
			weight = 0.01 // a node without neighbours stays, unless pushed
		}
		blocks = append(blocks, block{start: i, end: i + 1, weight: weight, sum: weight * (want - offset)})
		// Pool while the last block would stand left of the one before.
		for len(blocks) > 1 {
			a, b := blocks[len(blocks)-2], blocks[len(blocks)-1]
			if a.sum/a.weight < b.sum/b.weight {
				break
			}
			blocks = blocks[:len(blocks)-1]
			blocks[len(blocks)-1] = block{start: a.start, end: b.end, weight: a.weight + b.weight, sum: a.sum + b.sum}
		}
	}
	for _, b := range blocks {
		at := b.sum / b.weight
		for i := b.start; i < b.end; i++ {
			l.nodes[rank[i]].x = at + offsets[i]
		}
	}
}

// rankTops returns the top of each rank and the chart's height: each
// rank as high as its highest box, the boxes centred in it.
func (l *layered) rankTops() (tops, heights []float64) {
	tops, heights = make([]float64, len(l.ranks)), make([]float64, len(l.ranks))
	y := 0.0
	for r, rank := range l.ranks {
		for _, v := range rank {
			heights[r] = max(heights[r], l.nodes[v].h)
		}
		tops[r] = y
		y += heights[r] + rankGap
	}
	return tops, heights
}

// point is a position in the chart, origin top left.
type point struct{ x, y float64 }

// bezier is a cubic Bézier segment.
type bezier [4]point

// at returns the point of the segment at t in [0, 1].
func (b bezier) at(t float64) point {
	u := 1 - t
	a, c, d, e := u*u*u, 3*u*u*t, 3*u*t*t, t*t*t
	return point{a*b[0].x + c*b[1].x + d*b[2].x + e*b[3].x, a*b[0].y + c*b[1].y + d*b[2].y + e*b[3].y}
}

// line is the straight segment from p to q as a Bézier.
func line(p, q point) bezier {
	return bezier{p, {p.x + (q.x-p.x)/3, p.y + (q.y-p.y)/3}, {p.x + 2*(q.x-p.x)/3, p.y + 2*(q.y-p.y)/3}, q}
}

// route returns the segments of edge e: straight from box to box across
// one gap, vertical through the ranks a long edge crosses and curving
// between them; a free edge bends out to the right of its ends.
func (l *layered) route(e ledge, tops, heights []float64) []bezier {
	centre := func(v int) point {
		n := l.nodes[v]
		return point{n.x, tops[n.rank] + heights[n.rank]/2}
	}
	from, to := l.nodes[e.chain[0]], l.nodes[e.chain[len(e.chain)-1]]
	if e.free {
		a, b := centre(e.chain[0]), centre(e.chain[len(e.chain)-1])
		if from.rank == to.rank { // beside: an arc under the rank
			p := point{a.x, a.y + from.h/2}
			q := point{b.x, b.y + to.h/2}
			return []bezier{{p, {p.x, p.y + rankGap*0.6}, {q.x, q.y + rankGap*0.6}, q}}
		}
		// Upwards, closing a cycle: from the owner's top to the owned's
		// bottom, both a quarter of the way right, bowing to the right.
		p := point{a.x + from.w/4, a.y - from.h/2}
		q := point{b.x + to.w/4, b.y + to.h/2}
		bow := math.Max(30, math.Abs(p.y-q.y)/4)
		return []bezier{{p, {p.x + bow, p.y - (p.y-q.y)/3}, {q.x + bow, q.y + (p.y-q.y)/3}, q}}
	}
	// Across each gap the edge leaves the bottom of one rank and enters
	// the top of the next vertically, so that it never runs through a
	// box; through a rank it crosses it runs straight down.
	var segs []bezier
	for k := 0; k+1 < len(e.chain); k++ {
		a, b := e.chain[k], e.chain[k+1]
		na, nb := l.nodes[a], l.nodes[b]
		p := point{port(na, nb.x), tops[na.rank] + heights[na.rank]}
		if na.g != nil {
			p.y = tops[na.rank] + (heights[na.rank]+na.h)/2
		} else if k > 0 {
			segs = append(segs, line(point{na.x, tops[na.rank]}, p))
		}
		q := point{port(nb, na.x), tops[nb.rank]}
		if nb.g != nil {
			q.y += (heights[nb.rank] - nb.h) / 2
		}
		k := (q.y - p.y) / 2
		segs = append(segs, bezier{p, {p.x, p.y + k}, {q.x, q.y - k}, q})
	}
	return segs
}

// port is where an edge towards a node at x leaves or enters n: a box
// spreads its edges over its side towards where they go, a placeholder
// passes them at its centre.
func port(n lnode, x float64) float64 {
	if n.g == nil {
		return n.x
	}
	room := max(0, n.w/2-10)
	return n.x + max(-room, min(room, (x-n.x)*0.3))
}
