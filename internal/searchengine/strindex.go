package searchengine

import "hash/maphash"

// strIndex finds the number of a string among strings numbered elsewhere
// (a table's ids, a field's distinct values): an open-addressing hash
// table of numbers, which the caller's array of strings resolves. It
// replaces a map[string]uint32 of the same strings at a fraction of the
// memory, and holds no pointer: the collector never scans it. Each slot
// holds the upper 32 bits of the string's hash (which also place it)
// and the number + 1; 0 is an empty slot. Look-ups are safe for
// concurrent use with each other, not with changes.
type strIndex struct {
	slots []uint64
	n     int
	seed  maphash.Seed
}

// strIndexMin is the smallest table; a power of two.
const strIndexMin = 16

func newStrIndex(n int) strIndex {
	x := strIndex{seed: maphash.MakeSeed()}
	x.reserve(n)
	return x
}

// len returns how many strings the index holds.
func (x *strIndex) len() int { return x.n }

// reserve makes room for n strings without growing.
func (x *strIndex) reserve(n int) {
	size := strIndexMin
	for size*3/4 < n {
		size *= 2
	}
	if size > len(x.slots) {
		x.resize(size)
	}
}

// resize moves the slots into a table of size slots. The tags place
// them: no string is hashed again.
func (x *strIndex) resize(size int) {
	old := x.slots
	x.slots = make([]uint64, size)
	mask := uint64(size - 1)
	for _, s := range old {
		if s == 0 {
			continue
		}
		i := (s >> 32) & mask
		for x.slots[i] != 0 {
			i = (i + 1) & mask
		}
		x.slots[i] = s
	}
}

func (x *strIndex) tag(s string) uint64 { return maphash.String(x.seed, s) >> 32 }

// find returns the slot of s (keys[number] is the string of a number),
// or the empty slot where it would go, and whether s is there.
func (x *strIndex) find(s string, tag uint64, keys []string) (int, bool) {
	if len(x.slots) == 0 {
		x.resize(strIndexMin)
	}
	mask := uint64(len(x.slots) - 1)
	for i := tag & mask; ; i = (i + 1) & mask {
		v := x.slots[i]
		if v == 0 {
			return int(i), false
		}
		if v>>32 == tag && keys[uint32(v)-1] == s {
			return int(i), true
		}
	}
}

// get returns the number of s.
func (x *strIndex) get(s string, keys []string) (uint32, bool) {
	if x.n == 0 {
		return 0, false
	}
	i, ok := x.find(s, x.tag(s), keys)
	if !ok {
		return 0, false
	}
	return uint32(x.slots[i]) - 1, true
}

// put gives s the number id, replacing the number it had, and reports
// whether s is new. keys[id] must be s already, or a string equal to it.
func (x *strIndex) put(s string, id uint32, keys []string) bool {
	if (x.n+1)*4 > len(x.slots)*3 {
		x.resize(max(strIndexMin, 2*len(x.slots)))
	}
	tag := x.tag(s)
	i, ok := x.find(s, tag, keys)
	x.slots[i] = tag<<32 | uint64(id+1)
	if !ok {
		x.n++
	}
	return !ok
}

// delete removes s, if the index holds it, while keys still resolve its
// number to it. The slots after it move back into the gap, so that no
// search stops short of them.
func (x *strIndex) delete(s string, keys []string) {
	if x.n == 0 {
		return
	}
	at, ok := x.find(s, x.tag(s), keys)
	if !ok {
		return
	}
	x.n--
	mask := uint64(len(x.slots) - 1)
	gap := uint64(at)
	x.slots[gap] = 0
	for j := (gap + 1) & mask; x.slots[j] != 0; j = (j + 1) & mask {
		home := (x.slots[j] >> 32) & mask
		// The slot at j may move to the gap unless its home lies
		// cyclically in (gap, j].
		if (j-home)&mask >= (j-gap)&mask {
			x.slots[gap], x.slots[j] = x.slots[j], 0
			gap = j
		}
	}
}
