package portfolio

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgtype"
)

// eventsPgx runs query (the journal's page after since) on PostgreSQL
// through pgx itself rather than database/sql: pgx scans the columns
// straight into the entry, and the JSON columns stay in its read buffer
// (pgtype.DriverBytes, valid until the next row) until they are
// decoded. database/sql would first turn every value of a row into a
// driver.Value, a string per text column, and copy it again on Scan:
// on a page of a thousand entries that was most of the read's time.
func (p *Portfolio) eventsPgx(ctx context.Context, query string, since int64, limit int) ([]Event, error) {
	rows, err := p.pool.Query(ctx, query, since)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the journal: %w", err)
	}
	defer rows.Close()
	out := make([]Event, 0, limit)
	var refs, chs, raised, cleared, failed pgtype.DriverBytes
	var at int64
	for rows.Next() {
		// Scanned in place: an entry is neither allocated on its own nor
		// copied into the page.
		out = append(out, Event{})
		e := &out[len(out)-1]
		if err := rows.Scan(&e.Seq, &e.CompanyID, &refs, &e.EventID, &chs, &raised, &cleared, &at, &e.Credits, &e.Name, &failed); err != nil {
			return out[:len(out)-1], fmt.Errorf("portfolio: reading the journal: %w", err)
		}
		if err := fillEvent(e, at, refs, chs, raised, cleared, failed); err != nil {
			return out[:len(out)-1], err // the entries before the damaged one
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the journal: %w", err)
	}
	return out, nil
}
