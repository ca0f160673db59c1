package searchengine

import (
	"slices"
	"strings"
)

// sortByString sorts ds by key(d), in byte order (strings.Compare's),
// with an MSD radix sort on eight bytes of the keys at a time: the
// documents are placed by their keys' first eight bytes, then each run of
// documents whose keys share them by the next eight, and so on. A run
// small enough is sorted by comparing whole keys. It costs far fewer
// string comparisons than a comparison sort of a large table, whose keys
// (names) share long prefixes.
func sortByString(ds []uint32, key func(d uint32) string) {
	if len(ds) <= smallRun {
		sortRunByString(ds, key)
		return
	}
	ps, tmp := make([]keyed, len(ds)), make([]keyed, len(ds))
	sortFrom(ds, key, 0, ps, tmp)
}

// smallRun is the size of a run sorted by comparing whole keys.
const smallRun = 64

// sortFrom sorts ds, whose keys share their first off bytes (a key may
// be shorter), by key; ps and tmp are scratch of at least len(ds).
func sortFrom(ds []uint32, key func(d uint32) string, off int, ps, tmp []keyed) {
	ps = ps[:len(ds)]
	ended := true // every key ends before off
	for i, d := range ds {
		k := key(d)
		ended = ended && len(k) <= off
		ps[i] = keyed{prefix8(k, off), d}
	}
	if ended { // the padding hides where the keys end
		sortRunByString(ds, key)
		return
	}
	sorted := radixSort(ps, tmp)
	free := tmp // the scratch radixSort left free
	if &sorted[0] == &tmp[0] {
		free = ps
	}
	ps = sorted
	for i, p := range ps {
		ds[i] = p.d
	}
	for lo := 0; lo < len(ds); {
		hi := lo + 1
		for hi < len(ds) && ps[hi].k == ps[lo].k {
			hi++
		}
		switch {
		case hi-lo <= 1:
		case hi-lo <= smallRun:
			sortRunByString(ds[lo:hi], key)
		default:
			// ps is read no further within [lo, hi): the run may use it
			// there as scratch.
			sortFrom(ds[lo:hi], key, off+8, ps[lo:hi], free[lo:hi])
		}
		lo = hi
	}
}

// sortRunByString sorts ds by comparing whole keys.
func sortRunByString(ds []uint32, key func(d uint32) string) {
	slices.SortFunc(ds, func(a, b uint32) int { return strings.Compare(key(a), key(b)) })
}

// prefix8 returns the bytes off to off+8 of s as a big-endian number,
// padded with zeros: a key whose prefix8 is smaller is smaller.
func prefix8(s string, off int) uint64 {
	var k uint64
	for i := range 8 {
		k <<= 8
		if off+i < len(s) {
			k |= uint64(s[off+i])
		}
	}
	return k
}
