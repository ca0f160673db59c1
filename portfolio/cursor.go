package portfolio

import (
	"context"
	"fmt"
	"time"
)

// CursorAt returns the cursor to pass to Events to read the journal from
// the first entry written at or after t: "what changed this week" is
// Events(ctx, CursorAt(ctx, now.AddDate(0, 0, -7))). With nothing written
// since t, it is the last entry's Seq (Events then yields only what is
// written later).
func (p *Portfolio) CursorAt(ctx context.Context, t time.Time) (int64, error) {
	var seq int64
	row := p.db.QueryRowContext(ctx, p.q(`SELECT COALESCE(MIN(seq), 0) FROM portfolio_journal WHERE at >= $1`), micros(t))
	if err := row.Scan(&seq); err != nil {
		return 0, fmt.Errorf("portfolio: CursorAt: finding the journal entries since %s: %w", t.Format(time.RFC3339), err)
	}
	if seq == 0 {
		// Nothing in the period: start after the last entry.
		row = p.db.QueryRowContext(ctx, p.q(`SELECT COALESCE(MAX(seq), 0) FROM portfolio_journal`))
		if err := row.Scan(&seq); err != nil {
			return 0, fmt.Errorf("portfolio: CursorAt: reading the journal: %w", err)
		}
		return seq, nil
	}
	return seq - 1, nil
}
