package portfolio

import (
	"cmp"
	"encoding/json"
	"fmt"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/riverqueue/river"
)

// The intake writes a delivery's job row itself, in River's table and in
// the form River's own insert gives it: River works the row like any
// other. River's insert, a JSON-driven statement of its own after the
// delivery's, was half of the intake's time on SQLite and three of its
// four round trips on PostgreSQL. TestIntakeJobIsRiversJob compares the
// row column by column with the one River's insert writes.

// recordPostgres records a delivery ($1 to $5, as deliveryInsert) and,
// when its webhook id is new, enqueues its job (args $6, kind $7, max
// attempts $8, queue $9), in one statement: one round trip, one
// transaction. It enqueues no job for a delivery recorded before.
const recordPostgres = `WITH recorded AS (` + deliveryInsert + ` RETURNING event_id),
	queued AS (INSERT INTO river_job (args, kind, max_attempts, priority, queue, state, metadata, tags)
		SELECT $6, $7, $8, 1, $9, 'available', '{}', '{}' FROM recorded RETURNING id)`

// recordPostgresQuiet is recordPostgres without River's notification:
// its rows affected are the jobs enqueued.
const recordPostgresQuiet = recordPostgres + `
	SELECT FROM queued`

// recordPostgresNotify is recordPostgres with River's notification of an
// insert in the job's queue (payload $10), sent at the commit, which
// wakes the workers listening at once instead of at their next poll: its
// rows affected are the jobs enqueued.
const recordPostgresNotify = recordPostgres + `
	SELECT pg_notify(concat(current_schema(), '.river_insert'), $10) FROM queued`

// deliveryJobSQLite enqueues the job of a delivery (args $1, kind $2, max
// attempts $3, queue $4) on SQLite, in the transaction that records the
// delivery.
const deliveryJobSQLite = `INSERT INTO river_job (args, created_at, kind, max_attempts, metadata, priority, queue, scheduled_at, state, tags)
	VALUES (jsonb(?1), datetime('now', 'subsec'), ?2, ?3, jsonb('{}'), 1, ?4, datetime('now', 'subsec'), 'available', jsonb('[]'))`

// insertNotifyEvery is the least time between two of River's insert
// notifications sent by the intake of one process: River's own insert
// client notifies a queue at most once per its fetch cooldown (100 ms by
// default). Workers busy with a burst fetch again as each job ends, so
// the notification only wakes idle ones.
const insertNotifyEvery = 100 * time.Millisecond

// insertNotifyPayload is the notification River's workers of the
// portfolio's queue listen for.
var insertNotifyPayload = `{"queue": ` + strconv.Quote(jobQueue) + `}`

// notifyLimiter says when the intake sends River's insert notification.
type notifyLimiter struct {
	last atomic.Int64 // unix nanoseconds of the last notification
}

// due reports whether a notification is due at now, and if so counts it
// as sent.
func (l *notifyLimiter) due(now time.Time) bool {
	last := l.last.Load()
	return now.UnixNano()-last >= int64(insertNotifyEvery) && l.last.CompareAndSwap(last, now.UnixNano())
}

// deliveryJobArgs is the JSON of the job of delivery id, as River encodes
// a job's args (encoding/json).
func deliveryJobArgs(id string) (string, error) {
	b, err := json.Marshal(deliveryArgs{DeliveryID: id})
	if err != nil {
		return "", fmt.Errorf("portfolio: encoding the job of the delivery %s: %w", id, err)
	}
	return string(b), nil
}

// jobAttempts is the max attempts of the portfolio's jobs: the
// WithJobAttempts setting, or River's default.
func (p *Portfolio) jobAttempts() int {
	return cmp.Or(p.cfg.jobAttempts, river.MaxAttemptsDefault)
}
