package searchengine

import (
	"math"
	"slices"
)

// numValues holds one number per document of a numeric column: noNumber,
// manyNumbers or the value. While every value is an integer of at most
// 40 bits (dates as YYYYMMDD, counts, money in cents up to ±5.4 billion
// euros), each takes five bytes, a low uint32 and a high int8; the first
// value that is not (a fraction, -0, a larger number) turns the column
// into float64s for good. Either way get returns exactly what set was
// given.
type numValues struct {
	wide []float64 // nil while packed
	lo   []uint32
	hi   []int8
}

// The packed codes of the markers: the two lowest 40-bit integers.
const (
	packedNone = -1 << 39
	packedMany = packedNone + 1
	packedMax  = 1<<39 - 1
)

// pack returns the 40-bit code of v, or false if v has none.
func pack(v float64) (int64, bool) {
	switch {
	case same(v, noNumber):
		return packedNone, true
	case same(v, manyNumbers):
		return packedMany, true
	case v != math.Trunc(v) || v < packedMany+1 || v > packedMax || (v == 0 && math.Signbit(v)):
		return 0, false
	}
	return int64(v), true
}

func (x *numValues) len() int {
	if x.wide != nil {
		return len(x.wide)
	}
	return len(x.lo)
}

// get returns the value of document d.
func (x *numValues) get(d uint32) float64 {
	if x.wide != nil {
		return x.wide[d]
	}
	switch k := int64(x.hi[d])<<32 | int64(x.lo[d]); k {
	case packedNone:
		return noNumber
	case packedMany:
		return manyNumbers
	default:
		return float64(k)
	}
}

// set makes v the value of document d.
func (x *numValues) set(d uint32, v float64) {
	if x.wide == nil {
		if k, ok := pack(v); ok {
			x.lo[d], x.hi[d] = uint32(k), int8(k>>32)
			return
		}
		x.widen()
	}
	x.wide[d] = v
}

// put is set for a document d of at most len: d == len adds it, as push
// and set would, in one step.
func (x *numValues) put(d uint32, v float64) {
	if int(d) < x.len() {
		x.set(d, v)
		return
	}
	if x.wide == nil {
		if k, ok := pack(v); ok {
			x.lo, x.hi = append(x.lo, uint32(k)), append(x.hi, int8(k>>32))
			return
		}
		x.widen()
	}
	x.wide = append(x.wide, v)
}

// widen turns the packed values into float64s.
func (x *numValues) widen() {
	wide := make([]float64, len(x.lo), cap(x.lo))
	for d := range x.lo {
		wide[d] = x.get(uint32(d))
	}
	x.wide, x.lo, x.hi = wide, nil, nil
}

// make sets the values to n documents holding no number, with room for
// capacity.
func (x *numValues) make(n, capacity int) {
	x.wide = nil
	x.lo, x.hi = make([]uint32, n, max(n, capacity)), make([]int8, n, max(n, capacity))
	for d := range n {
		x.set(uint32(d), noNumber)
	}
}

// grow makes room for n more documents.
func (x *numValues) grow(n int) {
	if x.wide != nil {
		x.wide = slices.Grow(x.wide, n)
		return
	}
	x.lo, x.hi = slices.Grow(x.lo, n), slices.Grow(x.hi, n)
}

// push adds a document holding no number.
func (x *numValues) push() {
	if x.wide != nil {
		x.wide = append(x.wide, noNumber)
		return
	}
	x.lo, x.hi = append(x.lo, packedNoneLo), append(x.hi, packedNoneHi)
}

// The halves of packedNone, as set stores them.
const (
	packedNoneLo = uint32(packedNone & math.MaxUint32)
	packedNoneHi = int8(packedNone >> 32)
)

// fit drops the spare capacity appending left, when that is more than an
// eighth.
func (x *numValues) fit() {
	if x.wide != nil {
		x.wide = fit(x.wide)
		return
	}
	x.lo, x.hi = fit(x.lo), fit(x.hi)
}
