package portfolio

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/registerdata/registerdata-go/redflags"
)

// Approve applies the pending decision id, taken by someone else, as the
// actor of ctx, with an optional note. The decision, its effect and the
// audit entry are written in one transaction. It fails, changing nothing,
// with an error wrapping ErrSelfApproval for the proposer, ErrNotPending
// for a decision applied or rejected already, ErrNotFound for an unknown
// id or a subject gone, and ErrStale when what the decision rests on
// changed since it was proposed.
func (p *Portfolio) Approve(ctx context.Context, id int64, note string) error {
	return p.review(ctx, id, note, true)
}

// Reject refuses the pending decision id as the actor of ctx, with the
// reason (required): it never takes effect and stays in the record. The
// proposer may reject their own, withdrawing it.
func (p *Portfolio) Reject(ctx context.Context, id int64, note string) error {
	return p.review(ctx, id, note, false)
}

func (p *Portfolio) review(ctx context.Context, id int64, note string, approve bool) error {
	what := "Reject"
	if approve {
		what = "Approve"
	}
	a, err := actorOf(ctx, what)
	if err != nil {
		return err
	}
	if err := checkNote(what, note, !approve); err != nil {
		return err
	}
	return p.inTx(ctx, func(tx *sql.Tx) error {
		d, b, err := p.decisionIn(ctx, tx, id)
		if err != nil {
			return err
		}
		switch {
		case d.State != Pending:
			return fmt.Errorf("portfolio: %s decision %d: %w (it is %s)", what, id, ErrNotPending, d.State)
		case approve && d.By.ID == a.ID:
			return fmt.Errorf("portfolio: approving decision %d: %w (%s): another person must approve it", id, ErrSelfApproval, d.By)
		}
		now := fromMicros(micros(p.cfg.now()))
		state := Rejected
		if approve {
			cur, err := p.basisOf(ctx, tx, &d)
			if err != nil {
				return fmt.Errorf("portfolio: approving decision %d: %w (reject it instead)", id, err)
			}
			if cur.Fingerprint != b.Fingerprint || reopens(redflags.Flag{Reason: b.Reason, Facts: b.Facts}, redflags.Flag{Reason: cur.Reason, Facts: cur.Facts}) {
				return fmt.Errorf("portfolio: approving decision %d (%s %s): %w: reject it and decide again", id, d.Kind, clip(d.Subject()), ErrStale)
			}
			if err := p.effect(ctx, tx, &d, b, now); err != nil {
				return err
			}
			state = Applied
		}
		_, err = tx.ExecContext(ctx, p.q(`UPDATE portfolio_decisions SET state = $1, reviewed_by_id = $2, reviewed_by_name = $3,
			reviewed_at = $4, review_note = $5 WHERE id = $6`), string(state), a.ID, a.Name, micros(now), note, id)
		if err != nil {
			return fmt.Errorf("portfolio: recording the review of decision %d: %w", id, err)
		}
		action := "reject"
		if approve {
			action = "approve"
		}
		detail := map[string]any{"decision": id, "kind": d.Kind, "subject": d.Subject(), "proposed_by": d.By, "state": state, "note": note}
		_, err = p.writeAudit(ctx, tx, a, action, "decision "+fmt.Sprint(id), detail)
		return err
	})
}
