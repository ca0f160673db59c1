package portfolio

import (
	"context"
	"database/sql"
	"fmt"
	"iter"
	"strings"
	"time"

	"github.com/registerdata/registerdata-go/redflags"
)

// MaxNoteLength is the longest note of Acknowledge, in bytes.
const MaxNoteLength = 4096

// OpenFlag is a red flag open on a company of the portfolio.
type OpenFlag struct {
	// CompanyID is the company.
	CompanyID string `json:"company_id"`
	// Name is the company's name, as the portfolio stores it.
	Name string `json:"name"`
	// Refs are the entries naming the company.
	Refs []string `json:"refs"`
	// Flag is the finding, with its reason and facts as of the last
	// check.
	Flag redflags.Flag `json:"flag"`
	// Since is when the flag was raised, or raised again: when its facts
	// last changed.
	Since time.Time `json:"since"`
	// Inherited is true for a flag the company's first check raised: the
	// company had it when it joined the portfolio. A flag raised later is
	// news (New).
	Inherited bool `json:"inherited"`
	// Acknowledged is true once a reviewer acknowledged it
	// (Acknowledge) and its facts (redflags.Flag.Facts) have not changed
	// since: a reason reworded with the same facts keeps it; other facts
	// (another insolvency stage or proceeding, another owner abroad, a
	// later overdue year, ...: see redflags.Flag.Facts) raise the flag
	// again as new, unacknowledged. A flag cleared and raised again is
	// open anew too.
	Acknowledged bool `json:"acknowledged"`
	// Note is the note of the acknowledgement in force; "" when there is
	// none. A flag raised again drops it with the acknowledgement;
	// Decisions and Audit keep every one.
	Note string `json:"note,omitempty"`
	// AcknowledgedBy is who acknowledged it last; nil if nobody did.
	AcknowledgedBy *Actor `json:"acknowledged_by,omitempty"`
	// AcknowledgedAt is when; zero if nobody did.
	AcknowledgedAt time.Time `json:"acknowledged_at,omitzero"`
}

// New reports whether f was raised after since and is not inherited: a
// finding of the period, not one the company brought along.
func (f OpenFlag) New(since time.Time) bool {
	return !f.Inherited && !f.Since.Before(since)
}

// material is a flag's reason as far as it matters: its words, whatever
// the case and spacing. For a flag recorded before its facts were kept,
// a reason whose material text changes is a new finding.
func material(reason string) string {
	return strings.ToLower(strings.Join(strings.Fields(reason), " "))
}

// reopens reports whether the finding f, open as old, is a new finding:
// its facts (redflags.Flag.Facts) differ; for a flag stored before facts
// were kept, its reason differs materially.
func reopens(old, f redflags.Flag) bool {
	if old.Facts == "" || f.Facts == "" {
		return material(old.Reason) != material(f.Reason)
	}
	return old.Facts != f.Facts
}

// updateFlags evaluates the rules over s and brings the company's open
// flags in line: new findings are raised, findings whose facts changed
// are raised again (putFlag), findings gone are cleared, the reasons of
// the others are updated. open are the company's open flags, read under
// the snapshot's row lock (or before it and checked under it: see
// process_onetrip.go). Its statements go through ex: a transaction, or
// the statements of a check collected for one round trip.
//
// first says the check is the company's first (its baseline): the flags
// it raises are inherited. fetched says the check fetched the company's
// record: only such a check clears FlagCheckFailed, which the rules never
// raise.
func (p *Portfolio) updateFlags(ctx context.Context, ex execer, id string, s snapshot, open flagSet, now time.Time, first, fetched bool) (raised, cleared []redflags.Flag, err error) {
	want := evaluate(s, now)
	seen := map[string]bool{}
	for _, f := range want {
		seen[f.Code] = true
		old, ok := open.byCode[f.Code]
		again, err := p.putFlag(ctx, ex, id, f, old, ok, now, first)
		if err != nil {
			return nil, nil, err
		}
		if again {
			raised = append(raised, f)
		}
	}
	for _, code := range open.order {
		if seen[code] || (code == redflags.FlagCheckFailed && !fetched) {
			continue
		}
		cleared = append(cleared, open.byCode[code])
		if _, err := ex.ExecContext(ctx, p.q(`DELETE FROM portfolio_flags WHERE company_id = $1 AND code = $2`), id, code); err != nil {
			return nil, nil, fmt.Errorf("portfolio: clearing the flag %s of %s: %w", code, id, err)
		}
	}
	return raised, cleared, nil
}

// flagSet is a company's open flags by code, and their codes in order.
type flagSet struct {
	byCode map[string]redflags.Flag
	order  []string
}

// add puts f in the set, after the flags added before it.
func (s *flagSet) add(f redflags.Flag) {
	s.byCode[f.Code] = f
	s.order = append(s.order, f.Code)
}

// openFlagsSQL reads the open flags of company $1 (scanFlags).
const openFlagsSQL = `SELECT code, reason, facts FROM portfolio_flags WHERE company_id = $1 ORDER BY code`

// openFlags reads the open flags of company id in tx.
func (p *Portfolio) openFlags(ctx context.Context, tx dbtx, id string) (flagSet, error) {
	rows, err := tx.QueryContext(ctx, p.q(openFlagsSQL), id)
	if err != nil {
		return flagSet{}, fmt.Errorf("portfolio: reading the flags of %s: %w", id, err)
	}
	defer rows.Close()
	return scanOpenFlags(rows, id)
}

// flagRows are the rows of openFlagsSQL, through database/sql or pgx.
type flagRows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

// scanOpenFlags reads the open flags of company id from rows
// (openFlagsSQL).
func scanOpenFlags(rows flagRows, id string) (flagSet, error) {
	open := flagSet{byCode: map[string]redflags.Flag{}}
	for rows.Next() {
		var f redflags.Flag
		if err := rows.Scan(&f.Code, &f.Reason, &f.Facts); err != nil {
			return flagSet{}, fmt.Errorf("portfolio: reading the flags of %s: %w", id, err)
		}
		open.add(f)
	}
	if err := rows.Err(); err != nil {
		return flagSet{}, fmt.Errorf("portfolio: reading the flags of %s: %w", id, err)
	}
	return open, nil
}

// putFlag records the finding f of company id, open as old when isOpen,
// and reports whether it was raised (to be journalled as such):
//
//   - a finding not open is raised, since now (inherited on a first
//     check);
//   - a finding open with other facts (reopens) is raised again as new:
//     since now, not inherited, its acknowledgement cleared (who, when
//     and the note stay in Decisions and the audit chain);
//   - a finding open with the same facts keeps its acknowledgement; its
//     reason, reworded, is updated.
func (p *Portfolio) putFlag(ctx context.Context, ex execer, id string, f redflags.Flag, old redflags.Flag, isOpen bool, now time.Time, first bool) (bool, error) {
	var err error
	again := false
	switch {
	case !isOpen:
		again = true
		_, err = ex.ExecContext(ctx, p.q(`INSERT INTO portfolio_flags (company_id, code, reason, facts, since, inherited) VALUES ($1, $2, $3, $4, $5, $6)`),
			id, f.Code, f.Reason, f.Facts, micros(now), boolInt(first))
	case reopens(old, f):
		again = true
		_, err = ex.ExecContext(ctx, p.q(`UPDATE portfolio_flags SET reason = $1, facts = $2, since = $3, inherited = $4, acknowledged = FALSE, note = '',
			ack_by_id = '', ack_by_name = '', ack_at = 0, ack_reason = '', ack_decision = 0 WHERE company_id = $5 AND code = $6`),
			f.Reason, f.Facts, micros(now), boolInt(first), id, f.Code)
	case old.Reason != f.Reason || old.Facts != f.Facts:
		_, err = ex.ExecContext(ctx, p.q(`UPDATE portfolio_flags SET reason = $1, facts = $2 WHERE company_id = $3 AND code = $4`), f.Reason, f.Facts, id, f.Code)
	}
	if err != nil {
		return false, fmt.Errorf("portfolio: writing the flag %s of %s: %w", f.Code, id, err)
	}
	return again, nil
}

// flagsPage is how many open flags Flags reads at a time.
const flagsPage = 500

// Flags yields the open flags of the portfolio's companies (those a
// matched entry names), by company and code, reading the store a page at
// a time (memory stays bounded). The second
// value is non-nil when reading fails; the loop ends after it.
func (p *Portfolio) Flags(ctx context.Context) iter.Seq2[OpenFlag, error] {
	return func(yield func(OpenFlag, error) bool) {
		afterID, afterCode := "", ""
		for {
			page, err := p.flagsAfter(ctx, afterID, afterCode)
			if err != nil {
				yield(OpenFlag{}, err)
				return
			}
			refs, err := p.refsOfPage(ctx, page)
			if err != nil {
				yield(OpenFlag{}, err)
				return
			}
			for _, f := range page {
				f.Refs = refs[f.CompanyID]
				if !yield(f, nil) {
					return
				}
			}
			if len(page) < flagsPage {
				return
			}
			afterID, afterCode = page[len(page)-1].CompanyID, page[len(page)-1].Flag.Code
		}
	}
}

func (p *Portfolio) flagsAfter(ctx context.Context, afterID, afterCode string) ([]OpenFlag, error) {
	rows, err := p.db.QueryContext(ctx, p.q(flagColumns+`
		WHERE (f.company_id > $1 OR (f.company_id = $1 AND f.code > $2)) AND `+stillNamed("f")+` ORDER BY f.company_id, f.code LIMIT `+itoa(flagsPage)), afterID, afterCode)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the flags: %w", err)
	}
	return scanFlags(rows, "portfolio: reading the flags")
}

// stillNamed is the condition, over a table with a company_id (alias), that a
// matched entry still names the company. A company no entry names
// (removed, or resolved to another) has no flag open for review: Flags,
// the report and Acknowledge leave its flags out, and Rescreen does not
// judge it again; its history stays in the journal and the audit chain.
func stillNamed(alias string) string {
	return `EXISTS (SELECT 1 FROM portfolio_entries e WHERE e.company_id = ` + alias + `.company_id AND e.status = 'matched')`
}

// flagColumns selects the open flags (alias f) as scanFlags reads them.
const flagColumns = `SELECT f.company_id, COALESCE((SELECT MAX(e.name) FROM portfolio_entries e WHERE e.company_id = f.company_id), ''),
	f.code, f.reason, f.facts, f.since, f.inherited, f.acknowledged, f.note, f.ack_by_id, f.ack_by_name, f.ack_at FROM portfolio_flags f`

// scanFlags reads the open flags rows holds (flagColumns) and closes it;
// errors are prefixed with what.
func scanFlags(rows *sql.Rows, what string) ([]OpenFlag, error) {
	defer rows.Close()
	var out []OpenFlag
	for rows.Next() {
		var f OpenFlag
		var since, ackAt int64
		var inherited int
		var byID, byName string
		if err := rows.Scan(&f.CompanyID, &f.Name, &f.Flag.Code, &f.Flag.Reason, &f.Flag.Facts, &since, &inherited, &f.Acknowledged, &f.Note, &byID, &byName, &ackAt); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		f.Since, f.Inherited = fromMicros(since), inherited == 1
		if byID != "" {
			f.AcknowledgedBy, f.AcknowledgedAt = &Actor{ID: byID, Name: byName}, fromMicros(ackAt)
		}
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// boolInt is b as the store's 0 or 1.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Acknowledge records that the actor of ctx (WithActor; without one it
// fails with ErrNoActor) has seen the open flag code of companyID, with a
// note saying what was done (required, at most MaxNoteLength bytes of
// UTF-8). Each acknowledgement is a decision of its own, kept with who
// and when (Decisions, Audit): a second one never overwrites the first.
// Under four eyes (WithFourEyes) it waits as Pending until another person
// approves it. The acknowledgement holds while the finding's facts do
// (redflags.Flag.Facts says which changes count): a check finding other
// facts raises the flag again as new, journalled among the entry's
// Raised, and it needs a new acknowledgement; a reason reworded with the
// same facts keeps it. A flag cleared and
// raised again is open anew. A flag that is not open fails with an error
// wrapping ErrNotFound.
func (p *Portfolio) Acknowledge(ctx context.Context, companyID, code, note string) error {
	if _, err := actorOf(ctx, "Acknowledge"); err != nil {
		return err
	}
	if err := checkNote("Acknowledge", note, true); err != nil {
		return err
	}
	return p.decide(ctx, &Decision{Kind: KindAcknowledge, CompanyID: companyID, Code: code, Note: note}, "")
}

// queryer is a *sql.DB or a *sql.Tx.
type queryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// refsOfPage are the refs of the entries naming each company of page
// (sorted by company, as Flags reads it), each company's in order, by
// company: one query for the page, not one for each flag.
func (p *Portfolio) refsOfPage(ctx context.Context, page []OpenFlag) (map[string][]string, error) {
	ids := make([]string, 0, len(page))
	for i, f := range page {
		if i == 0 || f.CompanyID != page[i-1].CompanyID {
			ids = append(ids, f.CompanyID)
		}
	}
	out := make(map[string][]string, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	for _, id := range ids {
		out[id] = []string{}
	}
	marks, args := inList(ids)
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT company_id, ref FROM portfolio_entries WHERE status = 'matched' AND company_id IN (`+marks+`) ORDER BY company_id, ref`), args...)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the refs of the flagged companies: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, ref string
		if err := rows.Scan(&id, &ref); err != nil {
			return nil, fmt.Errorf("portfolio: reading the refs of the flagged companies: %w", err)
		}
		out[id] = append(out[id], ref)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the refs of the flagged companies: %w", err)
	}
	return out, nil
}

// refsOf are the refs of the entries naming company id, in order.
func (p *Portfolio) refsOf(ctx context.Context, q queryer, id string) ([]string, error) {
	rows, err := q.QueryContext(ctx, p.q(`SELECT ref FROM portfolio_entries WHERE company_id = $1 AND status = 'matched' ORDER BY ref`), id)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the refs of %s: %w", id, err)
	}
	defer rows.Close()
	refs := []string{}
	for rows.Next() {
		var r string
		if err := rows.Scan(&r); err != nil {
			return nil, fmt.Errorf("portfolio: reading the refs of %s: %w", id, err)
		}
		refs = append(refs, r)
	}
	return refs, rows.Err()
}
