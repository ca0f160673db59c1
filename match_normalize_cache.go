package registerdata

import (
	"hash/maphash"
	"sync/atomic"
)

// normalizedNames keeps the normalised forms of the names matches met
// last: a batch of matches meets the same candidates again and again
// (every customer record of one trade finds the same companies). It has
// normalizedSlots slots, each name in the one its hash picks, the newest
// there: memory stays bounded however many names pass, and a name
// longer than maxNormalizedName is never kept. The kept forms are
// shared: nothing may change their words.
var normalizedNames struct {
	seed  maphash.Seed
	slots [normalizedSlots]atomic.Pointer[normalizedName]
}

func init() { normalizedNames.seed = maphash.MakeSeed() }

const (
	normalizedSlots   = 1 << 12
	maxNormalizedName = 256
)

// normalizedName is a name and its normalised form.
type normalizedName struct {
	name string
	norm normName
}

// normalizeNameKept is normalizeName, answered from normalizedNames when
// the name is kept there, and kept there otherwise.
func normalizeNameKept(name string) normName {
	if len(name) > maxNormalizedName {
		return normalizeName(name)
	}
	slot := &normalizedNames.slots[hashSlot(name)]
	if e := slot.Load(); e != nil && e.name == name {
		return e.norm
	}
	n := normalizeName(name)
	slot.Store(&normalizedName{name: name, norm: n})
	return n
}

// hashSlot is the slot of normalizedNames a name is kept in.
func hashSlot(name string) uint64 {
	return maphash.String(normalizedNames.seed, name) % normalizedSlots
}
