package portfolio

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/riverdriver/riversqlite"
	"github.com/riverqueue/river/rivermigrate"
)

// migrations are the schema's SQL files, one set per engine (the column
// types differ: INTEGER PRIMARY KEY AUTOINCREMENT and BIGSERIAL, ...).
//
//go:embed migrations/sqlite/*.sql migrations/postgres/*.sql
var migrations embed.FS

// migrationLock is the PostgreSQL advisory lock key held while a process
// migrates, so that processes opening one database at once migrate it
// one after the other.
const migrationLock = 0x7064665f6d6967 // "pdf_mig"

// quiet is the logger given to River and goose: the portfolio reports
// through its return values.
var quiet = slog.New(slog.DiscardHandler)

// migrate brings the portfolio's tables (goose) and River's tables
// (rivermigrate) to the current version, and sets up the client that
// enqueues jobs.
func (p *Portfolio) migrate(ctx context.Context) error {
	dir, dialect := "migrations/sqlite", goose.DialectSQLite3
	if p.engine == enginePostgres {
		dir, dialect = "migrations/postgres", goose.DialectPostgres
		conn, err := p.db.Conn(ctx)
		if err != nil {
			return fmt.Errorf("portfolio: migrating: %w", err)
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", int64(migrationLock)); err != nil {
			return fmt.Errorf("portfolio: migrating: taking the migration lock: %w", err)
		}
		defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", int64(migrationLock)) //nolint:errcheck // the session ends with the connection anyway
	}
	sub, err := fs.Sub(migrations, dir)
	if err != nil {
		return fmt.Errorf("portfolio: migrating: %w", err)
	}
	prov, err := goose.NewProvider(dialect, p.db, sub, goose.WithTableName(schemaVersionTable), goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return fmt.Errorf("portfolio: migrating: %w", err)
	}
	if err := p.checkSchema(ctx, prov); err != nil {
		return err
	}
	if _, err := prov.Up(ctx); err != nil {
		return fmt.Errorf("portfolio: migrating the %s schema: %w", p.engine, err)
	}
	if err := p.migrateRiver(ctx); err != nil {
		return fmt.Errorf("portfolio: migrating River's job tables: %w", err)
	}
	return p.newInserter()
}

func (p *Portfolio) migrateRiver(ctx context.Context) error {
	if p.engine == enginePostgres {
		m, err := rivermigrate.New(riverpgxv5.New(p.pool), &rivermigrate.Config{Logger: quiet})
		if err != nil {
			return err
		}
		_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
		return err
	}
	m, err := rivermigrate.New(riversqlite.New(p.db), &rivermigrate.Config{Logger: quiet})
	if err != nil {
		return err
	}
	_, err = m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	return err
}

// newInserter makes the River client that enqueues jobs inside the
// store's database/sql transactions: River's SQLite driver, or on
// PostgreSQL its database/sql driver, and its pgx driver for the checks'
// transactions (insertJobs); both insert-only, the workers have their
// own. The intake writes its jobs itself (intake_job.go).
func (p *Portfolio) newInserter() error {
	var err error
	cfg := &river.Config{Logger: quiet, MaxAttempts: p.cfg.jobAttempts}
	if p.engine == enginePostgres {
		p.insert, err = river.NewClient[*sql.Tx](riverdatabasesql.New(p.db), cfg)
		if err == nil {
			// Insert-only: River's pgx driver needs no pool for that.
			p.insertPgx, err = river.NewClient[pgx.Tx](riverpgxv5.New(nil), cfg)
		}
	} else {
		p.insert, err = river.NewClient[*sql.Tx](riversqlite.New(p.db), cfg)
	}
	if err != nil {
		return fmt.Errorf("portfolio: setting up the job queue: %w", err)
	}
	return nil
}
