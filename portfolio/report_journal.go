package portfolio

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// baselineBatch is how many journal entries that may be first checks
// reportJournal holds before asking the store which are.
const baselineBatch = 500

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
	known := map[string]bool{}
	var batch []Event
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		first, err := p.firstChecks(ctx, batch)
		if err != nil {
			return err
		}
		for _, ev := range batch {
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
		batch = batch[:0]
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
		if ok, err := p.namedNow(ctx, ev.CompanyID, known); err != nil || !ok {
			if err != nil {
				return err
			}
			continue // a company no entry names any more: its history is the journal's
		}
		if ev.EventID != "" || len(ev.Changes) > 0 || len(ev.Cleared) > 0 {
			real(ev)
			continue
		}
		batch = append(batch, ev)
		if len(batch) == baselineBatch {
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

// namedNow reports whether a matched entry names company id now,
// remembering the answers in known (one query per company).
func (p *Portfolio) namedNow(ctx context.Context, id string, known map[string]bool) (bool, error) {
	if ok, seen := known[id]; seen {
		return ok, nil
	}
	var n int
	if err := p.db.QueryRowContext(ctx, p.q(`SELECT COUNT(*) FROM portfolio_entries WHERE company_id = $1 AND status = 'matched'`), id).Scan(&n); err != nil {
		return false, fmt.Errorf("portfolio: report: reading the entries of %s: %w", id, err)
	}
	known[id] = n > 0
	return n > 0, nil
}

// newest sorts cs newest first (the greatest Seq first).
func newest(cs []changeRow) {
	slices.SortFunc(cs, func(a, b changeRow) int { return cmp.Compare(b.Seq, a.Seq) })
}

// firstChecks is the Seq of the first journal entry of each company of
// evs: an entry is a company's baseline when it is its first.
func (p *Portfolio) firstChecks(ctx context.Context, evs []Event) (map[string]int64, error) {
	ids := make([]string, 0, len(evs))
	var upTo int64
	for _, ev := range evs {
		ids = append(ids, ev.CompanyID)
		upTo = max(upTo, ev.Seq)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
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
