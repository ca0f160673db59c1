package portfolio

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/registerdata/registerdata-go/redflags"
)

// A delivery's check on PostgreSQL in one round trip after its fetch.
// The delivery's first read (readDelivery) also reads its company's
// snapshot, the snapshot row's version (its xmin), the company's open
// flags and whether the portfolio has subscribers, before the fetch.
// After the fetch the check works out its writes against what it read
// (settle, its statements collected by queued) and sends the whole
// transaction in one pgx batch: BEGIN, the delivery marked and the
// snapshot locked, its writes, the journal entry and COMMIT. Three
// statements of the batch check, on the server, that what the check
// read is still so, and raise PF409 (portfolio_stale, migration 00010)
// when it is not:
//
//   - the lock (lockSeenSQL): the delivery was marked now (not processed
//     meanwhile) and the locked snapshot row is the version read (its
//     xmin: any update of the row makes a new one);
//   - the flags (flagsSeenSQL), in a statement after the lock, so that it
//     reads what the lock's last holder committed: the open flags are the
//     ones read;
//   - the journal entry (journalUnsubscribedSQL), after the journal lock:
//     there are still no subscribers to alert.
//
// The error ends the batch and leaves the transaction failed; the check
// rolls it back and runs again as statements of their own (applyPiped),
// which read under the locks. So a check in one trip writes what the
// check in several would have written, or nothing.
//
// The COMMIT goes with the rest: a check whose context ends after the
// batch was sent (while it waits for the snapshot's lock, say) may still
// be committed by the server, which has every statement. The job then
// fails and runs again, and that run finds its delivery processed: the
// journal has the entry once.

// errStale is PF409's SQLSTATE: what a check read before its fetch
// changed before its transaction locked it.
const errStale = "PF409"

// seen is what a delivery's first read saw of its company before the
// fetch (readDelivery, on PostgreSQL), for a check in one round trip.
type seen struct {
	data      string // the stored snapshot
	fetchedAt int64  // when it was fetched
	version   string // the snapshot row's xmin
	flagsText string // the open flags as flagsTextSQL gives them
}

// flagsTextSQL is the open flags of company (an expression: a column or
// a parameter) as one text, in the order of openFlagsSQL: the form a
// check's first read takes them in and its transaction compares them
// with.
func flagsTextSQL(company string) string {
	return `(SELECT COALESCE(json_agg(json_build_array(code, reason, facts) ORDER BY code)::text, '[]')
		FROM portfolio_flags WHERE company_id = ` + company + `)`
}

// decodeFlagsText is the flag set of flagsTextSQL's text.
func decodeFlagsText(id, text string) (flagSet, error) {
	var rows [][3]string
	if err := json.Unmarshal([]byte(text), &rows); err != nil {
		return flagSet{}, fmt.Errorf("portfolio: reading the flags of %s: %w", id, err)
	}
	open := flagSet{byCode: make(map[string]redflags.Flag, len(rows))}
	for _, r := range rows {
		open.add(redflags.Flag{Code: r[0], Reason: r[1], Facts: r[2]})
	}
	return open, nil
}

// lockSeenSQL marks delivery $2 processed at $1 (deleting its recorded
// answers) and locks the snapshot of company $3, as markAndLockSQL, and
// raises PF409 unless it marked the delivery and the snapshot locked is
// the row version $4, fetched at $5.
const lockSeenSQL = `WITH forgotten AS (` + forgetDeliverySQL + `),
	marked AS (` + markDeliverySQL + ` RETURNING 1)
	SELECT portfolio_stale('the delivery or the snapshot of ' || $3) FROM (SELECT count(*) AS n FROM marked) m
	LEFT JOIN (SELECT xmin::text AS version, fetched_at FROM portfolio_snapshots WHERE company_id = $3 FOR UPDATE) s ON true
	WHERE m.n <> 1 OR s.version IS DISTINCT FROM $4 OR s.fetched_at IS DISTINCT FROM $5`

// flagsSeenSQL raises PF409 unless the open flags of company $1 are $2
// (flagsTextSQL).
var flagsSeenSQL = `SELECT portfolio_stale('the flags of ' || $1) WHERE ` + flagsTextSQL("$1") + ` IS DISTINCT FROM $2`

// queued collects the statements of a check to send in one round trip:
// an execer whose statements run later, in the check's batch.
type queued struct {
	stmts []queuedStmt
}

// queuedStmt is one statement queued and its arguments.
type queuedStmt struct {
	sql  string
	args []any
}

// errQueued is the answer of a queued statement's result: it has not
// run yet.
var errQueued = errors.New("portfolio: the statement is queued: it has not run yet")

// ExecContext queues the statement.
func (q *queued) ExecContext(_ context.Context, query string, args ...any) (sql.Result, error) {
	q.stmts = append(q.stmts, queuedStmt{sql: query, args: args})
	return queuedResult{}, nil
}

// queuedResult is the result of a queued statement: not known yet.
type queuedResult struct{}

// LastInsertId is not known (errQueued).
func (queuedResult) LastInsertId() (int64, error) { return 0, errQueued }

// RowsAffected is not known (errQueued).
func (queuedResult) RowsAffected() (int64, error) { return 0, errQueued }

// afterOneTrip, when set (by the tests), learns how each check that
// tried one round trip ended: true written, false fallen back (stale).
var afterOneTrip func(companyID string, written bool)

// applyOneTrip writes c, whose delivery's first read saw c.seen, in one
// round trip on conn (see above). It reports stale when the check must
// run again as statements of its own: the server found what c read
// changed (the failed transaction is rolled back), or the check needs
// a read in its transaction (a journal entry without the company's
// name), and whether c's pending answer was recorded.
func (p *Portfolio) applyOneTrip(ctx context.Context, conn *sql.Conn, c check, now time.Time) (written *Event, stale, recorded bool, err error) {
	s := c.seen
	old, err := decodeSnapshot(c.companyID, s.data)
	if err != nil {
		return nil, true, false, nil // the check under the lock says so
	}
	flags, err := decodeFlagsText(c.companyID, s.flagsText)
	if err != nil {
		return nil, true, false, nil // the check under the lock reads them again
	}
	q := &queued{}
	o, err := p.settle(ctx, q, c, locked{old: old, oldAt: s.fetchedAt, flags: &flags}, now)
	if err != nil {
		return nil, false, false, err
	}
	if o.journalled && o.name == "" {
		return nil, true, false, nil // journalled reads the name
	}
	if !o.journalled {
		if err := p.storeSnapshot(ctx, q, c.companyID, o.data, o.at, o.name); err != nil {
			return nil, false, false, err
		}
	}
	b := &pgx.Batch{}
	queueBegin(b, c)
	b.Queue(lockSeenSQL, micros(now), c.deliveryID, c.companyID, s.version, s.fetchedAt)
	b.Queue(flagsSeenSQL, c.companyID, s.flagsText)
	for _, st := range q.stmts {
		b.Queue(st.sql, st.args...)
	}
	var readJournal func(pgx.BatchResults) (bool, error)
	if o.journalled {
		written, readJournal = queueStoreAndJournal(b, c, o, now, journalUnsubscribedSQL)
	}
	b.Queue("COMMIT")
	err = onBatch(ctx, conn, b, func(br pgx.BatchResults) error {
		r, err := begunInBatch(br, c)
		recorded = r
		if err != nil {
			return err
		}
		for range 2 + len(q.stmts) { // the lock, the flags, the writes
			if _, err := br.Exec(); err != nil {
				return fmt.Errorf("portfolio: writing the check of %s: %w", c.companyID, err)
			}
		}
		if readJournal != nil {
			if _, err := readJournal(br); err != nil {
				return err
			}
		}
		return committed(br.Exec())
	})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == errStale {
		if _, err := conn.ExecContext(ctx, "ROLLBACK"); err != nil {
			return nil, false, recorded, fmt.Errorf("portfolio: rolling back a check of %s begun on a stale read: %w", c.companyID, err)
		}
		if afterOneTrip != nil {
			afterOneTrip(c.companyID, false)
		}
		return nil, true, recorded, nil
	}
	if err != nil {
		return nil, false, recorded, err
	}
	if afterOneTrip != nil {
		afterOneTrip(c.companyID, true)
	}
	return written, false, recorded, nil
}
