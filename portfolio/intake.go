package portfolio

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/registerdata/registerdata-go/webhook"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// maxDeliveryID is the longest webhook id of a delivery the portfolio
// records.
const maxDeliveryID = 256

// Handler returns the http.Handler that receives the service's webhook
// deliveries: it verifies each with v (webhook.Handler: signature,
// timestamp, body size), records the delivery under its webhook id and
// enqueues its job in one transaction, and answers 204 at once; the work
// happens in Work or Drain. A delivery whose webhook id is recorded
// already (a redelivery, a concurrent duplicate, a replay) is answered 204 and
// changes nothing. A delivery that cannot be recorded (the database is
// unavailable: PostgreSQL down or restarting, the SQLite file locked by
// another process for longer than its busy timeout) is answered 503
// with a Retry-After, so the service delivers it again: within 10
// seconds (the service waits 15), and at once when the server refuses
// connections. A delivery the database can never store, however often
// it comes (a NUL character in its webhook id or in any string of its
// body, bytes that are not UTF-8), is answered 400 with the reason, which
// is also logged (WithLogger): on either engine, before the database is
// asked, so that its redeliveries cost nothing and the service's log says
// why instead of showing an outage that never ends. A 2xx always means
// the delivery is recorded. v's Deduper
// is not used (webhook.WithoutDeduper): the database recognises a webhook
// id recorded before, whichever receiver on it recorded it. Each request
// answered is told to the portfolio's Observer (WithObserver).
func (p *Portfolio) Handler(v *webhook.Verifier) http.Handler {
	// The database de-duplicates (the webhook id is the key of a
	// delivery's row): the verifier's Deduper would only hold ids in
	// memory.
	return p.observed(webhook.Handler(v, p.intake, webhook.WithoutDeduper(), webhook.WithObserver(p.observeDelivery)))
}

// errBadDeliveryID is the error of a delivery whose webhook id the
// portfolio does not record.
var errBadDeliveryID = fmt.Errorf("portfolio: a delivery's webhook id must be 1 to %d bytes", maxDeliveryID)

// intake records the delivery d and enqueues its job, in one transaction, within
// intakeTimeout. A connection found lost is replaced and the delivery
// tried again (recording is idempotent); when it still cannot be
// recorded (or the server refuses connections), the error is a
// webhook.RetryLater, which the Handler answers 503 with a Retry-After.
// A delivery the database can never store is a webhook.Refused (400),
// logged with its reason.
func (p *Portfolio) intake(ctx context.Context, d *webhook.Event) error {
	if d.ID == "" || len(d.ID) > maxDeliveryID {
		return errBadDeliveryID
	}
	if reason := unstorableContent(d); reason != "" {
		return p.refuse(ctx, d, reason, nil)
	}
	ctx, cancel := context.WithTimeout(ctx, intakeTimeout)
	defer cancel()
	var err error
	for range intakeAttempts {
		if err = p.record(ctx, d); err == nil || ctx.Err() != nil || !reconnectable(err) {
			break
		}
	}
	switch {
	case err == nil || errors.Is(err, errBadDeliveryID):
		return err
	case unstorable(err):
		return p.refuse(ctx, d, "the database cannot store it", err)
	}
	return &webhook.RetryLater{After: retryAfter, Err: err}
}

// refuse logs why the delivery d is refused for good and returns the
// webhook.Refused the Handler answers 400.
func (p *Portfolio) refuse(ctx context.Context, d *webhook.Event, reason string, cause error) error {
	args := []any{"delivery", d.ID, "entity", d.EntityID, "reason", reason}
	if cause != nil {
		args = append(args, "err", cause)
	}
	p.cfg.logger.WarnContext(ctx, "portfolio: a delivery the database cannot store is refused (400); the service's redeliveries of it are refused alike", args...)
	return &webhook.Refused{Reason: reason, Err: cause}
}

// unstorableContent says why no database column can hold d's text ("" when
// it can): a NUL character in its webhook id or in a string of its body
// (PostgreSQL's text refuses it), bytes that are not UTF-8 (PostgreSQL's
// UTF8 encoding refuses them). Both engines refuse such a delivery alike,
// before the database is asked.
func unstorableContent(d *webhook.Event) string {
	switch {
	case !utf8.ValidString(d.ID):
		return "its webhook id is not UTF-8"
	case strings.ContainsRune(d.ID, 0):
		return "its webhook id holds a NUL character"
	case !utf8.Valid(d.Raw):
		return "its body is not UTF-8"
	}
	// A NUL in the body's JSON is the escape \u0000 in one of its strings
	// (a raw NUL is not JSON and Parse refused it): the decoder finds it
	// in keys and values alike.
	if !bytes.Contains(d.Raw, []byte(`u0000`)) {
		return ""
	}
	dec := json.NewDecoder(bytes.NewReader(d.Raw))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return ""
		}
		if err != nil {
			return "its body is not JSON" // Parse decoded it: not reached
		}
		if s, ok := tok.(string); ok && strings.ContainsRune(s, 0) {
			return fmt.Sprintf("a string in its body holds a NUL character (%q)", clipText(s, 64))
		}
	}
}

// unstorable reports whether err is the database refusing a value it can
// never store, whatever the retry: PostgreSQL's data exceptions (class
// 22: a character not in its encoding, a value too long), SQLite's value
// too big.
func unstorable(err error) bool {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return strings.HasPrefix(pe.Code, "22")
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code()&0xff == sqlite3.SQLITE_TOOBIG
	}
	return false
}

// afterInsert, when set (by the tests), runs in the SQLite transaction
// that records a delivery first, after its row is written and before its
// job is enqueued and the transaction commits.
var afterInsert func(deliveryID string)

// deliveryInsert records a delivery, unless its webhook id is recorded.
const deliveryInsert = `INSERT INTO portfolio_deliveries (event_id, entity_type, entity_id, body, received_at)
	VALUES ($1, $2, $3, $4, $5) ON CONFLICT (event_id) DO NOTHING`

// record is one attempt of intake: the delivery's row and its job in one
// transaction (see intake_job.go): on PostgreSQL one statement, on
// SQLite two prepared ones.
func (p *Portfolio) record(ctx context.Context, d *webhook.Event) error {
	args := []any{d.ID, string(d.EntityType), d.EntityID, string(d.Raw), micros(p.cfg.now())}
	job, err := deliveryJobArgs(d.ID)
	if err != nil {
		return err
	}
	if p.engine == enginePostgres {
		return p.recordPostgres(ctx, d.ID, append(args, job))
	}
	record, err := p.stmts.get(ctx, p.db, p.q(deliveryInsert))
	if err != nil {
		return fmt.Errorf("portfolio: recording the delivery %s: %w", d.ID, err)
	}
	enqueue, err := p.stmts.get(ctx, p.db, deliveryJobSQLite)
	if err != nil {
		return fmt.Errorf("portfolio: enqueuing the delivery %s: %w", d.ID, err)
	}
	return p.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.StmtContext(ctx, record).ExecContext(ctx, args...)
		if err != nil {
			return fmt.Errorf("portfolio: recording the delivery %s: %w", d.ID, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("portfolio: recording the delivery %s: %w", d.ID, err)
		}
		if n == 0 {
			markDuplicate(ctx)
			return nil // recorded before: its job exists
		}
		if afterInsert != nil {
			afterInsert(d.ID)
		}
		if _, err := tx.StmtContext(ctx, enqueue).ExecContext(ctx, job, deliveryArgs{}.Kind(), p.jobAttempts(), jobQueue); err != nil {
			return fmt.Errorf("portfolio: enqueuing the delivery %s: %w", d.ID, err)
		}
		return nil
	})
}

// recordPostgres is record on PostgreSQL: one statement through pgx,
// which records the delivery and enqueues its job (args: the delivery's
// row and the job's JSON), with River's insert notification at most
// every insertNotifyEvery.
func (p *Portfolio) recordPostgres(ctx context.Context, id string, args []any) error {
	query := recordPostgresQuiet
	args = append(args, deliveryArgs{}.Kind(), p.jobAttempts(), jobQueue)
	if p.notify.due(time.Now()) { // real time, as River's limiter, not the portfolio's clock
		query = recordPostgresNotify
		args = append(args, insertNotifyPayload)
	}
	tag, err := p.pool.Exec(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("portfolio: recording the delivery %s: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		markDuplicate(ctx) // recorded before: its job exists
	}
	return nil
}
