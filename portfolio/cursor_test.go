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
// read from CursorAt of that day, the earlier ones are not; the period
// from t holds an entry written at t exactly.
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

		// A day later two more entries: the period starting at their very
		// instant holds them (an entry written at t is in the period from
		// t), and none of the day before; a period starting a microsecond
		// after them holds nothing.
		clk.Advance(24 * time.Hour)
		day := clk.Now()
		for _, e := range all[:2] {
			_, err := p.Rejudge(ctx, e.CompanyID)
			require.NoError(t, err)
		}
		later := events(t, p, last)
		require.Len(t, later, 2)
		cur, err = p.CursorAt(ctx, day)
		require.NoError(t, err)
		assert.Equal(t, later, events(t, p, cur), "the period from the instant of the entries holds them, and none before")
		cur, err = p.CursorAt(ctx, day.Add(-time.Microsecond))
		require.NoError(t, err)
		assert.Equal(t, later, events(t, p, cur), "a microsecond earlier: the same entries")
		cur, err = p.CursorAt(ctx, day.Add(time.Microsecond))
		require.NoError(t, err)
		assert.Equal(t, later[1].Seq, cur, "a microsecond later: past the last entry")
	})
}
