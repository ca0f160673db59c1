package portfolio

import (
	"context"
	"database/sql"
	"fmt"
	"iter"
	"time"
	"unicode/utf8"

	"github.com/registerdata/registerdata-go/redflags"
)

// MaxNoteLength is the longest note of Acknowledge, in bytes.
const MaxNoteLength = 4096

// OpenFlag is a red flag open on a company of the portfolio.
type OpenFlag struct {
	// CompanyID is the company.
	CompanyID string
	// Refs are the entries naming the company.
	Refs []string
	// Flag is the finding, with its reason as of the last check.
	Flag redflags.Flag
	// Since is when the flag was raised.
	Since time.Time
	// Acknowledged is true once a reviewer acknowledged it
	// (Acknowledge); a flag cleared and raised again is open anew.
	Acknowledged bool
	// Note is the reviewer's note.
	Note string
}

// updateFlags evaluates the rules over s and brings the company's open
// flags in line: new findings are raised, findings gone are cleared, the
// reasons of the others are updated.
func (p *Portfolio) updateFlags(ctx context.Context, tx *sql.Tx, id string, s snapshot, now time.Time) (raised, cleared []redflags.Flag, err error) {
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
			_, err = tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_flags (company_id, code, reason, since) VALUES ($1, $2, $3, $4)`), id, f.Code, f.Reason, micros(now))
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
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT company_id, code, reason, since, acknowledged, note FROM portfolio_flags
		WHERE company_id > $1 OR (company_id = $1 AND code > $2) ORDER BY company_id, code LIMIT `+itoa(flagsPage)), afterID, afterCode)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the flags: %w", err)
	}
	return scanFlags(rows, "portfolio: reading the flags")
}

// scanFlags reads the open flags rows holds (company_id, code, reason,
// since, acknowledged, note, in that order) and closes it; errors are
// prefixed with what.
func scanFlags(rows *sql.Rows, what string) ([]OpenFlag, error) {
	defer rows.Close()
	var out []OpenFlag
	for rows.Next() {
		var f OpenFlag
		var since int64
		if err := rows.Scan(&f.CompanyID, &f.Flag.Code, &f.Flag.Reason, &since, &f.Acknowledged, &f.Note); err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		f.Since = fromMicros(since)
		out = append(out, f)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

// Acknowledge marks the open flag code of companyID as reviewed, with a
// note (at most MaxNoteLength bytes of UTF-8). A flag that is not open
// fails with an error wrapping ErrNotFound.
func (p *Portfolio) Acknowledge(ctx context.Context, companyID, code, note string) error {
	if len(note) > MaxNoteLength || !utf8.ValidString(note) {
		return fmt.Errorf("portfolio: Acknowledge: the note must be UTF-8 text of at most %d bytes", MaxNoteLength)
	}
	res, err := p.db.ExecContext(ctx, p.q(`UPDATE portfolio_flags SET acknowledged = TRUE, note = $1 WHERE company_id = $2 AND code = $3`), note, companyID, code)
	if err != nil {
		return fmt.Errorf("portfolio: acknowledging %s of %s: %w", code, companyID, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("%w: no open flag %q on %s (Flags lists the open ones)", ErrNotFound, clip(code), clip(companyID))
	}
	return nil
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
