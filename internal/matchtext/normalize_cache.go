package matchtext

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
	norm Name
}

// NormalizeKept is Normalize, answered from the names normalised last
// when the name is kept there, and kept there otherwise. The forms it
// returns are shared: nothing may change their words.
func NormalizeKept(name string) Name {
	if len(name) > maxNormalizedName {
		return Normalize(name)
	}
	slot := &normalizedNames.slots[hashSlot(name)]
	if e := slot.Load(); e != nil && e.name == name {
		return e.norm
	}
	n := Normalize(name)
	slot.Store(&normalizedName{name: name, norm: n})
	return n
}

// hashSlot is the slot of normalizedNames a name is kept in.
func hashSlot(name string) uint64 {
	return maphash.String(normalizedNames.seed, name) % normalizedSlots
}
