package portfolio

import (
	"errors"
	"fmt"
	"hash/maphash"
)

// ErrDuplicateRef is wrapped by the error of an ImportResult whose Ref an
// earlier row of the same import has: the earlier row is imported, this
// one is not (each Ref names one customer). The error is a
// *DuplicateRefError, which gives both rows' numbers.
var ErrDuplicateRef = errors.New("portfolio: a Ref repeated in one import")

// DuplicateRefError is the error of a row whose Ref an earlier row of the
// same import has (errors.As); it wraps ErrDuplicateRef.
type DuplicateRefError struct {
	// Ref is the repeated Ref.
	Ref string
	// Row is the number of the row not imported, counting the rows given
	// to Import from 1.
	Row int
	// Earlier is the number of the earlier row with Ref, which was
	// imported.
	Earlier int
}

// Error names both rows.
func (e *DuplicateRefError) Error() string {
	return fmt.Sprintf("%v: row %d has the ref %q of row %d: row %d is not imported (give each customer its own ref)",
		ErrDuplicateRef, e.Row, clip(e.Ref), e.Earlier, e.Row)
}

// Unwrap makes errors.Is(err, ErrDuplicateRef) true.
func (e *DuplicateRefError) Unwrap() error { return ErrDuplicateRef }

// refsSeen are the Refs of an import so far, each with the number of its
// row (from 1). A Ref is kept as its 64-bit hash, seeded anew for each
// import (so no input can be made to collide): an import of millions of
// rows stays within a few tens of megabytes.
type refsSeen struct {
	at   map[uint64]int
	seed maphash.Seed
	n    int
}

// newRefsSeen is an empty refsSeen.
func newRefsSeen() *refsSeen {
	return &refsSeen{at: map[uint64]int{}, seed: maphash.MakeSeed()}
}

// first is the number of the earlier row with ref, or 0 when it is the
// first; it counts the row either way.
func (s *refsSeen) first(ref string) (row, earlier int) {
	s.n++
	k := maphash.String(s.seed, ref)
	if e, ok := s.at[k]; ok {
		return s.n, e
	}
	s.at[k] = s.n
	return s.n, 0
}
