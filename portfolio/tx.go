package portfolio

import (
	"context"
	"database/sql"
	"fmt"
)

// inTx runs fn in a transaction and commits it when fn returns nil.
func (p *Portfolio) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := p.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("portfolio: starting a transaction: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("portfolio: committing: %w", err)
	}
	return nil
}

// lockSQL is the row lock of a SELECT on PostgreSQL; SQLite has a single
// writer (transactions start IMMEDIATE), so it needs none.
func (p *Portfolio) lockSQL() string {
	if p.engine == enginePostgres {
		return " FOR UPDATE"
	}
	return ""
}

// journalLock is the PostgreSQL advisory lock key held from a journal
// entry's insert to its commit: entries are numbered in commit order, so
// a reader following Seq never skips one committed late.
const journalLock = 0x7066_6a6f75726e // "pf_journ"

// execer runs statements whose only answer is their error: a
// transaction (dbtx), or on PostgreSQL the statements of a check
// collected to be sent in one round trip (queued).
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// dbtx is a transaction a check writes in: a *sql.Tx, or on PostgreSQL
// the *sql.Conn of a transaction begun in a pipeline (applyPiped).
type dbtx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}
