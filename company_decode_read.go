package registerdata

import (
	"hash/maphash"
	"sync"
	"unsafe"

	"github.com/registerdata/registerdata-go/internal/jsonread"
)

// The helpers of this file decode one JSON value into a Go value with the
// semantics of encoding/json v1, for the hand-written decoders of
// company_decode*.go.

// decoder is the state of one decode: the reader, a cache of the short
// strings read so far, so that repeated values (labels, cities) share one
// string, and slabs that new pointer fields point into, so that they do
// not each cost an allocation.
type decoder struct {
	jsonread.Reader
	strings [stringWays * stringSets]string // the newest of a set first
	chunk   []byte                          // where new strings are copied to (see text)
	strs    slab[string]
	ints    slab[int64]
	dates   slab[Date]

	// The rows of financial reports (see listArena).
	reportRows listArena[ReportRow]
	mergedRows listArena[MergedReportRow]

	// spent adds up what the decode allocated for records (lists,
	// pointers' targets, strings); a decode with a limit fails when a step
	// would take it past the limit, before allocating (see spend).
	spent, limit int64
}

// decoders keeps decoders between decodes: a decoder's string cache and
// the reader's scratch buffers cost more than a small answer's decoding.
var decoders = sync.Pool{New: func() any { return new(decoder) }}

// getDecoder returns a decoder reading b; give it back with putDecoder.
func getDecoder(b []byte) *decoder {
	d := decoders.Get().(*decoder)
	d.Reset(b)
	d.spent, d.limit = 0, 0
	return d
}

// putDecoder returns d to the pool without the input and without the
// slabs, whose elements belong to the decoded records.
func putDecoder(d *decoder) {
	d.Reset(nil)
	d.strs, d.ints, d.dates, d.chunk = nil, nil, nil, nil
	d.reportRows.release()
	d.mergedRows.release()
	decoders.Put(d)
}

// slab hands out pointers to the elements of chunks allocated together.
type slab[T any] []T

// A slab's chunks double from slabFirst up to slabMax elements, so that
// a small answer allocates little and a large one (the figures of
// financial reports) few times.
const slabFirst, slabMax = 16, 256

// chunkSize is how many elements the next chunk of s holds.
func (s *slab[T]) chunkSize() int { return min(slabMax, max(slabFirst, 2*cap(*s))) }

// new returns a pointer to a new zero T.
func (s *slab[T]) new() *T {
	if len(*s) == cap(*s) {
		*s = make([]T, 0, s.chunkSize())
	}
	*s = (*s)[:len(*s)+1]
	return &(*s)[len(*s)-1]
}

// string returns b as a string, shared with an equal string read before
// when b is not long. New strings are copied into chunks of text shared
// by the strings of one decode, rather than allocated one by one.
func (d *decoder) string(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if len(b) > maxShared {
		return d.text(b)
	}
	set := (*[stringWays]string)(d.strings[stringWays*int(stringSet(b)):])
	for _, e := range set {
		if e == string(b) {
			return e
		}
	}
	copy(set[1:], set[:stringWays-1])
	set[0] = d.text(b)
	return set[0]
}

// decoder.strings holds stringSets sets of stringWays strings: each set
// the last strings of the set read, so that several strings of a set
// used in turn (the names of the rows of each report) need not copy
// each other out.
const stringSets, stringWays = 128, 4

// maxShared is the length up to which decoder.string shares strings.
const maxShared = 128

// stringSet picks the set of decoder.strings for b (1 to maxShared
// bytes) by the runtime's string hash with a seed of this process, which
// no answer can aim at. Strings beyond stringWays in a set only cost a
// copy.
func stringSet(b []byte) uint8 {
	return uint8(maphash.Bytes(stringSeed, b) >> (64 - 7))
}

var stringSeed = maphash.MakeSeed()

// textChunk is the largest chunk d.text copies strings into; a string
// longer than a quarter of it is allocated on its own.
const textChunk = 4 << 10

// text copies b into the decode's current chunk of text and returns it
// as a string. The chunk's bytes are never written again once handed
// out, so the string stays as it was.
func (d *decoder) text(b []byte) string {
	if len(b) > textChunk/4 {
		return string(b)
	}
	if cap(d.chunk)-len(d.chunk) < len(b) {
		// Chunks double from 256 bytes with the text the last one took
		// (not its size: a few long strings leave a chunk early), so that
		// an answer takes little more than its text, and an answer whose
		// strings are mostly in d.strings already little at all.
		d.chunk = make([]byte, 0, min(textChunk, max(256, 2*len(d.chunk), 2*len(b))))
	}
	start := len(d.chunk)
	d.chunk = append(d.chunk, b...)
	return unsafe.String(&d.chunk[start], len(b))
}

// spend records that the decode is about to allocate n bytes. With a
// limit set, it fails once the total would pass it: the decode stops
// before allocating more.
func (d *decoder) spend(n int64) error {
	d.spent += n
	if d.limit > 0 && d.spent > d.limit {
		return errOverBudget
	}
	return nil
}

// sizeOf is the size of a T in bytes.
func sizeOf[T any]() int64 {
	var zero T
	return int64(unsafe.Sizeof(zero))
}

// fieldFunc decodes the value of the member key into x when key names a
// field of T, and reports whether it did.
type fieldFunc[T any] func(d *decoder, x *T, key []byte) (bool, error)

// decodeObject decodes an object into the fields of x, leaving the
// others as they are. A key naming no field exactly is matched again
// case-insensitively (as encoding/json does), else skipped. null leaves x
// unchanged.
func decodeObject[T any](d *decoder, x *T, field fieldFunc[T]) error {
	if d.Null() {
		return nil
	}
	return d.Object(func(key []byte) error {
		if ok, err := field(d, x, key); ok || err != nil {
			return err
		}
		if ok, err := field(d, x, d.FoldKey(key)); ok || err != nil {
			return err
		}
		return d.Skip()
	})
}

// decodeObjectPtr is decodeObject for a pointer: null sets it to nil, an
// object is decoded into what it points to (a new T when nil).
func decodeObjectPtr[T any](d *decoder, p **T, field fieldFunc[T]) error {
	return readPtr(d, p, func(d *decoder, x *T) error { return decodeObject(d, x, field) }, nil)
}

// readPtr reads a value through a pointer: null sets it to nil; anything
// else is read by read into what p points to, a new T (from from, when
// not nil) when p is nil.
func readPtr[T any](d *decoder, p **T, read func(*decoder, *T) error, from *slab[T]) error {
	if d.Null() {
		*p = nil
		return nil
	}
	if *p == nil {
		if from != nil {
			if len(*from) == cap(*from) {
				if err := d.spend(int64(from.chunkSize()) * sizeOf[T]()); err != nil {
					return err
				}
			}
			*p = from.new()
		} else {
			if err := d.spend(sizeOf[T]()); err != nil {
				return err
			}
			*p = new(T)
		}
	}
	return read(d, *p)
}

// readStringPtr and readDatePtr read through pointers of their types,
// as readPtr.
func readStringPtr(d *decoder, p **string) error { return readPtr(d, p, readPlainString, &d.strs) }
func readDatePtr(d *decoder, p **Date) error     { return readPtr(d, p, readDate, &d.dates) }

// readInt64Ptr is readPtr(d, p, readInt64, &d.ints) written out: the
// figures of financial reports are most of what their answers hold.
func readInt64Ptr(d *decoder, p **int64) error {
	if d.Null() {
		*p = nil
		return nil
	}
	if *p == nil {
		if len(d.ints) == cap(d.ints) {
			if err := d.spend(int64(d.ints.chunkSize()) * 8); err != nil {
				return err
			}
		}
		*p = d.ints.new()
	}
	v, err := d.Int64()
	**p = v
	return err
}

// maxPresize bounds the capacity decodeSlice gives an empty slice ahead of
// reading the array.
const maxPresize = 1024

// decodeSlice decodes an array of objects into *s as encoding/json does:
// null sets *s to nil, [] to a new empty slice; otherwise element i is
// decoded into (*s)[i], reusing what the backing array holds up to its
// capacity, and *s is cut to the number of elements. (Which capacity a
// grown slice gets does not change the result: growing keeps every
// element decoded so far. So an empty slice is given the exact length.)
func decodeSlice[T any](d *decoder, s *[]T, field fieldFunc[T]) error {
	if d.Null() {
		*s = nil
		return nil
	}
	v := *s
	if cap(v) == 0 {
		// Len is not checked: bound what a hostile array can make us
		// allocate before the reader finds it invalid.
		v = make([]T, 0, min(d.Len(), maxPresize))
	}
	i := 0
	err := d.Array(func() error {
		if i < cap(v) {
			v = v[:max(len(v), i+1)]
		} else {
			var zero T
			v = append(v, zero)
		}
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

// readString reads a string; null leaves *p unchanged. A value equal to
// one of known is stored as that string, without allocating.
func readString[T ~string](d *decoder, p *T, known ...T) error {
	if d.Null() {
		return nil
	}
	b, err := d.StringBytes()
	if err != nil {
		return err
	}
	for _, k := range known {
		if string(k) == string(b) {
			*p = k
			return nil
		}
	}
	*p = T(d.string(b))
	return d.spend(int64(len(b)))
}

// readPlainString is readString for plain strings, as a function value.
func readPlainString(d *decoder, p *string) error { return readString(d, p) }

// readDate reads a Date from the raw value with Date.UnmarshalJSON, as
// encoding/json does: null leaves *out unchanged; anything but
// "YYYY-MM-DD" written without escapes is an error.
func readDate(d *decoder, out *Date) error {
	raw, err := d.RawValue()
	if err != nil {
		return err
	}
	return out.UnmarshalJSON(raw)
}

// readInt64 reads an integer; null leaves *p unchanged.
func readInt64(d *decoder, p *int64) error {
	if d.Null() {
		return nil
	}
	v, err := d.Int64()
	*p = v
	return err
}

// readFloat64 reads a number; null leaves *p unchanged.
func readFloat64(d *decoder, p *float64) error {
	if d.Null() {
		return nil
	}
	v, err := d.Float64()
	*p = v
	return err
}

// readBool reads true or false; null leaves *p unchanged.
func readBool(d *decoder, p *bool) error {
	if d.Null() {
		return nil
	}
	v, err := d.Bool()
	*p = v
	return err
}
