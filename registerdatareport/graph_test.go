package registerdatareport_test

import (
	"testing"

	"github.com/registerdata/registerdata-go/registerdatareport"
	"github.com/stretchr/testify/require"
)

func TestTheLargeTreeIsCharted(t *testing.T) {
	srv, c, clk := newFakeGenerated(t)
	large := plantChain(t, srv, 4, 5)
	_, b := build(t, c, clk, large, registerdatareport.Options{})
	wantNodes, wantEdges, _ := treeGraph(t, c, large)
	nodes, edges, _ := chartGraph(t, parse(t, b))
	require.Greater(t, len(wantEdges), 80)
	require.Equal(t, keys(wantNodes), keys(nodes))
	require.Equal(t, wantEdges, edges)
}
