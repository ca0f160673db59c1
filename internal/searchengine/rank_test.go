package searchengine

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestFirstInOrderSelectsTheLowestRanks compares firstInOrder with a full
// sort on random permutations, ties excluded (ranks are distinct).
func TestFirstInOrderSelectsTheLowestRanks(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 60 {
		rank := make([]uint32, n)
		for i, r := range rng.Perm(n) {
			rank[i] = uint32(r)
		}
		for k := 0; k <= n+1; k++ {
			ds := make([]uint32, n)
			for i, d := range rng.Perm(n) {
				ds[i] = uint32(d)
			}
			want := slices.Clone(ds)
			slices.SortFunc(want, func(a, b uint32) int { return int(rank[a]) - int(rank[b]) })
			got := firstInOrder(ds, rank, k)
			require.Equal(t, fmt.Sprint(want[:min(k, n)]), fmt.Sprint(got), "n=%d k=%d", n, k)
		}
	}
}
