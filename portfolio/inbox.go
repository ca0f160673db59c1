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

// The parts of an event's fetch that the inbox records, each paid for
// separately: the company record (which answers every register
// category) and its owners (the ownership category).
const (
	partCompany = "company"
	partOwners  = "owners"
)

// afterFetch, when set (by the tests), runs after an event's answers are
// recorded in the inbox and before they are compared and journalled.
var afterFetch func(eventID string)

// recordedPart is one answer of the inbox.
type recordedPart struct {
	data      string
	credits   int64
	fetchedAt int64
}

// fetchForEvent gets what event eventID needs of company id (its record,
// and its owners when owners is set) through the inbox of fetched
// answers (portfolio_fetched): an answer recorded by an earlier run of
// the event's job is reused; an answer fetched now is recorded, in its
// own short transaction, before it is compared and journalled. The
// journal entry's transaction deletes the event's answers (apply), so a
// job killed after its fetch and before its commit does not pay the
// fetch again when it is retried. The one window left is a kill between
// the service's answer and the commit of its record: the retry then
// pays that part again.
//
// It returns the answers, what they cost (once, whichever run fetched
// them) and when the first of them was fetched.
func (p *Portfolio) fetchForEvent(ctx context.Context, eventID, id string, owners bool) (snapshot, int64, time.Time, error) {
	var s snapshot
	rec, err := p.recordedParts(ctx, eventID, id)
	if err != nil {
		return s, 0, time.Time{}, err
	}
	co, credits, at, err := recordedOrFetched(ctx, p, rec, eventID, id, partCompany, func() (*registerdata.Company, int64, error) {
		return p.fetchCompany(ctx, id)
	})
	if err == nil && co == nil {
		err = fmt.Errorf("portfolio: the recorded %s of %s for the event %s is null: delete its rows in portfolio_fetched to fetch it again", partCompany, id, eventID)
	}
	if err != nil {
		return s, credits, at, err
	}
	s.Company = co
	if owners {
		// nil (no owner list) is recorded as null: it was paid too.
		o, c, _, err := recordedOrFetched(ctx, p, rec, eventID, id, partOwners, func() (*registerdata.Owners, int64, error) {
			return p.fetchOwners(ctx, id, co.LegalForm)
		})
		credits += c
		if err != nil {
			return s, credits, at, err
		}
		s.Owners = o
	}
	if afterFetch != nil {
		afterFetch(eventID)
	}
	return s, credits, at, nil
}

// recordedOrFetched is one part of an event's answers: the one recorded
// in rec, with its credits and when it was fetched, or else one fetched
// now by fetch and recorded (recordPart) before it is returned.
func recordedOrFetched[T any](ctx context.Context, p *Portfolio, rec map[string]recordedPart, eventID, id, part string, fetch func() (T, int64, error)) (T, int64, time.Time, error) {
	var v T
	if r, ok := rec[part]; ok {
		if err := json.Unmarshal([]byte(r.data), &v); err != nil {
			return v, 0, time.Time{}, fmt.Errorf("portfolio: the recorded %s of %s for the event %s is not valid: delete its rows in portfolio_fetched to fetch it again", part, id, eventID)
		}
		return v, r.credits, fromMicros(r.fetchedAt), nil
	}
	at := p.cfg.now()
	v, credits, err := fetch()
	if err != nil {
		return v, credits, at, err
	}
	return v, credits, at, p.recordPart(ctx, eventID, id, part, v, credits, at)
}

// recordedParts reads the answers recorded for event eventID of company
// id, by part.
func (p *Portfolio) recordedParts(ctx context.Context, eventID, id string) (map[string]recordedPart, error) {
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT part, data, credits, fetched_at FROM portfolio_fetched WHERE event_id = $1 AND company_id = $2`), eventID, id)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the recorded answers of the event %s: %w", eventID, err)
	}
	defer rows.Close()
	out := map[string]recordedPart{}
	for rows.Next() {
		var part string
		var r recordedPart
		if err := rows.Scan(&part, &r.data, &r.credits, &r.fetchedAt); err != nil {
			return nil, fmt.Errorf("portfolio: reading the recorded answers of the event %s: %w", eventID, err)
		}
		out[part] = r
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the recorded answers of the event %s: %w", eventID, err)
	}
	return out, nil
}

// recordTimeout bounds the recording of one paid answer.
const recordTimeout = 10 * time.Second

// recordPart records one paid answer of event eventID in its own
// transaction, even when the job's context ended meanwhile (its time is
// up, the worker stops): the answer is paid for, and a retry that finds
// it recorded does not pay again. An answer recorded already (a
// concurrent run of the same job) is kept.
func (p *Portfolio) recordPart(ctx context.Context, eventID, id, part string, v any, credits int64, at time.Time) error {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), recordTimeout)
	defer cancel()
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("portfolio: encoding the %s of %s: %w", part, id, err)
	}
	query := p.q(`INSERT INTO portfolio_fetched (event_id, company_id, part, data, credits, fetched_at)
		VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id, company_id, part) DO NOTHING`)
	args := []any{eventID, id, part, string(data), credits, micros(at)}
	if p.engine == engineSQLite {
		err = p.execUnsynced(ctx, query, args...)
	} else {
		_, err = p.db.ExecContext(ctx, query, args...)
	}
	if err != nil {
		return fmt.Errorf("portfolio: recording the fetched %s of %s for the event %s: %w", part, id, eventID, err)
	}
	return nil
}

// execUnsynced runs one statement on SQLite in its own transaction
// committed without waiting for the disk (synchronous NORMAL in WAL
// mode): it survives the process being killed, and the next commit that
// waits for the disk (every other one: the store runs with synchronous
// FULL) makes it durable too, since the log is written in order. Only
// an operating-system crash or power loss before that commit can undo
// it. For the inbox of fetched answers, where that costs a lookup paid
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

// forgetFetched deletes the recorded answers of event eventID, inside
// the transaction that journals it.
func (p *Portfolio) forgetFetched(ctx context.Context, tx *sql.Tx, eventID string) error {
	if _, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_fetched WHERE event_id = $1`), eventID); err != nil {
		return fmt.Errorf("portfolio: clearing the recorded answers of the event %s: %w", eventID, err)
	}
	return nil
}
