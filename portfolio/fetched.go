package portfolio

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// The answers already paid for: what a delivery's job fetched, recorded
// in portfolio_fetched (its own short transaction) before it is compared
// and journalled, so that a retried job reuses it instead of paying
// again. A row lives from its fetch to the commit of the delivery's
// journal entry, which deletes it.

// The parts of a delivery's fetch that are recorded, each paid for
// separately: the company record (which answers every register
// category) and its owners (the ownership category).
const (
	partCompany = "company"
	partOwners  = "owners"
)

// afterFetch, when set (by the tests), runs after a delivery's answers
// are recorded and before they are compared and journalled.
var afterFetch func(deliveryID string)

// recordedPart is one recorded answer.
type recordedPart struct {
	data      string
	credits   int64
	fetchedAt int64
}

// fetchForDelivery gets what delivery deliveryID needs of company id (its
// record, and its owners when owners is set) through the recorded
// answers (portfolio_fetched, read by readDelivery into rec, by part): an
// answer recorded by an earlier run of the delivery's job is reused; an
// answer fetched now is recorded, in its own short transaction, before
// it is compared and journalled. The journal entry's transaction deletes
// the delivery's answers (apply), so a job killed after its fetch and
// before its commit does not pay the fetch again when it is retried. The
// one window left is a kill between the service's answer and the commit
// of its record: the retry then pays that part again.
//
// On PostgreSQL the last answer fetched is not written here but returned
// (pending): the check's first round trip records it, in a transaction
// committed before the check's begins (beginPiped). With afterFetch set
// (tests), every answer is recorded here, so that the hook runs with
// them recorded.
//
// It returns the answers, what they cost (once, whichever run fetched
// them) and when the first of them was fetched.
func (p *Portfolio) fetchForDelivery(ctx context.Context, rec map[string]recordedPart, deliveryID, id string, owners bool) (s snapshot, credits int64, at time.Time, pending *fetchedRecord, err error) {
	deferLast := p.engine == enginePostgres && afterFetch == nil
	// keep records an answer fetched now; the last (final) on
	// PostgreSQL is left pending for the check to record.
	keep := func(final bool) func(part string, v any, c int64, at time.Time) error {
		return func(part string, v any, c int64, at time.Time) error {
			r, err := newRecord(deliveryID, id, part, v, c, at)
			if err != nil {
				return err
			}
			if final && deferLast {
				pending = &r
				return nil
			}
			return p.writeRecord(ctx, &r)
		}
	}
	co, credits, at, err := recordedOrFetched(ctx, rec, deliveryID, id, partCompany, p.cfg.now, keep(!owners), func() (*registerdata.Company, int64, error) {
		return p.fetchCompany(ctx, id)
	})
	if err == nil && co == nil {
		err = fmt.Errorf("portfolio: the recorded %s of %s for the delivery %s is null: delete its rows in portfolio_fetched to fetch it again", partCompany, id, deliveryID)
	}
	s.Company = co
	if err == nil && owners {
		// nil (no owner list) is recorded as null: it was paid too.
		var c int64
		s.Owners, c, _, err = recordedOrFetched(ctx, rec, deliveryID, id, partOwners, p.cfg.now, keep(true), func() (*registerdata.Owners, int64, error) {
			return p.fetchOwners(ctx, id, co.LegalForm)
		})
		credits += c
	}
	if err != nil {
		if pending != nil {
			// Paid, and the check will not run: recorded now.
			err = errors.Join(err, p.writeRecord(ctx, pending))
		}
		return s, credits, at, nil, err
	}
	if afterFetch != nil {
		afterFetch(deliveryID)
	}
	return s, credits, at, pending, nil
}

// recordedOrFetched is one part of a delivery's answers: the one recorded
// in rec, with its credits and when it was fetched, or else one fetched
// now by fetch (at now()) and handed to keep, which records it.
func recordedOrFetched[T any](ctx context.Context, rec map[string]recordedPart, deliveryID, id, part string, now func() time.Time,
	keep func(part string, v any, credits int64, at time.Time) error, fetch func() (T, int64, error)) (T, int64, time.Time, error) {
	var v T
	if r, ok := rec[part]; ok {
		if err := json.Unmarshal([]byte(r.data), &v); err != nil {
			return v, 0, time.Time{}, fmt.Errorf("portfolio: the recorded %s of %s for the delivery %s is not valid: delete its rows in portfolio_fetched to fetch it again", part, id, deliveryID)
		}
		return v, r.credits, fromMicros(r.fetchedAt), nil
	}
	at := now()
	v, credits, err := fetch()
	if err != nil {
		return v, credits, at, err
	}
	return v, credits, at, keep(part, v, credits, at)
}

// deliveryState is what the job of a delivery reads first, in one
// query: the delivery, whether a matched entry names its company, and
// the answers recorded for it by earlier runs.
type deliveryState struct {
	body      string
	processed bool
	named     bool
	recorded  map[string]map[string]recordedPart // by company, then part
	company   string                             // the company the delivery was recorded for
	seen      *seen                              // its snapshot, flags and version (PostgreSQL, no subscribers; nil: not read)
}

// readDelivery reads the state of delivery id (deliveryState) in one
// round trip, where it took three. On PostgreSQL it also reads what a
// check in one round trip needs of the delivery's company (seen; see
// process_onetrip.go), unless the portfolio has subscribers: their
// alerts are written by a check of several trips.
func (p *Portfolio) readDelivery(ctx context.Context, id string) (deliveryState, error) {
	st := deliveryState{recorded: map[string]map[string]recordedPart{}}
	// PostgreSQL's columns of seen, and its snapshot's join.
	seenCols, seenJoin := "", ""
	if p.engine == enginePostgres {
		seenCols = `, d.entity_id, s.data, s.fetched_at, s.xmin::text, ` + flagsTextSQL("d.entity_id") + `,
		EXISTS (SELECT 1 FROM portfolio_subscribers)`
		seenJoin = `
		LEFT JOIN portfolio_snapshots s ON s.company_id = d.entity_id`
	}
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT d.body, d.processed_at,
		EXISTS (SELECT 1 FROM portfolio_entries e WHERE e.company_id = d.entity_id AND e.status = 'matched'),
		f.company_id, f.part, f.data, f.credits, f.fetched_at`+seenCols+`
		FROM portfolio_deliveries d LEFT JOIN portfolio_fetched f ON f.event_id = d.event_id`+seenJoin+`
		WHERE d.event_id = $1`), id)
	if err != nil {
		return st, fmt.Errorf("portfolio: reading the delivery %s: %w", id, err)
	}
	defer rows.Close()
	found := false
	var snap, version, flags sql.NullString
	var snapAt sql.NullInt64
	var subscribed bool
	for rows.Next() {
		found = true
		var processed, credits, at sql.NullInt64
		var company, part, data sql.NullString
		dest := []any{&st.body, &processed, &st.named, &company, &part, &data, &credits, &at}
		if p.engine == enginePostgres {
			dest = append(dest, &st.company, &snap, &snapAt, &version, &flags, &subscribed)
		}
		if err := rows.Scan(dest...); err != nil {
			return st, fmt.Errorf("portfolio: reading the delivery %s: %w", id, err)
		}
		st.processed = processed.Valid
		if !part.Valid {
			continue
		}
		if st.recorded[company.String] == nil {
			st.recorded[company.String] = map[string]recordedPart{}
		}
		st.recorded[company.String][part.String] = recordedPart{data: data.String, credits: credits.Int64, fetchedAt: at.Int64}
	}
	if err := rows.Err(); err != nil {
		return st, fmt.Errorf("portfolio: reading the delivery %s: %w", id, err)
	}
	if !found {
		return st, fmt.Errorf("portfolio: reading the delivery %s: %w", id, sql.ErrNoRows)
	}
	if snap.Valid && !subscribed {
		st.seen = &seen{data: snap.String, fetchedAt: snapAt.Int64, version: version.String, flagsText: flags.String}
	}
	return st, nil
}

// recordTimeout bounds the recording of one paid answer.
const recordTimeout = 10 * time.Second

// fetchedRecord is one paid answer of a delivery, encoded, to record
// (writeRecord, or on PostgreSQL the check's first round trip).
type fetchedRecord struct {
	deliveryID, companyID, part string
	data                        string
	credits, fetchedAt          int64
}

// newRecord encodes answer v, part part of company id fetched at at for
// delivery deliveryID, which cost credits.
func newRecord(deliveryID, id, part string, v any, credits int64, at time.Time) (fetchedRecord, error) {
	r := fetchedRecord{deliveryID: deliveryID, companyID: id, part: part, credits: credits, fetchedAt: micros(at)}
	data, err := json.Marshal(v)
	if err != nil {
		return r, fmt.Errorf("portfolio: encoding the %s of %s: %w", part, id, err)
	}
	r.data = string(data)
	return r, nil
}

// recordSQL records an answer (fetchedRecord.args); one recorded
// already (a concurrent run of the same job) is kept.
const recordSQL = `INSERT INTO portfolio_fetched (event_id, company_id, part, data, credits, fetched_at)
	VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id, company_id, part) DO NOTHING`

// args are recordSQL's arguments for r.
func (r *fetchedRecord) args() []any {
	return []any{r.deliveryID, r.companyID, r.part, r.data, r.credits, r.fetchedAt}
}

// writeRecord records the paid answer r in its own transaction, even
// when the job's context ended meanwhile (its time is up, the worker
// stops): the answer is paid for, and a retry that finds it recorded
// does not pay again.
func (p *Portfolio) writeRecord(ctx context.Context, r *fetchedRecord) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	var err error
	if p.engine == engineSQLite {
		err = p.execUnsynced(ctx, p.q(recordSQL), r.args()...)
	} else {
		_, err = p.db.ExecContext(ctx, recordSQL, r.args()...)
	}
	if err != nil {
		return r.notRecorded(err)
	}
	return nil
}

// notRecorded is the error of r's record that failed with err.
func (r *fetchedRecord) notRecorded(err error) error {
	return fmt.Errorf("portfolio: recording the fetched %s of %s for the delivery %s: %w", r.part, r.companyID, r.deliveryID, err)
}

// execUnsynced runs one statement on SQLite in its own transaction
// committed without waiting for the disk (synchronous NORMAL in WAL
// mode): it survives the process being killed, and the next commit that
// waits for the disk (every other one: the store runs with synchronous
// FULL) makes it durable too, since the log is written in order. Only
// an operating-system crash or power loss before that commit can undo
// it. For the recorded answers, where that costs a lookup paid
// again and nothing else, it saves a quarter or more of the SQLite
// burst's wall time (BenchmarkBurst).
func (p *Portfolio) execUnsynced(ctx context.Context, query string, args ...any) error {
	conn, err := p.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "PRAGMA synchronous = NORMAL"); err != nil {
		return err
	}
	_, err = conn.ExecContext(ctx, query, args...)
	if _, rerr := conn.ExecContext(context.WithoutCancel(ctx), "PRAGMA synchronous = FULL"); rerr != nil {
		// The connection must not go on unsynced: drop it.
		_ = conn.Raw(func(any) error { return driver.ErrBadConn })
		return errors.Join(err, fmt.Errorf("restoring synchronous commits: %w", rerr))
	}
	return err
}

// forgetFetched deletes the recorded answers of delivery deliveryID,
// inside the transaction that journals it.
func (p *Portfolio) forgetFetched(ctx context.Context, tx dbtx, deliveryID string) error {
	if _, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_fetched WHERE event_id = $1`), deliveryID); err != nil {
		return fmt.Errorf("portfolio: clearing the recorded answers of the delivery %s: %w", deliveryID, err)
	}
	return nil
}
