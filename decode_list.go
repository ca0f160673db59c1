package registerdata

// decodeList is decodeSlice for answers with lists nested in lists (the
// rows of financial reports): the array is not counted ahead (at every
// level of nesting that would read the rows below again), the slice
// grows as its elements arrive, doubling from listStart, and each
// growth is paid from the decoder's budget before it is allocated. The
// result is decodeSlice's: element i decoded into (*s)[i], reusing what
// the backing array holds up to its capacity; null sets *s to nil, []
// to a new empty slice.
func decodeList[T any](d *decoder, s *[]T, field fieldFunc[T]) error {
	if d.Null() {
		*s = nil
		return nil
	}
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
