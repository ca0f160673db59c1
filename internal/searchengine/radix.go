package searchengine

import "math"

// keyed is one (value, document) pair of a numeric column, with the value
// as an order-preserving unsigned key.
type keyed struct {
	k uint64
	d uint32
}

// orderKey maps v to a key whose unsigned order is cmp.Compare's order of
// the values: NaN first, and -0 equal to +0.
func orderKey(v float64) uint64 {
	if v != v {
		return 0
	}
	if v == 0 {
		v = 0 // -0 sorts as +0
	}
	b := math.Float64bits(v)
	if b>>63 != 0 {
		return ^b
	}
	return b | 1<<63
}

// keyValue is the inverse of orderKey for every value but NaN.
func keyValue(k uint64) float64 {
	if k>>63 != 0 {
		return math.Float64frombits(k &^ (1 << 63))
	}
	return math.Float64frombits(^k)
}

// radixSort sorts ps by key, stably: pairs with equal keys keep their
// order. It is a least-significant-digit radix sort on bytes that skips
// the bytes every key shares, which for whole numbers and dates are most
// of them. tmp is scratch of at least len(ps); the result is in ps or in
// tmp, whichever is returned.
func radixSort(ps, tmp []keyed) []keyed {
	if len(ps) < 2 {
		return ps
	}
	var counts [8][256]int
	for _, p := range ps {
		for b := range 8 {
			counts[b][byte(p.k>>(8*b))]++
		}
	}
	tmp = tmp[:len(ps)]
	for b := range 8 {
		c := &counts[b]
		if c[byte(ps[0].k>>(8*b))] == len(ps) {
			continue // every key has this byte
		}
		at := 0
		for v, n := range c {
			c[v] = at
			at += n
		}
		for _, p := range ps {
			v := byte(p.k >> (8 * b))
			tmp[c[v]] = p
			c[v]++
		}
		ps, tmp = tmp, ps
	}
	return ps
}

// same reports whether a and b are the same bits: the markers noNumber
// and manyNumbers are NaNs, which == never matches.
func same(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
