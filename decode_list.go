package registerdata

// decodeList is decodeSlice for answers with lists nested in lists (the
// rows of financial reports): the array is not counted ahead (at every
// level of nesting that would read the rows below again), and what a
// list takes is paid from the decoder's budget before it is allocated.
// With an arena, the elements are decoded into the arena's scratch list
// of their level of nesting and then copied into an array of their exact
// length (see listArena); without one, or into a list that has room
// already, the slice grows as its elements arrive, doubling from
// listStart. The result is decodeSlice's: element i decoded into
// (*s)[i], reusing what the backing array holds up to its capacity; null
// sets *s to nil, [] to a new empty slice.
func decodeList[T any](d *decoder, s *[]T, field fieldFunc[T], a *listArena[T]) error {
	if d.Null() {
		*s = nil
		return nil
	}
	if a == nil || cap(*s) > 0 {
		return growList(d, s, field)
	}
	level := a.depth
	if level == len(a.levels) {
		a.levels = append(a.levels, nil)
	}
	a.depth++
	n := 0
	err := d.Array(func() error {
		v := a.levels[level]
		if n == cap(v) {
			c := max(arenaFirst, 2*cap(v))
			if err := d.spend(int64(c) * sizeOf[T]()); err != nil {
				return err
			}
			grown := make([]T, n, c)
			copy(grown, v)
			v = grown
		}
		v = v[:n+1]
		a.levels[level] = v
		n++
		return decodeObject(d, &v[n-1], field)
	})
	a.depth--
	if err != nil {
		return err
	}
	if n == 0 {
		*s = []T{}
		return nil
	}
	out, err := a.cut(d, n)
	if err != nil {
		return err
	}
	v := a.levels[level]
	copy(out, v)
	clear(v)
	a.levels[level] = v[:0]
	*s = out
	return nil
}

// growList is decodeList without an arena: the slice grows as its
// elements arrive, each growth paid from the budget.
func growList[T any](d *decoder, s *[]T, field fieldFunc[T]) error {
	v := *s
	size := sizeOf[T]()
	i := 0
	err := d.Array(func() error {
		if i == cap(v) {
			n := max(listStart, 2*cap(v))
			if err := d.spend(int64(n) * size); err != nil {
				return err
			}
			grown := make([]T, i, n)
			copy(grown, v[:i])
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

// listArena holds what a decode needs for its lists of T (the rows of the
// report trees: a few hundred, in lists of one to a dozen) beyond the
// lists themselves. A list's elements are decoded into the scratch list
// of its level of nesting (the rows below it use the next level's, so
// nothing moves under an element being decoded), then copied into an
// array of the list's exact length cut from a chunk shared by many
// lists, instead of one allocation per list and the spare room of a
// doubling slice. An array once cut belongs to its list alone:
// appending to a decoded list cannot reach another's elements. The
// scratch lists are cleared after use and kept with the decoder; the
// chunks belong to the decoded records (see release).
type listArena[T any] struct {
	chunk  []T   // len: what has been cut
	levels [][]T // scratch list of each level of nesting
	depth  int   // the level of the next list
}

// Chunks of a listArena double from arenaFirst up to arenaMax elements,
// so that a small answer takes little more than its rows; a list longer
// than half of arenaMax gets an array of its own.
const arenaFirst, arenaMax = 8, 64

// arenaKeep bounds the scratch lists a decoder keeps between decodes:
// a hostile answer's long list is not kept.
const arenaKeep = 256

// cut returns an array of n elements (zero) for a decoded list.
func (a *listArena[T]) cut(d *decoder, n int) ([]T, error) {
	if n > arenaMax/2 {
		if err := d.spend(int64(n) * sizeOf[T]()); err != nil {
			return nil, err
		}
		return make([]T, n), nil
	}
	used := len(a.chunk)
	if cap(a.chunk)-used < n {
		size := max(n, min(arenaMax, max(arenaFirst, 2*cap(a.chunk))))
		if err := d.spend(int64(size) * sizeOf[T]()); err != nil {
			return nil, err
		}
		a.chunk, used = make([]T, 0, size), 0
	}
	a.chunk = a.chunk[:used+n]
	return a.chunk[used : used+n : used+n], nil
}

// release ends a decode: the chunks go with the records, the scratch
// lists (cleared, as a failed decode may have left elements in them)
// stay unless long.
func (a *listArena[T]) release() {
	a.chunk, a.depth = nil, 0
	if len(a.levels) > 16 {
		a.levels = nil
	}
	for i, v := range a.levels {
		clear(v)
		a.levels[i] = v[:0]
		if cap(v) > arenaKeep {
			a.levels[i] = nil
		}
	}
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
