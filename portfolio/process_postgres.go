package portfolio

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
)

// On PostgreSQL the check of a delivery folds its transaction's
// statements where the order of their locks and the snapshots of their
// reads allow it: each statement is a round trip, and round trips were
// most of a job's time. Under READ COMMITTED a statement reads what was
// committed when it began, before any lock it waits for: a read that must
// see what the holder of a lock committed stays in a statement after the
// one that takes the lock (the flags after the snapshot's row lock, the
// subscribers after the journal lock). Statements that need no answer of
// the one before them go in one round trip as a batch (applyPiped): the
// server still runs each as a statement of its own.

// markAndLockSQL marks the delivery $2 processed at $1 (deleting its
// recorded answers) and locks and reads the snapshot of company $3: the
// delivery's row is locked first (the aggregate is the join's outer
// side), then the snapshot's, as markProcessed and lockSnapshot take
// them one after the other. It answers one row: the deliveries marked
// (0 or 1) and the snapshot, NULL when the company has none yet.
const markAndLockSQL = `WITH forgotten AS (` + forgetDeliverySQL + `),
	marked AS (` + markDeliverySQL + ` RETURNING 1)
	SELECT m.n, s.data, s.fetched_at FROM (SELECT count(*) AS n FROM marked) m
	LEFT JOIN (SELECT data, fetched_at FROM portfolio_snapshots WHERE company_id = $3 FOR UPDATE) s ON true`

// lockSnapshotSQL locks and reads the snapshot of company $1 in the form
// of markAndLockSQL (for a check without a delivery, marked counts 1).
const lockSnapshotSQL = `SELECT 1, s.data, s.fetched_at FROM (SELECT 1) one
	LEFT JOIN (SELECT data, fetched_at FROM portfolio_snapshots WHERE company_id = $1 FOR UPDATE) s ON true`

// storeAndLockJournalSQL stores the snapshot $1 of company $3, fetched at
// $2, names its entries $4 (unless it is ""), then takes the journal lock
// ($5) and reads the company's refs: storeSnapshot and lockJournal in one
// statement. The lock's subquery reads the counts of both updates, so
// they run (and wait for the entries' row locks) before the journal lock
// is taken, as when they were statements of their own: a check never
// holds the journal lock while it waits for another transaction's rows.
const storeAndLockJournalSQL = `WITH stored AS (` + storeSnapshotSQL + ` RETURNING 1),
	renamed AS (` + renameEntriesSQL + ` AND $4 <> '' RETURNING 1)
	SELECT e.ref FROM (SELECT pg_advisory_xact_lock($5) FROM (SELECT count(*) FROM stored) s, (SELECT count(*) FROM renamed) r) l
	LEFT JOIN portfolio_entries e ON e.company_id = $3 AND e.status = 'matched' ORDER BY e.ref`

// storeAndLockJournal is storeSnapshot and then lockJournal on PostgreSQL
// in one statement (storeAndLockJournalSQL): it returns the company's
// refs.
func (p *Portfolio) storeAndLockJournal(ctx context.Context, tx dbtx, id, data string, at int64, name string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, storeAndLockJournalSQL, data, at, id, name, int64(journalLock))
	if err != nil {
		return nil, fmt.Errorf("portfolio: storing the snapshot of %s: %w", id, err)
	}
	return scanRefs(rows, id)
}

// scanRefs reads the refs a journal lock's statement answers (a NULL ref:
// the company has none) and closes rows.
func scanRefs(rows *sql.Rows, id string) ([]string, error) {
	defer rows.Close()
	refs := []string{}
	for rows.Next() {
		var r sql.NullString
		if err := rows.Scan(&r); err != nil {
			return nil, fmt.Errorf("portfolio: reading the refs of %s: %w", id, err)
		}
		if r.Valid {
			refs = append(refs, r.String)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: locking the journal: %w", err)
	}
	return refs, nil
}

// decodeSnapshot is the stored snapshot data of company id.
func decodeSnapshot(id, data string) (snapshot, error) {
	var s snapshot
	if err := json.Unmarshal([]byte(data), &s); err != nil {
		return s, fmt.Errorf("portfolio: the stored snapshot of %s is not valid (%v): delete its row in portfolio_snapshots to start from a new baseline", id, err)
	}
	return s, nil
}
