package portfolio_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/registerdata/registerdata-go/portfolio"
)

// TestCursorAtStartsAtTheFirstEntryOfThePeriod: the journal's baseline
// entries are written at the fake's start; entries of a later day are
// read from CursorAt of that day, the earlier ones are not.
func TestCursorAtStartsAtTheFirstEntryOfThePeriod(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		srv, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		receiver(t, srv, clk, p)
		cur, err := p.CursorAt(ctx, clk.Now())
		require.NoError(t, err)
		assert.Equal(t, int64(0), cur, "an empty journal starts at 0")

		importAll(t, p, hardRows()[:2], portfolio.ImportOptions{})
		pl, err := p.Plan(ctx, portfolio.MonitorOptions{})
		require.NoError(t, err)
		_, err = p.Sync(ctx, pl) // baselines, journalled now
		require.NoError(t, err)
		all := events(t, p, 0)
		require.NotEmpty(t, all)
		last := all[len(all)-1].Seq

		cur, err = p.CursorAt(ctx, clk.Now().Add(-time.Hour))
		require.NoError(t, err)
		assert.Equal(t, all, events(t, p, cur), "an hour back reads every entry")
		cur, err = p.CursorAt(ctx, clk.Now().Add(time.Hour))
		require.NoError(t, err)
		assert.Equal(t, last, cur, "nothing since: the cursor is past the last entry")
		assert.Empty(t, events(t, p, cur))
	})
}
