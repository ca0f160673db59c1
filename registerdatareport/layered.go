package registerdatareport

import (
	"cmp"
	"slices"
)

// The ownership chart is laid out in layers, the way Graphviz's dot lays
// out a directed graph (Sugiyama's method): every owner stands in a layer
// above what it owns, edges that span several layers pass through
// placeholder points, the order within each layer is chosen to cross few
// edges, and the horizontal positions balance each box over and under its
// neighbours. This file ranks and orders; place.go positions and routes.

// lnode is a box of the chart or a placeholder point of a long edge.
type lnode struct {
	g     *gnode // nil for a placeholder
	rank  int
	w, h  float64
	x     float64 // centre
	pos   int     // index within its rank
	up    []link  // neighbours in the rank above
	down  []link  // neighbours in the rank below
	dfsAt int     // first visit from the root, the initial order
}

// link is a neighbour in an adjacent rank and the weight of the edge
// between them: long edges pull harder, so that they run straight.
type link struct {
	to     int
	weight float64
}

// ledge is an edge of the chart as laid out: the chain of nodes it runs
// through, from owner to owned; free edges (owned above or beside the
// owner, which closes a cycle of cross-holdings) run outside the layers.
type ledge struct {
	e     *gedge
	chain []int
	free  bool
}

type layered struct {
	nodes []lnode
	ranks [][]int // node indices of each rank, in order
	edges []ledge
}

// newLayered ranks g: the company of the dossier at the bottom, each
// owner one layer above the highest company it owns through edges that
// do not close a cycle.
func newLayered(g *graph) *layered {
	l := &layered{nodes: make([]lnode, len(g.Nodes))}
	index := make(map[*gnode]int, len(g.Nodes))
	for i, n := range g.Nodes {
		index[n] = i
		l.nodes[i] = lnode{g: n, w: n.W, h: n.H, dfsAt: -1}
	}
	// Edges that keep owners above: not those that close a cross-holding,
	// nor any other that would close a cycle (found by the search).
	owned := make([][]int, len(g.Nodes))
	for _, e := range g.Edges {
		if !e.Cross && e.From != e.To {
			owned[index[e.From]] = append(owned[index[e.From]], index[e.To])
		}
	}
	height := make([]int, len(g.Nodes))
	state := make([]byte, len(g.Nodes)) // 0 new, 1 on the path, 2 done
	var visit func(v int)
	visit = func(v int) {
		state[v] = 1
		for _, w := range owned[v] {
			if state[w] == 0 {
				visit(w)
			}
			if state[w] == 2 {
				height[v] = max(height[v], height[w]+1)
			}
		}
		state[v] = 2
	}
	top := 0
	for v := range l.nodes {
		if state[v] == 0 {
			visit(v)
		}
		top = max(top, height[v])
	}
	for v := range l.nodes {
		l.nodes[v].rank = top - height[v]
	}
	l.ranks = make([][]int, top+1)
	for _, e := range g.Edges {
		from, to := index[e.From], index[e.To]
		if l.nodes[from].rank >= l.nodes[to].rank {
			l.edges = append(l.edges, ledge{e: e, chain: []int{from, to}, free: true})
			continue
		}
		chain := []int{from}
		for r := l.nodes[from].rank + 1; r < l.nodes[to].rank; r++ {
			l.nodes = append(l.nodes, lnode{rank: r, dfsAt: -1})
			chain = append(chain, len(l.nodes)-1)
		}
		chain = append(chain, to)
		for k := 1; k < len(chain); k++ {
			a, b := chain[k-1], chain[k]
			w := 1.0
			switch {
			case l.nodes[a].g == nil && l.nodes[b].g == nil:
				w = 8
			case l.nodes[a].g == nil || l.nodes[b].g == nil:
				w = 2
			}
			l.nodes[a].down = append(l.nodes[a].down, link{b, w})
			l.nodes[b].up = append(l.nodes[b].up, link{a, w})
		}
		l.edges = append(l.edges, ledge{e: e, chain: chain})
	}
	l.initialOrder()
	return l
}

// initialOrder orders each rank by a depth-first walk up from the
// company of the dossier, the owners of a company side by side in the
// order the register lists them.
func (l *layered) initialOrder() {
	next := 0
	var walk func(v int)
	walk = func(v int) {
		l.nodes[v].dfsAt = next
		next++
		for _, u := range l.nodes[v].up {
			if l.nodes[u.to].dfsAt < 0 {
				walk(u.to)
			}
		}
	}
	// The bottom rank first (the company of the dossier is node 0), then
	// whatever no walk reached.
	if len(l.nodes) > 0 {
		walk(0)
	}
	for v := range l.nodes {
		if l.nodes[v].dfsAt < 0 {
			walk(v)
		}
	}
	for v := range l.nodes {
		l.ranks[l.nodes[v].rank] = append(l.ranks[l.nodes[v].rank], v)
	}
	for _, rank := range l.ranks {
		slices.SortFunc(rank, func(a, b int) int { return cmp.Compare(l.nodes[a].dfsAt, l.nodes[b].dfsAt) })
	}
	l.number()
}

// number records each node's index within its rank.
func (l *layered) number() {
	for _, rank := range l.ranks {
		for i, v := range rank {
			l.nodes[v].pos = i
		}
	}
}

// orderSweeps is how many times the ordering passes over the ranks.
const orderSweeps = 24

// order reduces crossings: alternately downwards and upwards, each rank
// is sorted by the mean position of its neighbours in the rank just
// placed; the order with the fewest crossings seen is kept.
func (l *layered) order() {
	best, bestCross := l.snapshot(), l.crossings()
	for sweep := 0; sweep < orderSweeps && bestCross > 0; sweep++ {
		down := sweep%2 == 0
		for k := 1; k < len(l.ranks); k++ {
			r := k
			if !down {
				r = len(l.ranks) - 1 - k
			}
			l.sortRank(r, down)
		}
		if c := l.crossings(); c < bestCross {
			best, bestCross = l.snapshot(), c
		}
	}
	l.ranks = best
	l.number()
}

// sortRank sorts rank r by the barycentre of each node's neighbours above
// (fromAbove) or below; a node without such neighbours keeps its place.
func (l *layered) sortRank(r int, fromAbove bool) {
	rank := l.ranks[r]
	bary := make(map[int]float64, len(rank))
	for _, v := range rank {
		links := l.nodes[v].down
		if fromAbove {
			links = l.nodes[v].up
		}
		if len(links) == 0 {
			bary[v] = float64(l.nodes[v].pos)
			continue
		}
		var sum float64
		for _, u := range links {
			sum += float64(l.nodes[u.to].pos)
		}
		// Scaled to this rank's length, so that a node without
		// neighbours keeps a comparable position.
		bary[v] = sum / float64(len(links)) * float64(len(rank)) / float64(max(1, len(l.ranks[l.nodes[links[0].to].rank])))
	}
	slices.SortStableFunc(rank, func(a, b int) int { return cmp.Compare(bary[a], bary[b]) })
	for i, v := range rank {
		l.nodes[v].pos = i
	}
}

func (l *layered) snapshot() [][]int {
	out := make([][]int, len(l.ranks))
	for i, r := range l.ranks {
		out[i] = slices.Clone(r)
	}
	return out
}

// crossings counts the edge crossings between all adjacent ranks, in
// O(E log V) per pair of ranks (Barth, Jünger and Mutzel's count with a
// Fenwick tree).
func (l *layered) crossings() int {
	total := 0
	var pairs [][2]int
	for r := 0; r+1 < len(l.ranks); r++ {
		pairs = pairs[:0]
		for _, v := range l.ranks[r] {
			for _, d := range l.nodes[v].down {
				pairs = append(pairs, [2]int{l.nodes[v].pos, l.nodes[d.to].pos})
			}
		}
		slices.SortFunc(pairs, func(a, b [2]int) int {
			if c := cmp.Compare(a[0], b[0]); c != 0 {
				return c
			}
			return cmp.Compare(a[1], b[1])
		})
		n := len(l.ranks[r+1])
		tree := make([]int, n+1)
		seen := 0
		for _, p := range pairs {
			// Edges seen so far that end to the right of p's end cross it.
			le := 0
			for i := p[1] + 1; i > 0; i -= i & -i {
				le += tree[i]
			}
			total += seen - le
			for i := p[1] + 1; i <= n; i += i & -i {
				tree[i]++
			}
			seen++
		}
	}
	return total
}
