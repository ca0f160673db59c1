package portfolio

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/redflags"
)

// snapshot is what the store keeps per company: the records last
// fetched. A part is nil until it was first fetched.
type snapshot struct {
	Company *registerdata.Company `json:"company,omitempty"`
	Owners  *registerdata.Owners  `json:"owners,omitempty"`
}

// needsOwners reports whether the categories need the owners fetched
// besides the record.
func needsOwners(cats []enums.Preference) bool {
	return slices.Contains(cats, enums.PreferenceOwnership)
}

// fetch gets the company record, and its owners when owners is set, and
// what they cost.
func (p *Portfolio) fetch(ctx context.Context, id string, owners bool) (snapshot, int64, error) {
	var s snapshot
	co, credits, err := p.fetchCompany(ctx, id)
	if err != nil {
		return s, credits, err
	}
	s.Company = co
	if owners {
		o, c, err := p.fetchOwners(ctx, id, co.LegalForm)
		credits += c
		if err != nil {
			return s, credits, err
		}
		s.Owners = o
	}
	return s, credits, nil
}

// fetchCompany gets the record of company id and what it cost.
func (p *Portfolio) fetchCompany(ctx context.Context, id string) (*registerdata.Company, int64, error) {
	var ri registerdata.ResponseInfo
	co, err := p.c.GetCompany(ctx, id, nil, registerdata.WithResponseInfo(&ri))
	if err != nil {
		return nil, ri.Charged, fmt.Errorf("portfolio: fetching the company %s: %w", id, err)
	}
	if ri.Cached {
		return nil, ri.Charged, fmt.Errorf("portfolio: the company %s came from the client's cache, which would hide its changes: give the portfolio a client without WithCache", id)
	}
	return co, ri.Charged, nil
}

// fetchOwners gets the owners of company id, of legal form f, and what
// they cost. An AG or SE has owners only as the best available data; a
// company without an owner list has none to compare (404): its owners
// stay unknown (nil, no error), and the rules on them say nothing. A
// company of a legal form whose owners the service does not publish
// (registerdata.OwnersAvailable: a UG, gGmbH, eG, KGaA, ...) is not asked
// at all: nothing is sent or paid, and its owners stay unknown the same
// way (a later poll of it then costs the record alone).
func (p *Portfolio) fetchOwners(ctx context.Context, id string, f enums.LegalForm) (*registerdata.Owners, int64, error) {
	if !registerdata.OwnersAvailable(f, bestAvailable(f)) {
		return nil, 0, nil
	}
	var ro registerdata.ResponseInfo
	o, err := p.c.GetOwners(ctx, id, &registerdata.GetOwnersParams{BestAvailable: bestAvailable(f)}, registerdata.WithResponseInfo(&ro))
	switch {
	case errors.Is(err, registerdata.ErrNotFound):
		return nil, ro.Charged, nil
	case err != nil:
		return nil, ro.Charged, fmt.Errorf("portfolio: fetching the owners of %s: %w", id, err)
	}
	return o, ro.Charged, nil
}

// bestAvailable reports whether the owners of a company of legal form f
// are served only as the best available data: an AG or SE.
func bestAvailable(f enums.LegalForm) bool {
	return f == enums.LegalFormAG || f == enums.LegalFormSE
}

// check is one fetched state of a company to write: from a delivery, a
// baseline or a rescreen.
type check struct {
	companyID  string
	deliveryID string           // the webhook id of the delivery it answers, "" for none
	fresh      snapshot         // what was fetched; nil parts were not
	fetchedAt  time.Time        // when the fetch started
	credits    int64            // what the fetch cost
	announced  []changes.Change // the delivery's own changes, used when there is no earlier record to compare
	always     bool             // journal even without changes or flags
	failed     *CheckFailure    // a check given up (recordFailure): journalled as such
	record     *fetchedRecord   // the delivery's last answer, fetched and not yet recorded (fetchForDelivery)
	seen       *seen            // what the delivery's first read saw of the company (PostgreSQL; nil: not read)
}

// apply writes c in one transaction: the changes against the stored
// snapshot, the new snapshot, the flags raised and cleared, the journal
// entry, the delivery marked processed and the delivery's fetched
// answers deleted (fetchForDelivery). It returns the journal entry
// written, or nil when there was none to write (c's delivery was processed
// already, or nothing changed and c is not always journalled). On
// PostgreSQL the transaction's first statements go in one round trip
// (applyPiped).
func (p *Portfolio) apply(ctx context.Context, c check) (*Event, error) {
	if p.engine == enginePostgres {
		return p.applyPiped(ctx, c)
	}
	if c.record != nil {
		if err := p.writeRecord(ctx, c.record); err != nil {
			return nil, err
		}
	}
	var written *Event
	err := p.inTx(ctx, func(tx *sql.Tx) error {
		written = nil
		now := p.cfg.now()
		old, oldAt, done, err := p.markAndLockSnapshot(ctx, tx, c, now)
		if err != nil || done {
			return err
		}
		written, err = p.write(ctx, tx, c, locked{old: old, oldAt: oldAt}, now)
		return err
	})
	return written, err
}

// locked is what a check read with its company's snapshot locked: the
// stored snapshot, when it was fetched (0: never), and the company's open
// flags when they were read with it (nil: not yet).
type locked struct {
	old   snapshot
	oldAt int64
	flags *flagSet
}

// write is the rest of c's transaction once the delivery is marked and
// the company's snapshot l locked: it compares, stores the snapshot,
// brings the flags in line and journals what it found (nil: nothing to
// journal).
func (p *Portfolio) write(ctx context.Context, tx dbtx, c check, l locked, now time.Time) (*Event, error) {
	if l.flags == nil {
		open, err := p.openFlags(ctx, tx, c.companyID)
		if err != nil {
			return nil, err
		}
		l.flags = &open
	}
	o, err := p.settle(ctx, tx, c, l, now)
	if err != nil {
		return nil, err
	}
	if !o.journalled {
		return nil, p.storeSnapshot(ctx, tx, c.companyID, o.data, o.at, o.name)
	}
	if p.engine == enginePostgres {
		return p.storeAndJournal(ctx, tx, c, o, now)
	}
	if err := p.storeSnapshot(ctx, tx, c.companyID, o.data, o.at, o.name); err != nil {
		return nil, err
	}
	return p.journal(ctx, tx, c, o.name, o.found, o.raised, o.cleared, now)
}

// settled is what a check found against its company's locked snapshot
// (settle), to store and journal.
type settled struct {
	found           []changes.Change
	raised, cleared []redflags.Flag
	data            string // the snapshot to store, encoded
	at              int64  // when it was fetched
	name            string // the company's name in it ("": none)
	journalled      bool   // whether the check writes a journal entry
}

// settle compares c with the locked snapshot l, whose open flags were
// read (l.flags), brings the flags in line through ex (updateFlags),
// marks the checks given up that c covers (supersedeFailed) and works
// out the snapshot to store.
func (p *Portfolio) settle(ctx context.Context, ex execer, c check, l locked, now time.Time) (settled, error) {
	old, oldAt := l.old, l.oldAt
	next, found := old, []changes.Change{}
	if oldAt <= micros(c.fetchedAt) { // a fetch older than the stored one has nothing new to say
		if c.fresh.Company != nil {
			if old.Company != nil {
				found = append(found, changes.Company(old.Company, c.fresh.Company)...)
			} else {
				found = append(found, c.announced...)
			}
			next.Company = c.fresh.Company
		}
		if c.fresh.Owners != nil {
			if old.Owners != nil {
				found = append(found, changes.Owners(old.Owners, c.fresh.Owners)...)
			}
			next.Owners = c.fresh.Owners
		}
	}
	o := settled{found: found, at: max(oldAt, micros(c.fetchedAt))}
	var err error
	o.raised, o.cleared, err = p.updateFlags(ctx, ex, c.companyID, next, *l.flags, now, oldAt == 0, c.fresh.Company != nil)
	if err != nil {
		return o, err
	}
	if slices.ContainsFunc(o.cleared, func(f redflags.Flag) bool { return f.Code == redflags.FlagCheckFailed }) {
		// This check fetched the record and compared it with the
		// stored one: it covers what the checks given up missed.
		if err := p.supersedeFailed(ctx, ex, c.companyID, now); err != nil {
			return o, err
		}
	}
	data, err := json.Marshal(&next)
	if err != nil {
		return o, fmt.Errorf("portfolio: encoding the snapshot of %s: %w", c.companyID, err)
	}
	o.data = string(data)
	if next.Company != nil {
		o.name = next.Company.Name.Name
	}
	o.journalled = c.always || c.deliveryID != "" || len(found) > 0 || len(o.raised) > 0 || len(o.cleared) > 0
	return o, nil
}

// markAndLockSnapshot marks the delivery of c processed, if it has one
// (markProcessed: done reports one processed already), and then reads and
// locks the stored snapshot of c's company (lockSnapshot) and when it was
// fetched. On PostgreSQL applyPiped does both in one statement.
func (p *Portfolio) markAndLockSnapshot(ctx context.Context, tx dbtx, c check, now time.Time) (old snapshot, oldAt int64, done bool, err error) {
	if c.deliveryID != "" {
		// Marking the delivery processed first also locks its row until
		// the commit, and finds one processed meanwhile.
		if done, err := p.markProcessed(ctx, tx, c.deliveryID, now); err != nil || done {
			return old, 0, done, err
		}
	}
	old, oldAt, err = p.lockSnapshot(ctx, tx, c.companyID)
	return old, oldAt, false, err
}

// markProcessed marks delivery id processed at now in tx, locking its
// row until the transaction ends, and deletes its recorded answers
// (fetchForDelivery); it reports whether the delivery was processed
// already (then only the answers are deleted).
func (p *Portfolio) markProcessed(ctx context.Context, tx dbtx, id string, now time.Time) (bool, error) {
	if err := p.forgetFetched(ctx, tx, id); err != nil {
		return false, err
	}
	res, err := tx.ExecContext(ctx, p.q(markDeliverySQL), micros(now), id)
	if err != nil {
		return false, fmt.Errorf("portfolio: marking the delivery %s processed: %w", id, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("portfolio: marking the delivery %s processed: %w", id, err)
	}
	if n > 0 {
		return false, nil
	}
	if err := p.deliveryRecorded(ctx, tx, id); err != nil {
		return false, err
	}
	return true, nil
}

// deliveryRecorded is nil when delivery id, which marking did not mark,
// is recorded (so processed already), and an error when it is not
// recorded at all.
func (p *Portfolio) deliveryRecorded(ctx context.Context, tx dbtx, id string) error {
	var one int
	if err := tx.QueryRowContext(ctx, p.q(`SELECT 1 FROM portfolio_deliveries WHERE event_id = $1`), id).Scan(&one); err != nil {
		return fmt.Errorf("portfolio: reading the delivery %s: %w", id, err)
	}
	return nil
}

// The statements that mark a delivery processed and store a check's
// snapshot, alone (markProcessed, storeSnapshot) or folded into others
// (process_postgres.go), in PostgreSQL's numbering.
const (
	// forgetDeliverySQL deletes the recorded answers of delivery $2.
	forgetDeliverySQL = `DELETE FROM portfolio_fetched WHERE event_id = $2`
	// markDeliverySQL marks delivery $2 processed at $1, unless it is.
	markDeliverySQL = `UPDATE portfolio_deliveries SET processed_at = $1 WHERE event_id = $2 AND processed_at IS NULL`
	// storeSnapshotSQL stores the snapshot $1 of company $3, fetched at $2.
	storeSnapshotSQL = `UPDATE portfolio_snapshots SET data = $1, fetched_at = $2 WHERE company_id = $3`
	// renameEntriesSQL names the entries of company $3 $4.
	renameEntriesSQL = `UPDATE portfolio_entries SET name = $4 WHERE company_id = $3 AND name <> $4`
)

// storeSnapshot writes the snapshot data of company id, fetched at at,
// and names the company's entries name (unless it is ""), through ex: on
// PostgreSQL in one statement (a data-modifying WITH).
func (p *Portfolio) storeSnapshot(ctx context.Context, ex execer, id, data string, at int64, name string) error {
	if p.engine == enginePostgres && name != "" {
		if _, err := ex.ExecContext(ctx, `WITH stored AS (`+storeSnapshotSQL+`) `+renameEntriesSQL, data, at, id, name); err != nil {
			return fmt.Errorf("portfolio: storing the snapshot of %s: %w", id, err)
		}
		return nil
	}
	if _, err := ex.ExecContext(ctx, p.q(storeSnapshotSQL), data, at, id); err != nil {
		return fmt.Errorf("portfolio: storing the snapshot of %s: %w", id, err)
	}
	if name == "" {
		return nil
	}
	if _, err := ex.ExecContext(ctx, p.q(`UPDATE portfolio_entries SET name = $1 WHERE company_id = $2 AND name <> $1`), name, id); err != nil {
		return fmt.Errorf("portfolio: naming the entries of %s: %w", id, err)
	}
	return nil
}

// lockSnapshot reads the stored snapshot of id and when it was fetched
// (0: never), locking its row until the transaction ends, so the checks
// of one company are written one after the other.
func (p *Portfolio) lockSnapshot(ctx context.Context, tx dbtx, id string) (snapshot, int64, error) {
	var s snapshot
	var data string
	var at int64
	read := func() error {
		return tx.QueryRowContext(ctx, p.q(`SELECT data, fetched_at FROM portfolio_snapshots WHERE company_id = $1`+p.lockSQL()), id).Scan(&data, &at)
	}
	err := read()
	if errors.Is(err, sql.ErrNoRows) {
		// The company's first check: its row, empty, to lock (a
		// concurrent first check inserts the same).
		if _, err := tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_snapshots (company_id, data, fetched_at) VALUES ($1, '{}', 0) ON CONFLICT (company_id) DO NOTHING`), id); err != nil {
			return s, 0, fmt.Errorf("portfolio: reading the snapshot of %s: %w", id, err)
		}
		err = read()
	}
	if err != nil {
		return s, 0, fmt.Errorf("portfolio: reading the snapshot of %s: %w", id, err)
	}
	s, err = decodeSnapshot(id, data)
	return s, at, err
}

// evaluate runs the red-flag rules over a snapshot.
func evaluate(s snapshot, now time.Time) []redflags.Flag {
	return redflags.Evaluate(redflags.Input{Company: s.Company, Owners: s.Owners}, registerdata.DateOf(now))
}
