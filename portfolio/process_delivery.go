package portfolio

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/registerdata/registerdata-go/changes"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/webhook"
)

// processDelivery checks the company of the recorded delivery id and
// writes the result (apply); a delivery processed already is left alone.
func (p *Portfolio) processDelivery(ctx context.Context, id string) error {
	st, err := p.readDelivery(ctx, id)
	if err != nil {
		return err
	}
	if st.processed {
		// A run of the job after the delivery's commit: nothing to
		// write, and nothing its answers are kept for.
		if len(st.recorded) == 0 {
			return nil
		}
		return p.inTx(ctx, func(tx *sql.Tx) error { return p.forgetFetched(ctx, tx, id) })
	}
	var d webhook.Event
	if err := json.Unmarshal([]byte(st.body), &d); err != nil {
		return p.skip(ctx, id) // verified, but not a webhook event: nothing to check
	}
	if (d.Type != "" && d.Type != webhook.EventTypeMonitorChange) || d.EntityType != enums.EntityTypeCompany || !st.named {
		return p.skip(ctx, id)
	}
	cats := make([]enums.Preference, 0, len(d.Categories))
	for _, c := range d.Categories {
		cats = append(cats, enums.Preference(c))
	}
	fresh, credits, started, pending, err := p.fetchForDelivery(ctx, st.recorded[d.EntityID], id, d.EntityID, needsOwners(cats))
	noteJob(ctx, d.EntityID, fresh, credits)
	if err != nil {
		return err
	}
	c := check{companyID: d.EntityID, deliveryID: id, fresh: fresh, fetchedAt: started, credits: credits, announced: announced(&d), record: pending}
	if st.company == d.EntityID {
		c.seen = st.seen
	}
	_, err = p.apply(ctx, c)
	return err
}

// skip marks the delivery id processed without checking anything:
// another type, a person, a company no entry names.
func (p *Portfolio) skip(ctx context.Context, id string) error {
	_, err := p.db.ExecContext(ctx, p.q(`UPDATE portfolio_deliveries SET processed_at = $1 WHERE event_id = $2 AND processed_at IS NULL`), micros(p.cfg.now()), id)
	if err != nil {
		return fmt.Errorf("portfolio: marking the delivery %s processed: %w", id, err)
	}
	return nil
}

// announced are the delivery's own changes, for a company without an
// earlier record to compare with: path as Field, JSON values as text.
func announced(d *webhook.Event) []changes.Change {
	var out []changes.Change
	for _, c := range d.Changes {
		b, a := rawText(c.Before), rawText(c.After)
		k := changes.Modified
		switch {
		case b == "" && a == "":
			continue
		case b == "":
			k = changes.Added
		case a == "":
			k = changes.Removed
		}
		out = append(out, changes.Change{Category: enums.Preference(c.Category), Kind: k, Field: strings.TrimPrefix(c.Path, "/"), Before: b, After: a})
	}
	return out
}

// rawText is a JSON value as display text: a string without its quotes,
// anything else as sent, null as "".
func rawText(v json.RawMessage) string {
	s := strings.TrimSpace(string(v))
	if s == "" || s == "null" {
		return ""
	}
	var str string
	if json.Unmarshal(v, &str) == nil {
		return str
	}
	return s
}
