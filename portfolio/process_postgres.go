package portfolio

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
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

// storeAndLockSQL stores the snapshot $1 of company $3, fetched at $2,
// names its entries $4 (unless it is ""), then takes the journal lock
// ($5): storeSnapshot and the lock of lockJournal in one statement. The
// lock's subquery reads the counts of both updates, so they run (and
// wait for the entries' row locks) before the journal lock is taken, as
// when they were statements of their own: a check never holds the
// journal lock while it waits for another transaction's rows.
const storeAndLockSQL = `WITH stored AS (` + storeSnapshotSQL + ` RETURNING 1),
	renamed AS (` + renameEntriesSQL + ` AND $4 <> '' RETURNING 1)
	SELECT pg_advisory_xact_lock($5) FROM (SELECT count(*) FROM stored) s, (SELECT count(*) FROM renamed) r`

// journalEntrySQL writes the journal entry of company $1 (newEntry's
// arguments) with the company's refs read by the statement itself, in
// the form mustJSON gives them, and answers its Seq, the refs and whether
// there are subscribers to alert. Sent after storeAndLockSQL, it reads
// what was committed before the journal lock was granted.
const journalEntrySQL = journalInsertSQL + ` RETURNING seq, refs, EXISTS (SELECT 1 FROM portfolio_subscribers)`

// journalUnsubscribedSQL is journalEntrySQL for a check sent in one
// round trip (process_onetrip.go): it raises PF409 when there are
// subscribers, whose alerts such a check does not write.
const journalUnsubscribedSQL = journalInsertSQL + ` RETURNING seq, refs,
	CASE WHEN EXISTS (SELECT 1 FROM portfolio_subscribers) THEN portfolio_stale('the subscribers') ELSE false END`

// journalInsertSQL is the insert of journalEntrySQL, without its answer.
const journalInsertSQL = `INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits, name, failed)
	VALUES ($1, COALESCE((SELECT '[' || string_agg(to_json(e.ref)::text, ',' ORDER BY e.ref) || ']'
		FROM portfolio_entries e WHERE e.company_id = $1 AND e.status = 'matched'), '[]'), $2, $3, $4, $5, $6, $7, $8, $9)`

// storeAndJournal stores the snapshot o of c's company, names its
// entries, takes the journal lock and writes the journal entry of what c
// found, in one round trip on conn (a pgx batch of storeAndLockSQL and
// journalEntrySQL, which the server runs one after the other), then
// completes it (journalled).
func (p *Portfolio) storeAndJournal(ctx context.Context, tx dbtx, c check, o settled, now time.Time) (*Event, error) {
	conn, ok := tx.(*sql.Conn)
	if !ok {
		return nil, fmt.Errorf("portfolio: a check on PostgreSQL runs on a connection, not a %T", tx)
	}
	b := &pgx.Batch{}
	e, read := queueStoreAndJournal(b, c, o, now, journalEntrySQL)
	var subscribed bool
	err := onBatch(ctx, conn, b, func(br pgx.BatchResults) (err error) {
		subscribed, err = read(br)
		return err
	})
	if err != nil {
		return nil, err
	}
	return p.journalled(ctx, tx, e, subscribed)
}

// queueStoreAndJournal queues on b the statements that store the
// snapshot o of c's company and journal what c found: storeAndLockSQL,
// then insert (journalEntrySQL, or journalUnsubscribedSQL). It returns
// the entry and the reader of the two statements' results, which fills
// in the entry's Seq and refs and reports whether there are subscribers
// to alert.
func queueStoreAndJournal(b *pgx.Batch, c check, o settled, now time.Time, insert string) (*Event, func(pgx.BatchResults) (bool, error)) {
	e, args := newEntry(c, o.name, o.found, o.raised, o.cleared, now)
	b.Queue(storeAndLockSQL, o.data, o.at, c.companyID, o.name, int64(journalLock))
	b.Queue(insert, args...)
	return e, func(br pgx.BatchResults) (bool, error) {
		if _, err := br.Exec(); err != nil {
			return false, fmt.Errorf("portfolio: storing the snapshot of %s: %w", c.companyID, err)
		}
		var refs []byte
		var subscribed bool
		if err := br.QueryRow().Scan(&e.Seq, &refs, &subscribed); err != nil {
			return false, fmt.Errorf("portfolio: writing the journal entry of %s: %w", c.companyID, err)
		}
		var err error
		e.Refs, err = decodeRefs(e.Seq, refs)
		return subscribed, err
	}
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
