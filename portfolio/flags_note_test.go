package portfolio_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAcknowledgeTakesANoteOfMaxNoteLengthBytesAndNoMore: a note of
// MaxNoteLength bytes (multi-byte characters counted in bytes) is kept
// whole; one byte more, text that is not UTF-8 or a NUL is refused, with
// the bound in the error, and writes nothing.
func TestAcknowledgeTakesANoteOfMaxNoteLengthBytesAndNoMore(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		importFlagged(t, p)
		ack := func(note string) error {
			return p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagLiquidation, note)
		}
		longest := strings.Repeat("ä", portfolio.MaxNoteLength/2) // 2 bytes each
		require.Len(t, longest, portfolio.MaxNoteLength)
		for _, bad := range []string{longest + "x", "known \xff", "known\x00"} {
			err := ack(bad)
			require.Error(t, err)
			assert.Contains(t, err.Error(), fmt.Sprintf("at most %d bytes", portfolio.MaxNoteLength))
		}
		decided, audited := tableRows(t, dsn)
		assert.Zero(t, decided+audited, "refused notes write nothing")

		require.NoError(t, ack(longest), "a note of MaxNoteLength bytes is taken")
		f, ok := openFlag(t, p, inLiquidation, redflags.FlagLiquidation)
		require.True(t, ok)
		assert.Equal(t, longest, f.Note, "kept whole")
	})
}
