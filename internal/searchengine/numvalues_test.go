package searchengine

import (
	"math"
	"testing"
)

// TestNumValuesKeepEveryValueExactly stores values at the edges of the
// packed range and past it, the markers and -0, and checks that each
// document reads back bit for bit what it was given, before and after
// a value turns the column into float64s.
func TestNumValuesKeepEveryValueExactly(t *testing.T) {
	fits := []float64{0, 1, -1, 20240131, packedMax, packedMany + 1, 1.246e11, -4.5e7, noNumber, manyNumbers}
	wide := []float64{math.Copysign(0, -1), 0.5, packedMax + 1, packedMany, packedNone, 1e300, -1e15}
	var x numValues
	x.make(0, 0)
	for _, v := range fits {
		x.push()
		x.set(uint32(x.len()-1), v)
	}
	if x.wide != nil {
		t.Fatal("values of 40 bits turned the column into float64s")
	}
	check := func(vs []float64, from int) {
		t.Helper()
		for i, v := range vs {
			if got := x.get(uint32(from + i)); !same(got, v) {
				t.Errorf("document %d: got %v (%#x), stored %v (%#x)", from+i, got, math.Float64bits(got), v, math.Float64bits(v))
			}
		}
	}
	check(fits, 0)
	for i, v := range wide {
		x.push()
		x.set(uint32(len(fits)+i), v)
		if x.wide == nil {
			t.Fatalf("%v did not turn the column into float64s", v)
		}
	}
	check(fits, 0)
	check(wide, len(fits))
	// A fresh column for each value that does not fit.
	for _, v := range wide {
		var y numValues
		y.make(3, 3)
		y.set(1, 7)
		y.set(2, v)
		if got := y.get(1); got != 7 {
			t.Errorf("after %v: document 1 reads %v, stored 7", v, got)
		}
		if got := y.get(2); !same(got, v) {
			t.Errorf("stored %v, read %v", v, got)
		}
		if got := y.get(0); !same(got, noNumber) {
			t.Errorf("a new document reads %v, not noNumber", got)
		}
	}
}

// TestNumValuesPushHoldsNoNumber: a document added by push holds no
// number, in a packed column and in a wide one.
func TestNumValuesPushHoldsNoNumber(t *testing.T) {
	var x numValues
	x.make(0, 0)
	x.push()
	if got := x.get(0); !same(got, noNumber) {
		t.Fatalf("packed: got %v (%#x)", got, math.Float64bits(got))
	}
	x.set(0, 0.5)
	x.push()
	if got := x.get(1); !same(got, noNumber) {
		t.Fatalf("wide: got %v (%#x)", got, math.Float64bits(got))
	}
}

// TestNumValuesPut: put adds the next document or replaces a value, in a
// packed column and once a value has made it wide.
func TestNumValuesPut(t *testing.T) {
	var x numValues
	x.make(0, 0)
	vs := []float64{3, noNumber, manyNumbers, 0.25, -7, noNumber}
	for d, v := range vs {
		x.put(uint32(d), v)
	}
	x.put(0, 4)
	vs[0] = 4
	if x.len() != len(vs) || x.wide == nil {
		t.Fatalf("len %d, wide %v", x.len(), x.wide != nil)
	}
	for d, v := range vs {
		if got := x.get(uint32(d)); !same(got, v) {
			t.Errorf("document %d: got %v, put %v", d, got, v)
		}
	}
}
