package registerdata

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestListArenaReleaseKeepsOnlyShortClearedScratch: after a decode, the
// decoder keeps its scratch lists of rows cleared (a failed decode may
// have left rows in them, which must neither leak into the next decode
// nor keep their strings alive) and only when short: a hostile answer's
// long list or deep nesting is not kept in the pool.
func TestListArenaReleaseKeepsOnlyShortClearedScratch(t *testing.T) {
	a := listArena[ReportRow]{depth: 2, chunk: make([]ReportRow, 3, 8)}
	short := make([]ReportRow, 2, 16)
	short[1].Name = "left by a failed decode"
	long := make([]ReportRow, 1, arenaKeep+1)
	a.levels = [][]ReportRow{short, long}
	a.release()
	assert.Nil(t, a.chunk, "the chunks belong to the records")
	assert.Zero(t, a.depth)
	if assert.Len(t, a.levels, 2) {
		assert.Empty(t, a.levels[0])
		assert.Equal(t, 16, cap(a.levels[0]), "a short scratch list is kept")
		assert.Empty(t, short[1].Name, "and cleared")
		assert.Nil(t, a.levels[1], "a long one is not")
	}

	a.levels = make([][]ReportRow, 17)
	a.release()
	assert.Nil(t, a.levels, "nor the levels of a deep nesting")
}
