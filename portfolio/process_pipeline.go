package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/riverqueue/river"
)

// applyPiped is apply on PostgreSQL. A delivery's check whose first
// read saw its company (c.seen) is sent in one round trip
// (applyOneTrip); if what it saw changed meanwhile, it runs as follows.
// The transaction's first statements go to the server in one round
// trip, a pgx batch: the delivery's last answer recorded in a
// transaction of its own (c.record, see fetchForDelivery), then BEGIN,
// the delivery marked and the snapshot locked (markAndLockSQL;
// lockSnapshotSQL for a check without a delivery), and the company's
// open flags read (openFlagsSQL). The server runs them one after the
// other as it would statements sent one at a time: under READ COMMITTED
// the flags' read takes its snapshot when it starts, after the row lock
// was granted, so it sees what the lock's last holder committed. The
// rest of the transaction runs on the same connection (write; its store
// and journal entry in one more batch, storeAndJournal), and its COMMIT
// is checked as pgx checks it.
func (p *Portfolio) applyPiped(ctx context.Context, c check) (*Event, error) {
	conn, err := p.db.Conn(ctx)
	if err != nil {
		return nil, p.unrecorded(ctx, c, fmt.Errorf("portfolio: starting a transaction: %w", err))
	}
	// A check that fails leaves its transaction open: pgx's database/sql
	// driver discards a connection given back inside a transaction
	// (stdlib.Conn.ResetSession), which ends it on the server.
	defer conn.Close()
	now := p.cfg.now()
	if c.seen != nil {
		written, stale, recorded, err := p.applyOneTrip(ctx, conn, c, now)
		if !stale {
			if err != nil && !recorded {
				err = p.unrecorded(ctx, c, err)
			}
			return written, err
		}
		if recorded {
			c.record = nil
		}
	}
	l, marked, recorded, err := beginPiped(ctx, conn, c, now)
	if err != nil {
		if !recorded {
			err = p.unrecorded(ctx, c, err)
		}
		return nil, err
	}
	var written *Event
	switch {
	case marked == 0:
		// Not marked: processed already, or not recorded at all.
		err = p.deliveryRecorded(ctx, conn, c.deliveryID)
	case l.flags == nil:
		// The company's first check: lockSnapshot inserts its row to
		// lock; its flags are read under that lock (write).
		l.old, l.oldAt, err = p.lockSnapshot(ctx, conn, c.companyID)
		if err == nil {
			written, err = p.write(ctx, conn, c, l, now)
		}
	default:
		written, err = p.write(ctx, conn, c, l, now)
	}
	if err != nil {
		return nil, err
	}
	if err := commitPiped(ctx, conn); err != nil {
		return nil, err
	}
	return written, nil
}

// unrecorded is err, the error of a check that ended before its first
// round trip recorded c's pending answer (the job's context ended, the
// connection broke), once the answer is recorded on its own (writeRecord;
// one recorded already is kept).
func (p *Portfolio) unrecorded(ctx context.Context, c check, err error) error {
	if c.record == nil {
		return err
	}
	return errors.Join(err, p.writeRecord(ctx, c.record))
}

// beginPiped begins c's transaction on conn in one round trip (see
// applyPiped): it returns the locked snapshot with the company's open
// flags, and how many deliveries it marked processed (always 1 for a
// check without a delivery; 0: processed already), and whether c's
// pending answer, if any, was recorded. l.flags is nil when the company
// has no snapshot yet: nothing was locked.
func beginPiped(ctx context.Context, conn *sql.Conn, c check, now time.Time) (l locked, marked int64, recorded bool, err error) {
	b := &pgx.Batch{}
	queueBegin(b, c)
	if c.deliveryID != "" {
		b.Queue(markAndLockSQL, micros(now), c.deliveryID, c.companyID)
	} else {
		b.Queue(lockSnapshotSQL, c.companyID)
	}
	b.Queue(openFlagsSQL, c.companyID)
	var data sql.NullString
	var fetchedAt sql.NullInt64
	var flags flagSet
	err = onBatch(ctx, conn, b, func(br pgx.BatchResults) error {
		r, err := begunInBatch(br, c)
		recorded = r
		if err != nil {
			return err
		}
		if err := br.QueryRow().Scan(&marked, &data, &fetchedAt); err != nil {
			if c.deliveryID != "" {
				return fmt.Errorf("portfolio: marking the delivery %s processed: %w", c.deliveryID, err)
			}
			return fmt.Errorf("portfolio: reading the snapshot of %s: %w", c.companyID, err)
		}
		rows, err := br.Query()
		if err != nil {
			return fmt.Errorf("portfolio: reading the flags of %s: %w", c.companyID, err)
		}
		defer rows.Close()
		flags, err = scanOpenFlags(rows, c.companyID)
		return err
	})
	if err != nil || marked == 0 || !data.Valid {
		return l, marked, recorded, err
	}
	l.old, err = decodeSnapshot(c.companyID, data.String)
	l.oldAt, l.flags = fetchedAt.Int64, &flags
	return l, marked, recorded, err
}

// queueBegin queues the start of c's transaction on b: c's pending
// answer, if any, recorded in a transaction of its own, then BEGIN.
func queueBegin(b *pgx.Batch, c check) {
	if c.record != nil {
		// The answer's own transaction: in a batch, statements before a
		// BEGIN would belong to the transaction it opens, unless a
		// COMMIT ends theirs first.
		b.Queue(recordSQL, c.record.args()...)
		b.Queue("COMMIT")
	}
	b.Queue("BEGIN")
}

// begunInBatch reads the results of queueBegin's statements, the first
// of batch br, and reports whether c's pending answer was recorded.
func begunInBatch(br pgx.BatchResults, c check) (recorded bool, err error) {
	if c.record != nil {
		_, err := br.Exec()
		if err == nil {
			_, err = br.Exec()
		}
		if err != nil {
			return false, c.record.notRecorded(err)
		}
		recorded = true
	}
	if _, err := br.Exec(); err != nil {
		return recorded, fmt.Errorf("portfolio: starting a transaction: %w", err)
	}
	return recorded, nil
}

// commitPiped commits the transaction begun on conn (beginPiped).
func commitPiped(ctx context.Context, conn *sql.Conn) error {
	return onPgx(conn, func(pc *pgx.Conn) error {
		return committed(pc.Exec(ctx, "COMMIT"))
	})
}

// committed is the error of a COMMIT that answered tag and err. A
// COMMIT of a transaction that failed is answered ROLLBACK, not an
// error: that is an error here, as in pgx's own Commit.
func committed(tag pgconn.CommandTag, err error) error {
	if err == nil && tag.String() == "ROLLBACK" {
		err = pgx.ErrTxCommitRollback
	}
	if err != nil {
		return fmt.Errorf("portfolio: committing: %w", err)
	}
	return nil
}

// onBatch sends batch b on conn in one round trip and hands its results
// to read, which reads them in order; the results are closed after it
// (an error of a statement read does not hide read's own).
func onBatch(ctx context.Context, conn *sql.Conn, b *pgx.Batch, read func(pgx.BatchResults) error) error {
	return onPgx(conn, func(pc *pgx.Conn) error {
		br := pc.SendBatch(ctx, b)
		err := read(br)
		if cerr := br.Close(); err == nil {
			err = cerr
		}
		return err
	})
}

// onPgx runs fn on the pgx connection under conn, a database/sql
// connection of the store (stdlib.OpenDBFromPool).
func onPgx(conn *sql.Conn, fn func(*pgx.Conn) error) error {
	return conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("portfolio: the PostgreSQL connection is a %T, not pgx's", dc)
		}
		return fn(c.Conn())
	})
}

// insertJobs enqueues River jobs in tx: through the store's inserter for
// a *sql.Tx, or through River's pgx driver on the connection of a
// transaction begun in a pipeline (applyPiped).
func (p *Portfolio) insertJobs(ctx context.Context, tx dbtx, jobs []river.InsertManyParams) error {
	switch t := tx.(type) {
	case *sql.Tx:
		_, err := p.insert.InsertManyTx(ctx, t, jobs)
		return err
	case *sql.Conn:
		return onPgx(t, func(pc *pgx.Conn) error {
			_, err := p.insertPgx.InsertManyTx(ctx, connTx{pc}, jobs)
			return err
		})
	default:
		return fmt.Errorf("portfolio: no job queue for a transaction of type %T", tx)
	}
}

// connTx is the transaction open on a pgx connection, begun in a
// pipeline (beginPiped), as a pgx.Tx for River's pgx driver: its
// statements run on the connection; it cannot be committed, rolled back
// or nested from here (applyPiped ends it).
type connTx struct{ c *pgx.Conn }

var errConnTx = errors.New("portfolio: the check's transaction is ended by the check, not by the job queue")

// Begin is not supported: River's inserts do not nest transactions.
func (t connTx) Begin(context.Context) (pgx.Tx, error) { return nil, errConnTx }

// Commit is not supported (see connTx).
func (t connTx) Commit(context.Context) error { return errConnTx }

// Rollback is not supported (see connTx).
func (t connTx) Rollback(context.Context) error { return errConnTx }

// CopyFrom runs on the connection.
func (t connTx) CopyFrom(ctx context.Context, table pgx.Identifier, columns []string, src pgx.CopyFromSource) (int64, error) {
	return t.c.CopyFrom(ctx, table, columns, src)
}

// SendBatch runs on the connection.
func (t connTx) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults {
	return t.c.SendBatch(ctx, b)
}

// LargeObjects is not supported: River's inserts do not use it (the
// zero value).
func (t connTx) LargeObjects() pgx.LargeObjects { return pgx.LargeObjects{} }

// Prepare runs on the connection.
func (t connTx) Prepare(ctx context.Context, name, sql string) (*pgconn.StatementDescription, error) {
	return t.c.Prepare(ctx, name, sql)
}

// Exec runs on the connection.
func (t connTx) Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error) {
	return t.c.Exec(ctx, sql, args...)
}

// Query runs on the connection.
func (t connTx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) {
	return t.c.Query(ctx, sql, args...)
}

// QueryRow runs on the connection.
func (t connTx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row {
	return t.c.QueryRow(ctx, sql, args...)
}

// Conn is the connection.
func (t connTx) Conn() *pgx.Conn { return t.c }
