package searchengine

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestNumIndexFill checks every range of a single-valued index holding
// value (d*7)%50 for each document d of 0..n-1 against the definition,
// for sizes where the cumulative bitsets come into play.
func TestNumIndexFill(t *testing.T) {
	for _, n := range []int{10, 200, 5000} {
		x := &numIndex{}
		for d := range n {
			x.add(float64((d*7)%50), uint32(d))
		}
		for lo := -1; lo <= 50; lo += 3 {
			for hi := lo; hi <= 51; hi += 5 {
				a, b := x.span(float64(lo), float64(hi))
				got := newBitset(n)
				x.fill(got, n, a, b)
				for d := range n {
					v := (d * 7) % 50
					require.Equal(t, lo <= v && v <= hi, got.has(uint32(d)), "n=%d [%d,%d] doc %d value %d", n, lo, hi, d, v)
				}
			}
		}
	}
}

// TestNumIndexRemove checks that removed entries no longer match.
func TestNumIndexRemove(t *testing.T) {
	x := &numIndex{}
	for d := range 300 {
		x.add(float64(d), uint32(d))
	}
	for d := 0; d < 300; d += 2 {
		x.remove(float64(d), uint32(d))
	}
	a, b := x.span(0, 299)
	require.Equal(t, 150, b-a)
	got := newBitset(300)
	x.fill(got, 300, a, b)
	require.Equal(t, 150, got.count())
	require.False(t, got.has(0))
	require.True(t, got.has(1))
}
