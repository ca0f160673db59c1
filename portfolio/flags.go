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
	// Flag is the finding, with its reason as of the last check.
	Flag redflags.Flag `json:"flag"`
	// Since is when the flag was raised.
	Since time.Time `json:"since"`
	// Inherited is true for a flag the company's first check raised: the
	// company had it when it joined the portfolio. A flag raised later is
	// news (New).
	Inherited bool `json:"inherited"`
	// Acknowledged is true once a reviewer acknowledged it
	// (Acknowledge) and the finding has not changed materially since; a
	// flag cleared and raised again is open anew.
	Acknowledged bool `json:"acknowledged"`
	// Note is the note of the latest acknowledgement (kept when a change
	// of the finding opens the flag again; Decisions has every one).
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
// the case and spacing. A reason whose material text changes opens an
// acknowledged flag again.
func material(reason string) string {
	return strings.ToLower(strings.Join(strings.Fields(reason), " "))
}

// updateFlags evaluates the rules over s and brings the company's open
// flags in line: new findings are raised, findings gone are cleared, the
// reasons of the others are updated.
//
// first says the check is the company's first (its baseline): the flags
// it raises are inherited.
func (p *Portfolio) updateFlags(ctx context.Context, tx *sql.Tx, id string, s snapshot, now time.Time, first bool) (raised, cleared []redflags.Flag, err error) {
	want := evaluate(s, now)
	open := map[string]redflags.Flag{}
	rows, err := tx.QueryContext(ctx, p.q(`SELECT code, reason FROM portfolio_flags WHERE company_id = $1 ORDER BY code`), id)
	if err != nil {
		return nil, nil, fmt.Errorf("portfolio: reading the flags of %s: %w", id, err)
	}
	var order []string
	for rows.Next() {
		var f redflags.Flag
		if err := rows.Scan(&f.Code, &f.Reason); err != nil {
			rows.Close()
			return nil, nil, fmt.Errorf("portfolio: reading the flags of %s: %w", id, err)
		}
		open[f.Code] = f
		order = append(order, f.Code)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("portfolio: reading the flags of %s: %w", id, err)
	}
	seen := map[string]bool{}
	for _, f := range want {
		seen[f.Code] = true
		old, ok := open[f.Code]
		switch {
		case !ok:
			raised = append(raised, f)
			_, err = tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_flags (company_id, code, reason, since, inherited) VALUES ($1, $2, $3, $4, $5)`),
				id, f.Code, f.Reason, micros(now), boolInt(first))
		case material(old.Reason) != material(f.Reason):
			// The finding changed: an acknowledgement of the old one no
			// longer holds.
			_, err = tx.ExecContext(ctx, p.q(`UPDATE portfolio_flags SET reason = $1, acknowledged = FALSE WHERE company_id = $2 AND code = $3`), f.Reason, id, f.Code)
		case old.Reason != f.Reason:
			_, err = tx.ExecContext(ctx, p.q(`UPDATE portfolio_flags SET reason = $1 WHERE company_id = $2 AND code = $3`), f.Reason, id, f.Code)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("portfolio: writing the flag %s of %s: %w", f.Code, id, err)
		}
	}
	for _, code := range order {
		if seen[code] {
			continue
		}
		cleared = append(cleared, open[code])
		if _, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_flags WHERE company_id = $1 AND code = $2`), id, code); err != nil {
			return nil, nil, fmt.Errorf("portfolio: clearing the flag %s of %s: %w", code, id, err)
		}
	}
	return raised, cleared, nil
}

// flagsPage is how many open flags Flags reads at a time.
const flagsPage = 500

// Flags yields the open flags of the portfolio, by company and code,
// reading the store a page at a time (memory stays bounded). The second
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
			for _, f := range page {
				refs, err := p.refsOf(ctx, p.db, f.CompanyID)
				if err != nil {
					yield(OpenFlag{}, err)
					return
				}
				f.Refs = refs
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
		WHERE f.company_id > $1 OR (f.company_id = $1 AND f.code > $2) ORDER BY f.company_id, f.code LIMIT `+itoa(flagsPage)), afterID, afterCode)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the flags: %w", err)
	}
	return scanFlags(rows, "portfolio: reading the flags")
}

// flagColumns selects the open flags (alias f) as scanFlags reads them.
const flagColumns = `SELECT f.company_id, COALESCE((SELECT MAX(e.name) FROM portfolio_entries e WHERE e.company_id = f.company_id), ''),
	f.code, f.reason, f.since, f.inherited, f.acknowledged, f.note, f.ack_by_id, f.ack_by_name, f.ack_at FROM portfolio_flags f`

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
		if err := rows.Scan(&f.CompanyID, &f.Name, &f.Flag.Code, &f.Flag.Reason, &since, &inherited, &f.Acknowledged, &f.Note, &byID, &byName, &ackAt); err != nil {
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
// approves it. The acknowledgement holds while the finding does: a
// material change of the flag's reason, or the flag cleared and raised
// again, opens it anew. A flag that is not open fails with an error
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
