package portfolio

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
)

// Review is an entry awaiting a person: a row no match could settle, a
// company the service does not know, a row whose data changed since a
// person resolved it.
type Review struct {
	// Ref is the customer's own key.
	Ref string `json:"ref"`
	// Row is what the customer wrote, as last imported.
	Row Row `json:"row"`
	// Status is why the entry waits: Ambiguous, NotFound, Failed,
	// UnknownCompany or Changed.
	Status Status `json:"status"`
	// CompanyID is the company the entry names (UnknownCompany: the id
	// the service does not know; Changed: the company a person chose);
	// "" otherwise.
	CompanyID string `json:"company_id,omitempty"`
	// Name is that company's name, when known.
	Name string `json:"name,omitempty"`
	// Candidates are the companies the match found, best first, each with
	// its score, its reasons and its register entry as the search gave it
	// (Result: name, register, court, city, legal form).
	Candidates []registerdata.MatchCandidate `json:"candidates"`
	// Reasons say what happened, in plain words ("3 companies fit and
	// none is confident enough", "the service does not know
	// DE-HRB-F1103-900000", "the row changed since Anna Richter resolved
	// it").
	Reasons []string `json:"reasons"`
	// Decided is the row a person resolved, for a Changed entry: shown
	// beside Row. Nil otherwise.
	Decided *Row `json:"decided,omitempty"`
	// Pending is the decision on the entry waiting for a second person
	// (WithFourEyes), if any.
	Pending *Decision `json:"pending,omitempty"`
	// Since is when the entry entered the queue.
	Since time.Time `json:"since"`
}

// reviewsPage is how many entries Reviews reads at a time.
const reviewsPage = 200

// inQueue is the condition of the entries awaiting a person.
const inQueue = `(status IN ('ambiguous', 'none', 'failed', 'unknown_company') OR changed = 1)`

// Reviews yields the review queue in the order of Ref, reading a page at
// a time: every entry awaiting a person, with what the customer wrote,
// the candidates and what happened. The second value is non-nil when
// reading fails; the loop ends after it.
func (p *Portfolio) Reviews(ctx context.Context) iter.Seq2[Review, error] {
	return paged(reviewsPage, "",
		func(after string) ([]Review, error) { return p.reviewsAfter(ctx, after) },
		func(r Review) string { return r.Ref })
}

// ReviewCount is how many entries await a person.
func (p *Portfolio) ReviewCount(ctx context.Context) (int, error) {
	var n int
	if err := p.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM portfolio_entries WHERE `+inQueue).Scan(&n); err != nil {
		return 0, fmt.Errorf("portfolio: counting the review queue: %w", err)
	}
	return n, nil
}

func (p *Portfolio) reviewsAfter(ctx context.Context, after string) ([]Review, error) {
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT ref, status, company_id, name, candidates, row_data, problem, changed, decided_row, queued_at, updated_at,
		COALESCE((SELECT d.by_name FROM portfolio_decisions d WHERE d.id = portfolio_entries.decision_id), '')
		FROM portfolio_entries WHERE ref > $1 AND `+inQueue+` ORDER BY ref LIMIT `+itoa(reviewsPage)), after)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the review queue: %w", err)
	}
	defer rows.Close()
	var out []Review
	for rows.Next() {
		var r Review
		var cands, row, problem, decided, decider string
		var changed int
		var queued, updated int64
		if err := rows.Scan(&r.Ref, &r.Status, &r.CompanyID, &r.Name, &cands, &row, &problem, &changed, &decided, &queued, &updated, &decider); err != nil {
			return nil, fmt.Errorf("portfolio: reading the review queue: %w", err)
		}
		var sc []storedCandidate
		_ = json.Unmarshal([]byte(cands), &sc)
		r.Candidates = make([]registerdata.MatchCandidate, 0, len(sc))
		for _, c := range sc {
			r.Candidates = append(r.Candidates, c.matchCandidate())
		}
		if json.Unmarshal([]byte(row), &r.Row) != nil || r.Row.Ref == "" {
			r.Row = Row{Ref: r.Ref}
		}
		r.Row.Tags = normTags(r.Row.Tags)
		r.Reasons = []string{}
		if changed == 1 {
			r.Status = Changed
			var d Row
			if json.Unmarshal([]byte(decided), &d) == nil && d.Ref != "" {
				r.Decided = &d
			}
			if decider == "" {
				decider = "a person"
			}
			r.Reasons = append(r.Reasons, "the row changed since "+decider+" resolved it: it keeps that company until a person decides again")
		}
		if problem != "" {
			r.Reasons = append(r.Reasons, problem)
		}
		if r.Status == Ambiguous || r.Status == NotFound || r.Status == Failed {
			r.CompanyID, r.Name = "", ""
		}
		r.Since = fromMicros(queued)
		if queued == 0 {
			r.Since = fromMicros(updated)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the review queue: %w", err)
	}
	rows.Close()
	return out, p.attachPending(ctx, out)
}

// attachPending sets the pending decision of each review that has one.
func (p *Portfolio) attachPending(ctx context.Context, rs []Review) error {
	if len(rs) == 0 {
		return nil
	}
	refs := make([]string, len(rs))
	for i, r := range rs {
		refs[i] = r.Ref
	}
	marks, args := inList(refs)
	rows, err := p.db.QueryContext(ctx, p.q(decisionColumns+` WHERE state = 'pending' AND kind IN ('resolve', 'remove') AND ref IN (`+marks+`)`), args...)
	if err != nil {
		return fmt.Errorf("portfolio: reading the pending decisions: %w", err)
	}
	ds, _, err := scanDecisions(rows)
	if err != nil {
		return err
	}
	for i := range ds {
		d := &ds[i]
		if j := slices.IndexFunc(rs, func(r Review) bool { return r.Ref == d.Ref }); j >= 0 {
			rs[j].Pending = d
		}
	}
	return nil
}

// Resolve settles the entry ref as the actor of ctx (WithActor): to
// companyID, one of its candidates or an id the person typed (checked
// with a company lookup, at its price, before it is kept; an id the
// service does not know fails with an error wrapping
// registerdata.ErrNotFound and nothing is recorded), or, with companyID
// "", to "no register entry" (a note saying why is required): the entry
// is kept, never monitored, and never matched again.
//
// A resolution stands across imports: the same row imported again is
// Unchanged and billed nothing; the row imported with other data is
// Changed and waits in the queue (Reviews) with both versions, never
// matched again without a person. Under four eyes (WithFourEyes) the
// resolution waits as Pending until another person approves it.
func (p *Portfolio) Resolve(ctx context.Context, ref, companyID, note string) error {
	if _, err := actorOf(ctx, "Resolve"); err != nil {
		return err
	}
	if err := checkNote("Resolve", note, companyID == ""); err != nil {
		return fmt.Errorf("%w (for \"no register entry\")", err)
	}
	if companyID != "" {
		probe := Row{Ref: "x", CompanyID: companyID}
		if err := probe.validate(); err != nil {
			return fmt.Errorf("portfolio: Resolve %q: the company id %q is not a register id such as DE-HRB-F1103-267645", clip(ref), clip(companyID))
		}
	}
	name, err := p.resolveName(ctx, ref, companyID)
	if err != nil {
		return err
	}
	return p.decide(ctx, &Decision{Kind: KindResolve, Ref: ref, CompanyID: companyID, Note: note}, name)
}

// resolveName is the name of the company a resolution of ref names: a
// candidate's, the entry's own, or the register's (a paid lookup, which
// also checks that the service knows the id).
func (p *Portfolio) resolveName(ctx context.Context, ref, companyID string) (string, error) {
	var cands, current, name string
	err := p.db.QueryRowContext(ctx, p.q(`SELECT candidates, company_id, name FROM portfolio_entries WHERE ref = $1`), ref).Scan(&cands, &current, &name)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return "", fmt.Errorf("%w: no entry has the ref %q (Reviews lists the queue)", ErrNotFound, clip(ref))
		}
		return "", fmt.Errorf("portfolio: reading the entry %q: %w", clip(ref), err)
	}
	if companyID == "" {
		return "", nil
	}
	var sc []storedCandidate
	_ = json.Unmarshal([]byte(cands), &sc)
	for _, c := range sc {
		if c.CompanyID == companyID {
			return c.Name, nil
		}
	}
	if companyID == current && name != "" {
		return name, nil
	}
	co, err := p.c.GetCompany(ctx, companyID, nil)
	if err != nil {
		if errors.Is(err, registerdata.ErrNotFound) {
			return "", fmt.Errorf("portfolio: Resolve %q: the service does not know %s: %w (check the id, or resolve to a candidate)", clip(ref), clip(companyID), err)
		}
		return "", fmt.Errorf("portfolio: Resolve %q: checking %s: %w", clip(ref), clip(companyID), err)
	}
	return co.Name.Name, nil
}
