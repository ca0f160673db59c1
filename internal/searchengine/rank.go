package searchengine

import (
	"cmp"
	"slices"
)

// ranks returns every live document's position in result order (t.order),
// indexed by document number. It is built on demand, by concurrent
// searches too, and dropped when the order changes.
func (t *table[R]) ranks() []uint32 {
	if r := t.rank.Load(); r != nil {
		return *r
	}
	r := make([]uint32, t.size())
	for i, d := range t.order {
		r[d] = uint32(i)
	}
	t.rank.Store(&r)
	return r
}

// firstInOrder reorders ds (distinct live documents) so that its first
// min(k, len(ds)) entries are those that come first in result order, in
// that order, and returns them. It sorts only what it must: a
// quickselect splits off the k first, then only they are sorted, by
// rank.
func firstInOrder(ds []uint32, rank []uint32, k int) []uint32 {
	k = min(k, len(ds))
	if k == 0 {
		return nil
	}
	by := func(a, b uint32) int { return cmp.Compare(rank[a], rank[b]) }
	if k < len(ds)/2 {
		selectFirst(ds, rank, k)
		slices.SortFunc(ds[:k], by)
	} else {
		slices.SortFunc(ds, by)
	}
	return ds[:k]
}

// selectFirst moves the k documents of lowest rank to ds[:k], in any
// order (Hoare's quickselect with a median-of-three pivot).
func selectFirst(ds []uint32, rank []uint32, k int) {
	lo, hi := 0, len(ds)-1
	for hi > lo {
		mid := lo + (hi-lo)/2
		a, b, c := rank[ds[lo]], rank[ds[mid]], rank[ds[hi]]
		pivot := max(min(a, b), min(max(a, b), c))
		i, j := lo, hi
		for i <= j {
			for rank[ds[i]] < pivot {
				i++
			}
			for rank[ds[j]] > pivot {
				j--
			}
			if i <= j {
				ds[i], ds[j] = ds[j], ds[i]
				i++
				j--
			}
		}
		switch {
		case k-1 <= j:
			hi = j
		case k-1 >= i:
			lo = i
		default:
			return
		}
	}
}
