package searchengine

import "math/bits"

// bitset is a set of document numbers, one bit per document.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

// grow makes room for document n-1.
func (b *bitset) grow(n int) {
	if w := (n + 63) / 64; w > len(*b) {
		*b = append(*b, make(bitset, w-len(*b))...)
	}
}

func (b bitset) set(d uint32)   { b[d/64] |= 1 << (d % 64) }
func (b bitset) clear(d uint32) { b[d/64] &^= 1 << (d % 64) }

func (b bitset) has(d uint32) bool {
	w := int(d / 64)
	return w < len(b) && b[w]&(1<<(d%64)) != 0
}

// reset clears every bit.
func (b bitset) reset() { clear(b) }

// and keeps the bits also set in o; words past o's end are cleared.
func (b bitset) and(o bitset) {
	n := min(len(b), len(o))
	for i := range n {
		b[i] &= o[i]
	}
	clear(b[n:])
}

// or adds the bits of o (which must not be longer than b).
func (b bitset) or(o bitset) {
	for i, w := range o[:min(len(o), len(b))] {
		b[i] |= w
	}
}

// count returns the number of set bits.
func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// each calls fn for every set bit in increasing order until fn returns false.
func (b bitset) each(fn func(d uint32) bool) {
	for i, w := range b {
		for w != 0 {
			t := bits.TrailingZeros64(w)
			if !fn(uint32(i*64 + t)) {
				return
			}
			w &= w - 1
		}
	}
}

// andNot clears the bits set in o.
func (b bitset) andNot(o bitset) {
	for i, w := range o[:min(len(o), len(b))] {
		b[i] &^= w
	}
}
