package registerdata

import "unsafe"

// decodeList is decodeSlice for answers with lists nested in lists (the
// rows of financial reports): the array is not counted ahead (at every
// level of nesting that would read the rows below again), the slice
// grows as its elements arrive, and each growth is paid from the
// decoder's budget before it is allocated. With an arena, the backing
// arrays are cut from the arena's chunks (see listArena); without one,
// each list allocates its own, doubling from listStart. The result is
// decodeSlice's: element i decoded into (*s)[i], reusing what the
// backing array holds up to its capacity; null sets *s to nil, [] to a
// new empty slice.
func decodeList[T any](d *decoder, s *[]T, field fieldFunc[T], a *listArena[T]) error {
	if d.Null() {
		*s = nil
		return nil
	}
	v := *s
	i := 0
	err := d.Array(func() error {
		if i == cap(v) {
			grown, err := growList(d, v[:i], a)
			if err != nil {
				return err
			}
			v = grown
		}
		v = v[:max(len(v), i+1)]
		i++
		return decodeObject(d, &v[i-1], field)
	})
	if err != nil {
		return err
	}
	if i == 0 {
		*s = []T{}
		return nil
	}
	*s = v[:i]
	return nil
}

// growList returns v (full: len(v) == cap(v)) with room for at least
// one element more, from a when it is not nil.
func growList[T any](d *decoder, v []T, a *listArena[T]) ([]T, error) {
	if a != nil {
		return a.grow(d, v)
	}
	n := max(listStart, 2*cap(v))
	if err := d.spend(int64(n) * sizeOf[T]()); err != nil {
		return nil, err
	}
	grown := make([]T, len(v), n)
	copy(grown, v)
	return grown, nil
}

// listArena hands out the backing arrays of a decode's lists of T (the
// rows of the report trees, a few hundred in lists of one to a dozen)
// from chunks allocated together, instead of one allocation per list.
// A list at the end of what the current chunk has handed out grows there
// in place, one element at a time, so that a list whose elements hold no
// lists of T ends with its exact length. A list that cannot (the lists
// of its elements' children were cut after it) moves to the end with
// twice its length; a list longer than half a chunk gets an array of
// its own, doubling. A region once handed out belongs to its list alone
// (appending to a decoded list cannot reach another's elements), and
// nothing is ever moved under a pointer to an element being decoded:
// lists move only between elements. The zero listArena is ready; it
// must not be kept beyond the decode, whose records own its chunks.
type listArena[T any] struct {
	chunk []T // len: what has been handed out
}

// Chunks of a listArena double from arenaFirst up to arenaMax elements,
// so that a small answer takes little more than its rows.
const arenaFirst, arenaMax = 8, 64

// grow returns v (full) with room for at least one element more.
func (a *listArena[T]) grow(d *decoder, v []T) ([]T, error) {
	n, used := len(v), len(a.chunk)
	if n > 0 && used < cap(a.chunk) && used >= n && unsafe.SliceData(a.chunk[used-n:]) == unsafe.SliceData(v) {
		a.chunk = a.chunk[:used+1]
		return a.chunk[used-n : used : used+1], nil
	}
	want := max(1, 2*n)
	if want > arenaMax/2 {
		if err := d.spend(int64(want) * sizeOf[T]()); err != nil {
			return nil, err
		}
		grown := make([]T, n, want)
		copy(grown, v)
		return grown, nil
	}
	if cap(a.chunk)-used < want {
		size := min(arenaMax, max(arenaFirst, 2*cap(a.chunk)))
		if err := d.spend(int64(size) * sizeOf[T]()); err != nil {
			return nil, err
		}
		a.chunk, used = make([]T, 0, size), 0
	}
	a.chunk = a.chunk[:used+want]
	grown := a.chunk[used : used+n : used+want]
	copy(grown, v)
	return grown, nil
}

// listStart is the capacity a list decoded by decodeList starts with.
const listStart = 4

// budgeted is implemented by the answers whose decoders keep to
// maxDecodeBytes as they go (see decoder.spend), so that the client
// need not read the body once more beforehand to estimate the cost.
type budgeted interface{ decodesWithinBudget() }

// decodeBudgeted decodes b, one JSON object (or null), into x with field
// within maxDecodeBytes of allocation, and checks that nothing follows.
func decodeBudgeted[T any](b []byte, x *T, field fieldFunc[T]) error {
	d := getDecoder(b)
	defer putDecoder(d)
	d.limit = maxDecodeBytes
	if err := decodeObject(d, x, field); err != nil {
		return err
	}
	return d.End()
}
