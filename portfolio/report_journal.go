package portfolio

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// journalBatch is how many of the period's journal entries
// reportJournal holds before asking the store which of their companies
// are still named and which entries are first checks.
const journalBatch = 500

// reportJournal streams the period's journal: the real changes (changes
// found, flags raised or cleared, on a check that is not the company's
// first) are listed, the newest at most ReportChanges; the first checks
// (baselines: no delivery, no change) are counted and the first limit of
// them kept for appendix A; checks that found nothing are counted. The
// entries of a company no matched entry names any more are left out (the
// credits they cost still count): the journal keeps its history.
func (p *Portfolio) reportJournal(ctx context.Context, ov *overview, limit int) error {
	since, err := p.CursorAt(ctx, ov.Since)
	if err != nil {
		return err
	}
	changeCap := min(ReportChanges, limit)
	real := func(ev Event) {
		if len(ev.Changes) == 0 && len(ev.Raised) == 0 && len(ev.Cleared) == 0 {
			ov.Quiet++
			return
		}
		ov.ChangesTotal++
		ov.Changes = append(ov.Changes, changeRowOf(ev))
		if len(ov.Changes) >= 2*changeCap {
			newest(ov.Changes)
			ov.Changes = ov.Changes[:changeCap]
		}
	}
	// The period's entries go by batches: one query says which of their
	// companies a matched entry names now, one which of the others are
	// first checks.
	var batch, maybeFirst []Event
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		named, err := p.namedCompanies(ctx, batch)
		if err != nil {
			return err
		}
		maybeFirst = maybeFirst[:0]
		for _, ev := range batch {
			switch {
			case !named[ev.CompanyID]:
				// A company no entry names any more: its history is the
				// journal's.
			case ev.EventID != "" || len(ev.Changes) > 0 || len(ev.Cleared) > 0:
				real(ev)
			default:
				maybeFirst = append(maybeFirst, ev)
			}
		}
		batch = batch[:0]
		if len(maybeFirst) == 0 {
			return nil
		}
		first, err := p.firstChecks(ctx, maybeFirst)
		if err != nil {
			return err
		}
		for _, ev := range maybeFirst {
			if first[ev.CompanyID] != ev.Seq {
				real(ev)
				continue
			}
			ov.BaselineTotal++
			ov.BaselineFlags += len(ev.Raised)
			if len(ov.Baselines) < limit {
				ov.Baselines = append(ov.Baselines, changeRowOf(ev))
			}
		}
		return nil
	}
	for ev, err := range p.Events(ctx, since) {
		if err != nil {
			return fmt.Errorf("portfolio: report: reading the journal: %w", err)
		}
		if ev.At.Before(ov.Since) {
			continue
		}
		ov.CheckCredits += ev.Credits
		batch = append(batch, ev)
		if len(batch) == journalBatch {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	newest(ov.Changes)
	ov.Changes = ov.Changes[:min(changeCap, len(ov.Changes))]
	ov.ChangesOmitted = ov.ChangesTotal - len(ov.Changes)
	ov.BaselineOmit = ov.BaselineTotal - len(ov.Baselines)
	return nil
}

// namedCompanies is the set of the companies of evs that a matched
// entry names now.
func (p *Portfolio) namedCompanies(ctx context.Context, evs []Event) (map[string]bool, error) {
	ids := companiesOf(evs)
	marks, args := placeholders(ids, 1)
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT DISTINCT company_id FROM portfolio_entries WHERE status = 'matched' AND company_id IN (`+marks+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("portfolio: report: reading the entries of the journal's companies: %w", err)
	}
	defer rows.Close()
	named := make(map[string]bool, len(ids))
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("portfolio: report: reading the entries of the journal's companies: %w", err)
		}
		named[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: report: reading the entries of the journal's companies: %w", err)
	}
	return named, nil
}

// companiesOf is the companies of evs, sorted, each once.
func companiesOf(evs []Event) []string {
	ids := make([]string, 0, len(evs))
	for _, ev := range evs {
		ids = append(ids, ev.CompanyID)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

// newest sorts cs newest first (the greatest Seq first).
func newest(cs []changeRow) {
	slices.SortFunc(cs, func(a, b changeRow) int { return cmp.Compare(b.Seq, a.Seq) })
}

// firstChecks is the Seq of the first journal entry of each company of
// evs: an entry is a company's baseline when it is its first.
func (p *Portfolio) firstChecks(ctx context.Context, evs []Event) (map[string]int64, error) {
	ids := companiesOf(evs)
	var upTo int64
	for _, ev := range evs {
		upTo = max(upTo, ev.Seq)
	}
	marks, args := placeholders(ids, 2)
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT company_id, MIN(seq) FROM portfolio_journal WHERE seq <= $1 AND company_id IN (`+marks+`) GROUP BY company_id`),
		append([]any{upTo}, args...)...)
	if err != nil {
		return nil, fmt.Errorf("portfolio: report: reading the companies' first checks: %w", err)
	}
	defer rows.Close()
	first := make(map[string]int64, len(ids))
	for rows.Next() {
		var id string
		var seq int64
		if err := rows.Scan(&id, &seq); err != nil {
			return nil, fmt.Errorf("portfolio: report: reading the companies' first checks: %w", err)
		}
		first[id] = seq
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: report: reading the companies' first checks: %w", err)
	}
	return first, nil
}
