package portfolio

import (
	"context"
	"fmt"
	"iter"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/redflags"
)

// Event is one entry of the portfolio's journal: what one check of a
// company found.
type Event struct {
	// Seq numbers the entries in commit order; pass the last one seen to
	// Events to continue after it.
	Seq int64 `json:"seq"`
	// CompanyID is the company checked.
	CompanyID string `json:"company_id"`
	// Name is the company's name as the check found it (or, for an
	// entry written before names were kept, as the portfolio stores it).
	Name string `json:"name"`
	// Refs are the entries naming the company when the entry was written.
	Refs []string `json:"refs"`
	// EventID is the webhook id of the delivery that caused the check;
	// "" for a baseline or a rescreen.
	EventID string `json:"event_id,omitempty"`
	// Changes are the changes found, never nil; each reads as a sentence
	// (changes.Change.String), and Sentences holds those sentences.
	Changes []changes.Change `json:"changes"`
	// Sentences are Changes as English sentences, in the same order.
	Sentences []string `json:"sentences"`
	// Raised are the red flags raised by the check, never nil.
	Raised []redflags.Flag `json:"raised"`
	// Cleared are the red flags the check cleared, never nil.
	Cleared []redflags.Flag `json:"cleared"`
	// At is when the entry was written.
	At time.Time `json:"at"`
	// Credits is what the check's fetches cost.
	Credits int64 `json:"credits"`
	// Failed is set on the entry of a check the portfolio gave up on:
	// the job of the delivery EventID failed its last attempt (see
	// CheckFailure). The entry raises redflags.FlagCheckFailed (unless
	// it is open already); Changes are empty, as nothing could be
	// compared. Nil for every other entry.
	Failed *CheckFailure `json:"failed,omitempty"`
}

// journal writes one entry in tx, with the alerts of its subscribers
// (alertsFor), and returns it. It reads the company's refs, on
// PostgreSQL taking the journal lock first (lockJournal). The lock is
// held until the commit, so Seq follows commit order. A check on
// PostgreSQL writes its entry with storeAndJournal instead.
func (p *Portfolio) journal(ctx context.Context, tx dbtx, c check, name string, found []changes.Change, raised, cleared []redflags.Flag, now time.Time) (*Event, error) {
	refs, err := p.lockJournal(ctx, tx, c.companyID)
	if err != nil {
		return nil, err
	}
	e, args := newEntry(c, name, found, raised, cleared, now)
	e.Refs = refs
	// On PostgreSQL the insert also says whether there are subscribers to
	// alert: it runs after the journal lock is taken, so it sees those
	// added before it was (see process_postgres.go), and a journal without
	// subscribers reads none.
	insert, subscribed := `INSERT INTO portfolio_journal (company_id, refs, event_id, changes, raised, cleared, at, credits, name, failed)
		VALUES ($1, $10, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING seq`, true
	dest := []any{&e.Seq}
	if p.engine == enginePostgres {
		insert += `, EXISTS (SELECT 1 FROM portfolio_subscribers)`
		dest = append(dest, &subscribed)
	}
	if err := tx.QueryRowContext(ctx, p.q(insert), append(args, mustJSON(refs))...).Scan(dest...); err != nil {
		return nil, fmt.Errorf("portfolio: writing the journal entry of %s: %w", c.companyID, err)
	}
	return p.journalled(ctx, tx, e, subscribed)
}

// newEntry is the journal entry of check c (its Seq and Refs to come),
// and the arguments $1 to $9 of its insert.
func newEntry(c check, name string, found []changes.Change, raised, cleared []redflags.Flag, now time.Time) (*Event, []any) {
	if raised == nil {
		raised = []redflags.Flag{}
	}
	if cleared == nil {
		cleared = []redflags.Flag{}
	}
	e := &Event{CompanyID: c.companyID, Name: name, EventID: c.deliveryID, Changes: found, Raised: raised, Cleared: cleared,
		At: fromMicros(micros(now)), Credits: c.credits, Sentences: make([]string, len(found)), Failed: c.failed}
	failed := ""
	if c.failed != nil {
		failed = mustJSON(c.failed)
	}
	for i, ch := range found {
		e.Sentences[i] = ch.String()
	}
	return e, []any{c.companyID, c.deliveryID, mustJSON(found), mustJSON(raised), mustJSON(cleared), micros(now), c.credits, name, failed}
}

// journalled completes entry e, just written in tx: its name when the
// check had none, and the alerts of its subscribers when there are any
// (subscribed).
func (p *Portfolio) journalled(ctx context.Context, tx dbtx, e *Event, subscribed bool) (*Event, error) {
	if e.Name == "" {
		e.Name = p.entryName(ctx, tx, e.CompanyID)
	}
	if !subscribed {
		return e, nil
	}
	if err := p.alertsFor(ctx, tx, e); err != nil {
		return nil, err
	}
	return e, nil
}

// lockJournal returns the refs of company id (refsOf), on PostgreSQL
// taking the journal lock (journalLock) in the same statement: the lock
// is held from before the entry's insert to the commit.
func (p *Portfolio) lockJournal(ctx context.Context, tx dbtx, id string) ([]string, error) {
	if p.engine != enginePostgres {
		return p.refsOf(ctx, tx, id)
	}
	// The subquery calls a volatile function: PostgreSQL runs it once,
	// before the join, whether or not an entry matches.
	rows, err := tx.QueryContext(ctx, `SELECT e.ref FROM (SELECT pg_advisory_xact_lock($2)) l
		LEFT JOIN portfolio_entries e ON e.company_id = $1 AND e.status = 'matched' ORDER BY e.ref`, id, int64(journalLock))
	if err != nil {
		return nil, fmt.Errorf("portfolio: locking the journal: %w", err)
	}
	return scanRefs(rows, id)
}

// eventsPage is how many journal entries Events reads at a time.
const eventsPage = 1000

// Events yields the journal entries after since (the last Seq seen; 0
// for all), in commit order, reading a page at a time: memory stays
// bounded however long the journal. A follower (a CRM sync, a SIEM)
// stores the last Seq it handled and passes it next time. The second
// value is non-nil when reading fails; the loop ends after it.
func (p *Portfolio) Events(ctx context.Context, since int64) iter.Seq2[Event, error] {
	return paged(eventsPage, since,
		func(after int64) ([]Event, error) { return p.eventsAfter(ctx, after) },
		func(e Event) int64 { return e.Seq })
}

func (p *Portfolio) eventsAfter(ctx context.Context, since int64) ([]Event, error) {
	return p.eventsUpTo(ctx, since, eventsPage)
}

// EventsOf yields the journal entries of company id after since (0 for
// all), in commit order, a page at a time, as Events does for the whole
// journal: the journal is read by company, not scanned.
func (p *Portfolio) EventsOf(ctx context.Context, id string, since int64) iter.Seq2[Event, error] {
	return paged(eventsPage, since,
		func(after int64) ([]Event, error) {
			return p.eventsWhere(ctx, `j.company_id = $2 AND j.seq > $1`, eventsPage, after, id)
		},
		func(e Event) int64 { return e.Seq })
}

// eventsUpTo reads up to limit journal entries after since (an alert
// reads one).
func (p *Portfolio) eventsUpTo(ctx context.Context, since int64, limit int) ([]Event, error) {
	return p.eventsWhere(ctx, `j.seq > $1`, limit, since)
}

// eventsWhere reads up to limit journal entries (j) matching cond, SQL
// with args whose first is the Seq they follow, in the order of Seq.
func (p *Portfolio) eventsWhere(ctx context.Context, cond string, limit int, args ...any) ([]Event, error) {
	query := `SELECT j.seq, j.company_id, j.refs, j.event_id, j.changes, j.raised, j.cleared, j.at, j.credits,
		COALESCE(NULLIF(j.name, ''), (SELECT MAX(e.name) FROM portfolio_entries e WHERE e.company_id = j.company_id), ''), j.failed
		FROM portfolio_journal j WHERE ` + cond + ` ORDER BY j.seq LIMIT ` + itoa(limit)
	if p.pool != nil {
		// On PostgreSQL through pgx itself: see scanEvents.
		rows, err := p.pool.Query(ctx, query, args...)
		if err != nil {
			return nil, fmt.Errorf("portfolio: reading the journal: %w", err)
		}
		defer rows.Close()
		return scanEvents[pgtype.DriverBytes](rows, limit)
	}
	rows, err := p.db.QueryContext(ctx, p.q(query), args...)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the journal: %w", err)
	}
	defer rows.Close()
	return scanEvents[string](rows, limit)
}
