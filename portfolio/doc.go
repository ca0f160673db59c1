// Package portfolio keeps a portfolio of counterparties under watch on a
// real database: every customer or supplier resolved once to its register
// entry (Import), monitored (Plan, Sync), every change the service
// announces received exactly once (Handler), fetched, compared and
// written to a journal (Work, Drain, Events), and the red flags of each
// company raised and cleared as the register changes (Flags, Acknowledge,
// Rescreen).
//
// Two words name two things: a delivery is what the service's webhook
// sends and the Handler records, once per webhook id; an Event is an
// entry of the portfolio's journal, what one check of a company found
// (its EventID is the webhook id of the delivery that caused it).
//
// # Where to start, by job
//
//	Job                 Entry point (file)
//	open                Open with "sqlite:PATH" or "postgres://...", OpenExisting, WithWorkers, WithLogger, ... (store.go, migrate.go, migrate_version.go, dsn.go)
//	import              (*Portfolio).Import a Row per customer, Entries, Remove (import.go, entries.go)
//	monitor             (*Portfolio).Plan, then Sync: the service's monitors for every entry (monitors.go)
//	monitor costs       (*Portfolio).MonitorCosts: the monitor ledger, what each monitor costs each month (ledger.go)
//	intake              (*Portfolio).Handler: the webhook receiver that records each delivery (intake.go)
//	work                (*Portfolio).Work in a service, Drain in tests and cron jobs (jobs.go, process.go, fetched.go)
//	checks given up     Event.Failed, the flag check_failed, RetryFailed, WithJobAttempts (failed.go)
//	operate             WithObserver for logs and metrics, QueueStats, Ping for a health check (observer.go, health.go)
//	journal             (*Portfolio).Events from a cursor, CursorAt (journal.go, cursor.go)
//	alerts              (*Portfolio).AddSubscriber, Subscribers, ReplayAlerts, TestAlert, WithSMTP (subscribers.go, alerts*.go)
//	flags               (*Portfolio).Flags, Acknowledge, Rescreen (flags.go, rescreen.go)
//	review              (*Portfolio).Reviews, Resolve, ReviewCount: the rows awaiting a person (review.go)
//	decide              WithActor, WithFourEyes, Decisions, Approve, Reject (actor.go, decisions.go)
//	audit               (*Portfolio).Audit, VerifyAudit: the hash-chained record of every decision (audit.go)
//	report              (*Portfolio).WriteHTML, WriteHTMLContext (report.go, report_data.go)
//
// # Open
//
// The store is SQLite (modernc.org/sqlite, pure Go: Open(ctx,
// "sqlite:portfolio.db", c)) or PostgreSQL (github.com/jackc/pgx/v5:
// Open(ctx, "postgres://user@host/db", c)); the schema is migrated on
// Open with goose from SQL files embedded in the package; a database a
// newer release migrated is refused (ErrSchemaTooNew). A reader opens
// with OpenExisting, which refuses a database holding no portfolio
// (ErrNoPortfolio) instead of creating one. A DSN's password never
// shows in an error: RedactDSN is how the portfolio, and the CLI, show
// a DSN. Give the portfolio a client without a cache (registerdata.WithCache): a cached
// record would hide the change a delivery announces.
//
// # Intake and work
//
// Work is queued with River (riverqueue.com) in the same database: a
// delivery is recorded and its job enqueued in one transaction (the
// intake writes the job's row in River's table in the form River's own
// insert gives it, on PostgreSQL in the statement that records the
// delivery: intake_job.go), a job is
// claimed by one worker and retried by another if that one dies, and its
// result (journal entry, new snapshot, flag changes) is written in one
// transaction, so any number of receivers and workers on one PostgreSQL
// lose nothing and write nothing twice. What a job paid the service for
// is recorded in the database (its own short transaction; on PostgreSQL
// the last answer's goes to the server with the check's transaction, in
// the same round trip: process_onetrip.go, process_pipeline.go) before it
// is compared, so a job retried after its worker died reuses it instead
// of paying again; only a worker killed between the service's answer and
// that record's commit leaves a lookup to be paid twice. While the
// database is unavailable, the Handler answers 503 with a Retry-After
// and the workers wait for it (unavailable.go). A job whose every
// attempt fails (WithJobAttempts) is given up, never in silence: the
// journal says so (Event.Failed), the company's flag check_failed is
// raised, Rescreen polls the company and RetryFailed queues it again
// (failed.go).
//
// # Flags
//
// A flag carries its facts (redflags.Flag.Facts): the substance a
// reviewer acknowledges. A check whose facts differ (another insolvency
// stage or proceeding, another owner abroad, a later overdue year, ...)
// raises the flag again as new: journalled among the entry's Raised,
// unacknowledged, its note dropped (Decisions and the audit chain keep
// the old acknowledgement). A reason reworded with the same facts keeps
// the acknowledgement and is stored as the check found it. The flags of
// a company no matched entry names (removed, resolved to another) are
// left out of Flags, the report and Acknowledge, and Rescreen does not
// judge it again; its history stays in the journal and the audit chain.
//
// # Review, decisions and the audit chain
//
// A row no match could settle (Ambiguous, NotFound), a match that could
// not run (Failed), a company the service does not know
// (UnknownCompany, found by Sync) and a row a person resolved that came
// back with other data (Changed) wait in the review queue (Reviews),
// each with what the customer wrote, the candidates and what happened.
// A person settles them with Resolve (a candidate, a typed id, or "no
// register entry"), takes entries out with Remove, and acknowledges flags
// with Acknowledge. Each is a Decision, taken by the Actor of the context
// (WithActor; none is taken without one: ErrNoActor) and, with
// WithFourEyes, Pending until another person approves it (Approve;
// nobody approves their own: ErrSelfApproval) or rejects it (Reject).
// A resolution stands: the same row imported again is Unchanged and
// billed nothing; other data sends it back to the queue, never to a new
// match.
//
// Every decision, approval and rejection is an AuditEntry written in the
// same transaction as its effect; each entry's hash covers the previous
// entry's hash and its own content, so VerifyAudit names the first entry
// a changed, removed or inserted row breaks.
//
// # Journal and report
//
// The journal is read in commit order from a cursor (Events, CursorAt);
// each entry says what changed, the flags raised and cleared, and what
// its fetches cost. WriteHTML writes the portfolio's overview as one
// self-contained HTML file that opens with what needs attention: the
// period's counts, its real changes (the first checks of companies that
// joined are one line, listed in an appendix), the new flags, the open
// flags by severity (acknowledged and inherited ones marked), the review
// queue with its candidates and the pending decisions; every list is
// capped and says where the rest is.
package portfolio
