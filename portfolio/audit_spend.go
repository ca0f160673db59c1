package portfolio

import (
	"context"
	"database/sql"
	"fmt"
)

// AuditSpend records in the audit chain that the actor of ctx (WithActor;
// ErrNoActor without one) spent credits credits on what (a few words,
// such as "dossier") about company companyID: the paid reads a person
// asks for outside a decision, such as the workplace's "open the
// dossier", so an auditor sees who spent what. Decisions record their
// own lookups; this is for the rest.
func (p *Portfolio) AuditSpend(ctx context.Context, what, companyID string, credits int64) error {
	a, err := actorOf(ctx, "recording a spend")
	if err != nil {
		return err
	}
	if what == "" || len(what) > 64 || !printable(what) {
		return fmt.Errorf("portfolio: AuditSpend: say in 1 to 64 printable characters what the credits were spent on (got %q)", clip(what))
	}
	if companyID == "" || len(companyID) > MaxActorLength || !printable(companyID) {
		return fmt.Errorf("portfolio: AuditSpend: the company id %q is empty or not printable text", clip(companyID))
	}
	if credits < 0 {
		return fmt.Errorf("portfolio: AuditSpend: %d credits: a spend is 0 or more", credits)
	}
	return p.inTx(ctx, func(tx *sql.Tx) error {
		_, err := p.writeAudit(ctx, tx, a, "spend", what+" of "+companyID,
			map[string]any{"what": what, "company_id": companyID, "credits": credits})
		return err
	})
}
