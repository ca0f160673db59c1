// Package portfolio keeps a portfolio of counterparties under watch on a
// real database: every customer or supplier resolved once to its register
// entry (Import), monitored (Plan, Sync), every change the service
// announces received exactly once (Handler), fetched, compared and
// written to a journal (Work, Drain, Events), and the red flags of each
// company raised and cleared as the register changes (Flags, Acknowledge,
// Rescreen).
//
// The store is SQLite (modernc.org/sqlite, pure Go: Open(ctx,
// "sqlite:portfolio.db", c)) or PostgreSQL (github.com/jackc/pgx/v5:
// Open(ctx, "postgres://user@host/db", c)); the schema is migrated on
// Open with goose from SQL files embedded in the package. Work is queued
// with River (riverqueue.com) in the same database: an event is recorded
// and its job enqueued in one transaction, a job is claimed by one worker
// and retried by another if that one dies, and its result (journal entry,
// new snapshot, flag changes) is written in one transaction, so any
// number of receivers and workers on one PostgreSQL lose nothing and
// write nothing twice. What a job paid the service for is recorded in
// the database (its own short transaction) before it is compared, so a
// job retried after its worker died reuses it instead of paying again;
// only a worker killed between the service's answer and that record's
// commit leaves a lookup to be paid twice.
//
// Give the portfolio a client without a cache (registerdata.WithCache):
// a cached record would hide the change an event announces.
package portfolio
