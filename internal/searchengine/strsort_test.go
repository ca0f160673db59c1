package searchengine

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestSortByStringOrdersAsStringsCompare sorts keys with long shared
// prefixes, NUL bytes, keys that are prefixes of others and duplicates,
// in tables small and large enough for the radix passes, as a comparison
// sort orders them.
func TestSortByStringOrdersAsStringsCompare(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	parts := []string{"", "\x00", "a", "ab", "nordlicht solartechnik gmbh", "nordlicht solar", "z\x00", "\xff"}
	for _, n := range []int{0, 1, 50, 3_000, 40_000} {
		keys := make([]string, n)
		for i := range keys {
			var b strings.Builder
			for range rng.IntN(4) {
				b.WriteString(parts[rng.IntN(len(parts))])
			}
			keys[i] = b.String()
		}
		ds := make([]uint32, n)
		for i := range ds {
			ds[i] = uint32(i)
		}
		rng.Shuffle(n, func(i, j int) { ds[i], ds[j] = ds[j], ds[i] })
		sortByString(ds, func(d uint32) string { return keys[d] })
		got := make([]string, n)
		for i, d := range ds {
			got[i] = keys[d]
		}
		want := slices.Clone(keys)
		slices.Sort(want)
		assert.Equal(t, want, got, "n=%d", n)
		slices.Sort(ds)
		assert.Equal(t, n, len(slices.Compact(ds)), "every document once")
	}
}
