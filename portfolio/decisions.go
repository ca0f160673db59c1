package portfolio

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"
	"time"
	"unicode/utf8"
)

// DecisionState is where a decision stands.
type DecisionState string

// The states of a decision, and AllDecisions for Decisions.
const (
	// Pending: proposed under four eyes (WithFourEyes), waiting for a
	// second person's Approve or Reject; it has no effect yet.
	Pending DecisionState = "pending"
	// Applied: in effect (at once without four eyes, else once approved).
	Applied DecisionState = "applied"
	// Rejected: a second person refused it, with a reason; it never took
	// effect.
	Rejected DecisionState = "rejected"
	// AllDecisions selects decisions in every state (Decisions).
	AllDecisions DecisionState = ""
)

// The kinds of decision.
const (
	// KindResolve is Resolve: a row's company chosen by a person, or
	// "no register entry".
	KindResolve = "resolve"
	// KindRemove is Remove: an entry taken out of the portfolio.
	KindRemove = "remove"
	// KindAcknowledge is Acknowledge: an open flag seen by a person.
	KindAcknowledge = "acknowledge"
)

// Errors of the decisions.
var (
	// ErrSelfApproval is wrapped by the error of Approve when the actor
	// proposed the decision: four eyes means two people.
	ErrSelfApproval = errors.New("portfolio: a decision cannot be approved by the person who proposed it")
	// ErrNotPending is wrapped by the error of Approve and Reject for a
	// decision that was applied or rejected already.
	ErrNotPending = errors.New("portfolio: the decision is not pending")
	// ErrStale is wrapped by the error of Approve when what a pending
	// decision rests on changed since it was proposed (the row was
	// imported with other data, the flag's finding changed): reject it
	// and decide again on what is there now.
	ErrStale = errors.New("portfolio: what the decision rests on changed since it was proposed")
	// ErrNoteRequired is wrapped by the error of a decision that needs a
	// note and has none (Acknowledge, Reject, Resolve to "no register
	// entry").
	ErrNoteRequired = errors.New("portfolio: a note is required")
)

// Decision is one decision a person took on the portfolio.
type Decision struct {
	// ID numbers the decisions.
	ID int64 `json:"id"`
	// Kind is KindResolve, KindRemove or KindAcknowledge.
	Kind string `json:"kind"`
	// Ref is the entry decided on (resolve, remove).
	Ref string `json:"ref,omitempty"`
	// CompanyID is the company chosen (resolve; "" for "no register
	// entry") or the company whose flag is acknowledged.
	CompanyID string `json:"company_id,omitempty"`
	// Code is the flag acknowledged (acknowledge).
	Code string `json:"code,omitempty"`
	// Note is the reason the person gave.
	Note string `json:"note,omitempty"`
	// By is who took the decision.
	By Actor `json:"by"`
	// At is when.
	At time.Time `json:"at"`
	// State is Pending, Applied or Rejected.
	State DecisionState `json:"state"`
	// ReviewedBy is who approved or rejected it under four eyes; nil
	// otherwise.
	ReviewedBy *Actor `json:"reviewed_by,omitempty"`
	// ReviewedAt is when; zero without a review.
	ReviewedAt time.Time `json:"reviewed_at,omitzero"`
	// ReviewNote is the approver's note, or the reason of a rejection.
	ReviewNote string `json:"review_note,omitempty"`
	// Name is the company's name as the decision found it (resolve,
	// acknowledge), for people to read beside CompanyID.
	Name string `json:"name,omitempty"`
}

// Subject is what the decision is about, as the audit chain names it: the
// Ref, or "COMPANY_ID FLAG".
func (d *Decision) Subject() string {
	if d.Kind == KindAcknowledge {
		return d.CompanyID + " " + d.Code
	}
	return d.Ref
}

// WithFourEyes makes every decision (Resolve, Remove, Acknowledge) wait
// as Pending until a second person approves it (Approve); nobody
// approves their own (ErrSelfApproval). The option is the client's: every
// client of a team's portfolio must be opened with it.
func WithFourEyes() Option {
	return func(c *config) { c.fourEyes = true }
}

// basis is what a decision rests on, read when it is taken and compared
// when it is approved.
type basis struct {
	// Fingerprint is the entry's row data (resolve, remove).
	Fingerprint string `json:"fingerprint,omitempty"`
	// Reason is the flag's finding (acknowledge).
	Reason string `json:"reason,omitempty"`
	// Facts are the flag's facts (acknowledge; "" in a decision taken
	// before facts were kept): what the decision rests on.
	Facts string `json:"facts,omitempty"`
	// Name is the company's name.
	Name string `json:"name,omitempty"`
	// Row is the entry's row as it stood (remove: what was taken out).
	Row json.RawMessage `json:"row,omitempty"`
}

// checkNote validates a decision's note; required says it must not be
// empty.
func checkNote(what, note string, required bool) error {
	switch {
	case len(note) > MaxNoteLength || !utf8.ValidString(note) || strings.ContainsRune(note, 0):
		return fmt.Errorf("portfolio: %s: the note must be UTF-8 text of at most %d bytes", what, MaxNoteLength)
	case required && strings.TrimSpace(note) == "":
		return fmt.Errorf("portfolio: %s: %w: say why", what, ErrNoteRequired)
	}
	return nil
}

// decide records d, taken by the actor of ctx, and applies it unless the
// portfolio has four eyes: the decision, its effect and its audit entry
// are written in one transaction.
func (p *Portfolio) decide(ctx context.Context, d *Decision, name string) error {
	a, err := actorOf(ctx, d.Kind)
	if err != nil {
		return err
	}
	d.By, d.At = a, fromMicros(micros(p.cfg.now()))
	return p.inTx(ctx, func(tx *sql.Tx) error {
		d.State = Applied
		if p.cfg.fourEyes {
			d.State = Pending
		}
		b, err := p.basisOf(ctx, tx, d)
		if err != nil {
			return err
		}
		if name != "" {
			b.Name = name
		}
		d.Name = b.Name
		if err := p.nonePending(ctx, tx, d); err != nil {
			return err
		}
		err = tx.QueryRowContext(ctx, p.q(`INSERT INTO portfolio_decisions (kind, ref, company_id, code, note, basis, by_id, by_name, at, state)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`),
			d.Kind, d.Ref, d.CompanyID, d.Code, d.Note, mustJSON(b), a.ID, a.Name, micros(d.At), string(d.State)).Scan(&d.ID)
		if err != nil {
			return fmt.Errorf("portfolio: recording the decision: %w", err)
		}
		if d.State == Applied {
			if err := p.effect(ctx, tx, d, b, d.At); err != nil {
				return err
			}
		}
		_, err = p.writeAudit(ctx, tx, a, d.Kind, d.Subject(), auditDetail(d, b))
		return err
	})
}

// auditDetail is the detail of a decision's audit entry.
func auditDetail(d *Decision, b basis) map[string]any {
	m := map[string]any{"decision": d.ID, "kind": d.Kind, "state": d.State, "note": d.Note}
	if d.Ref != "" {
		m["ref"] = d.Ref
	}
	if d.Kind != KindRemove {
		m["company_id"] = d.CompanyID
	}
	if d.Code != "" {
		m["code"], m["reason"] = d.Code, b.Reason
	}
	if b.Name != "" {
		m["name"] = b.Name
	}
	if len(b.Row) > 0 {
		m["row"] = b.Row
	}
	return m
}

// nonePending refuses a decision on a subject that has one pending.
func (p *Portfolio) nonePending(ctx context.Context, tx *sql.Tx, d *Decision) error {
	var id int64
	var err error
	if d.Kind == KindAcknowledge {
		err = tx.QueryRowContext(ctx, p.q(`SELECT id FROM portfolio_decisions WHERE state = 'pending' AND kind = 'acknowledge'
			AND company_id = $1 AND code = $2 LIMIT 1`), d.CompanyID, d.Code).Scan(&id)
	} else {
		err = tx.QueryRowContext(ctx, p.q(`SELECT id FROM portfolio_decisions WHERE state = 'pending' AND kind IN ('resolve', 'remove')
			AND ref = $1 LIMIT 1`), d.Ref).Scan(&id)
	}
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return fmt.Errorf("portfolio: reading the pending decisions: %w", err)
	}
	return fmt.Errorf("portfolio: %s %s: decision %d on it is pending: approve or reject it first", d.Kind, clip(d.Subject()), id)
}

// basisOf reads what d rests on, locking it until tx ends; the subject
// gone fails with an error wrapping ErrNotFound.
func (p *Portfolio) basisOf(ctx context.Context, tx *sql.Tx, d *Decision) (basis, error) {
	var b basis
	if d.Kind == KindAcknowledge {
		err := tx.QueryRowContext(ctx, p.q(`SELECT f.reason, f.facts, COALESCE((SELECT MAX(e.name) FROM portfolio_entries e WHERE e.company_id = f.company_id), '')
			FROM portfolio_flags f WHERE f.company_id = $1 AND f.code = $2 AND `+stillNamed("f")+p.lockSQLOf("f")), d.CompanyID, d.Code).Scan(&b.Reason, &b.Facts, &b.Name)
		if errors.Is(err, sql.ErrNoRows) {
			return b, fmt.Errorf("%w: no open flag %q on %s (Flags lists the open ones)", ErrNotFound, clip(d.Code), clip(d.CompanyID))
		}
		if err != nil {
			return b, fmt.Errorf("portfolio: reading the flag %s of %s: %w", clip(d.Code), clip(d.CompanyID), err)
		}
		return b, nil
	}
	var row string
	err := tx.QueryRowContext(ctx, p.q(`SELECT fingerprint, name, row_data FROM portfolio_entries WHERE ref = $1`+p.lockSQL()), d.Ref).Scan(&b.Fingerprint, &b.Name, &row)
	if errors.Is(err, sql.ErrNoRows) {
		return b, fmt.Errorf("%w: no entry has the ref %q", ErrNotFound, clip(d.Ref))
	}
	if err != nil {
		return b, fmt.Errorf("portfolio: reading the entry %q: %w", clip(d.Ref), err)
	}
	if d.Kind == KindRemove && json.Valid([]byte(row)) {
		b.Row = json.RawMessage(row)
	}
	return b, nil
}

// lockSQLOf is lockSQL for a query over several tables: the rows of
// table alias only.
func (p *Portfolio) lockSQLOf(alias string) string {
	if p.engine == enginePostgres {
		return " FOR UPDATE OF " + alias
	}
	return ""
}

// effect applies d, which rests on b, in tx, at at (when it was taken,
// or approved under four eyes).
func (p *Portfolio) effect(ctx context.Context, tx *sql.Tx, d *Decision, b basis, at time.Time) error {
	var err error
	switch d.Kind {
	case KindResolve:
		status, reasons := Matched, []string{"resolved by " + d.By.String()}
		if d.CompanyID == "" {
			status, reasons = NoEntry, []string{"no register entry, as " + d.By.String() + " decided"}
		}
		if d.Note != "" {
			reasons = append(reasons, d.Note)
		}
		_, err = tx.ExecContext(ctx, p.q(`UPDATE portfolio_entries SET company_id = $1, name = $2, status = $3, score = 1, reasons = $4,
			decided_fp = fingerprint, decided_row = row_data, changed = 0, problem = '', queued_at = 0, decision_id = $5, updated_at = $6
			WHERE ref = $7`), d.CompanyID, b.Name, string(status), mustJSON(reasons), d.ID, micros(at), d.Ref)
	case KindRemove:
		_, err = tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_entries WHERE ref = $1`), d.Ref)
	case KindAcknowledge:
		_, err = tx.ExecContext(ctx, p.q(`UPDATE portfolio_flags SET acknowledged = TRUE, note = $1, ack_by_id = $2, ack_by_name = $3,
			ack_at = $4, ack_reason = reason, ack_decision = $5 WHERE company_id = $6 AND code = $7`),
			d.Note, d.By.ID, d.By.Name, micros(at), d.ID, d.CompanyID, d.Code)
	default:
		return fmt.Errorf("portfolio: decision %d has the unknown kind %q", d.ID, clip(d.Kind))
	}
	if err != nil {
		return fmt.Errorf("portfolio: applying decision %d (%s %s): %w", d.ID, d.Kind, clip(d.Subject()), err)
	}
	return nil
}

// decisionIn reads decision id in tx, locking it.
func (p *Portfolio) decisionIn(ctx context.Context, tx *sql.Tx, id int64) (Decision, basis, error) {
	rows, err := tx.QueryContext(ctx, p.q(decisionColumns+` WHERE id = $1`+p.lockSQL()), id)
	if err != nil {
		return Decision{}, basis{}, fmt.Errorf("portfolio: reading decision %d: %w", id, err)
	}
	ds, bs, err := scanDecisions(rows)
	if err != nil {
		return Decision{}, basis{}, err
	}
	if len(ds) == 0 {
		return Decision{}, basis{}, fmt.Errorf("%w: no decision %d (Decisions lists them)", ErrNotFound, id)
	}
	return ds[0], bs[0], nil
}

const decisionColumns = `SELECT id, kind, ref, company_id, code, note, basis, by_id, by_name, at, state,
	reviewed_by_id, reviewed_by_name, reviewed_at, review_note FROM portfolio_decisions`

// scanDecisions reads the decisions rows holds and closes it.
func scanDecisions(rows *sql.Rows) ([]Decision, []basis, error) {
	defer rows.Close()
	var ds []Decision
	var bs []basis
	for rows.Next() {
		var d Decision
		var b basis
		var bj, state, rid, rname string
		var at, rat int64
		if err := rows.Scan(&d.ID, &d.Kind, &d.Ref, &d.CompanyID, &d.Code, &d.Note, &bj, &d.By.ID, &d.By.Name, &at, &state,
			&rid, &rname, &rat, &d.ReviewNote); err != nil {
			return nil, nil, fmt.Errorf("portfolio: reading the decisions: %w", err)
		}
		_ = json.Unmarshal([]byte(bj), &b)
		d.At, d.State, d.Name = fromMicros(at), DecisionState(state), b.Name
		if rid != "" {
			d.ReviewedBy, d.ReviewedAt = &Actor{ID: rid, Name: rname}, fromMicros(rat)
		}
		ds, bs = append(ds, d), append(bs, b)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("portfolio: reading the decisions: %w", err)
	}
	return ds, bs, nil
}

// decisionsPage is how many decisions Decisions reads at a time.
const decisionsPage = 500

// Decisions yields the decisions in state (AllDecisions for every one),
// oldest first, reading a page at a time. The second value is non-nil
// when reading fails; the loop ends after it.
func (p *Portfolio) Decisions(ctx context.Context, state DecisionState) iter.Seq2[Decision, error] {
	return func(yield func(Decision, error) bool) {
		switch state {
		case AllDecisions, Pending, Applied, Rejected:
		default:
			yield(Decision{}, fmt.Errorf("portfolio: Decisions: unknown state %q: use portfolio.Pending, Applied, Rejected or AllDecisions", clip(string(state))))
			return
		}
		read := func(after int64) ([]Decision, error) {
			rows, err := p.db.QueryContext(ctx, p.q(decisionColumns+` WHERE id > $1 AND ($2 = '' OR state = $2) ORDER BY id LIMIT `+itoa(decisionsPage)), after, string(state))
			if err != nil {
				return nil, fmt.Errorf("portfolio: reading the decisions: %w", err)
			}
			page, _, err := scanDecisions(rows)
			return page, err
		}
		for d, err := range paged(decisionsPage, 0, read, func(d Decision) int64 { return d.ID }) {
			if !yield(d, err) {
				return
			}
		}
	}
}
