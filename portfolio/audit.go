package portfolio

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"time"
)

// AuditEntry is one entry of the audit chain: a decision, an approval, a
// rejection or a removal (and, in the web workplace, a sign-in or a
// change of users), written in the same transaction as its effect.
type AuditEntry struct {
	// Seq numbers the entries from 1, without gaps.
	Seq int64 `json:"seq"`
	// At is when the entry was written.
	At time.Time `json:"at"`
	// Actor is who acted.
	Actor Actor `json:"actor"`
	// Action is what was done: "resolve", "remove", "acknowledge",
	// "approve", "reject"; in the web workplace "sign-in", "sign-out",
	// "user-add", "user-role", "user-password", "user-remove".
	Action string `json:"action"`
	// Subject is what it was done to: a Ref, "COMPANY_ID FLAG",
	// "decision N", or "user ID".
	Subject string `json:"subject"`
	// Detail is the rest, as a JSON object: the decision's id and state,
	// its note, the company named, the row as it stood.
	Detail json.RawMessage `json:"detail"`
	// Hash is the hex SHA-256 of the previous entry's hash and this
	// entry's canonical JSON (seq, at in Unix microseconds, actor,
	// action, subject, detail).
	Hash string `json:"hash"`
}

// AuditError is the error of VerifyAudit: the first entry whose hash does
// not follow from the entries before it.
type AuditError struct {
	// Seq is the entry's number (for a missing entry, the number
	// expected).
	Seq int64
	// Reason says how the chain breaks there.
	Reason string
}

// Error names the entry and the break.
func (e *AuditError) Error() string {
	return fmt.Sprintf("portfolio: the audit chain breaks at entry %d: %s", e.Seq, e.Reason)
}

// ErrAuditBroken is wrapped by every *AuditError.
var ErrAuditBroken = errors.New("portfolio: the audit chain is broken")

// Unwrap makes errors.Is(err, ErrAuditBroken) true.
func (e *AuditError) Unwrap() error { return ErrAuditBroken }

// auditLock is the PostgreSQL advisory lock key held from an audit
// entry's insert to its commit, so entries chain in commit order.
const auditLock = 0x7066_6175646974 // "pf_audit"

// auditHash is the hash of the entry that follows prev.
func auditHash(prev string, seq, at int64, a Actor, action, subject string, detail []byte) string {
	body, _ := json.Marshal(struct {
		Seq     int64           `json:"seq"`
		At      int64           `json:"at"`
		Actor   Actor           `json:"actor"`
		Action  string          `json:"action"`
		Subject string          `json:"subject"`
		Detail  json.RawMessage `json:"detail"`
	}{seq, at, a, action, subject, json.RawMessage(detail)})
	h := sha256.New()
	h.Write([]byte(prev))
	h.Write([]byte{'\n'})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

// canonicalDetail is detail as the chain stores and hashes it: compact
// JSON of an object.
func canonicalDetail(detail any) ([]byte, error) {
	b, err := json.Marshal(detail)
	if err != nil {
		return nil, fmt.Errorf("portfolio: encoding an audit entry: %w", err)
	}
	var out bytes.Buffer
	if err := json.Compact(&out, b); err != nil {
		return nil, fmt.Errorf("portfolio: encoding an audit entry: %w", err)
	}
	return out.Bytes(), nil
}

// writeAudit appends an entry to the chain inside tx, which holds the
// entry's effect: both commit or neither does.
func (p *Portfolio) writeAudit(ctx context.Context, tx *sql.Tx, a Actor, action, subject string, detail any) (AuditEntry, error) {
	d, err := canonicalDetail(detail)
	if err != nil {
		return AuditEntry{}, err
	}
	if p.engine == enginePostgres {
		if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(auditLock)); err != nil {
			return AuditEntry{}, fmt.Errorf("portfolio: locking the audit chain: %w", err)
		}
	}
	var last int64
	var prev string
	err = tx.QueryRowContext(ctx, `SELECT seq, hash FROM portfolio_audit ORDER BY seq DESC LIMIT 1`).Scan(&last, &prev)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return AuditEntry{}, fmt.Errorf("portfolio: reading the audit chain: %w", err)
	}
	e := AuditEntry{Seq: last + 1, At: fromMicros(micros(p.cfg.now())), Actor: a, Action: action, Subject: subject, Detail: d}
	e.Hash = auditHash(prev, e.Seq, micros(e.At), a, action, subject, d)
	_, err = tx.ExecContext(ctx, p.q(`INSERT INTO portfolio_audit (seq, at, actor_id, actor_name, action, subject, detail, hash)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`), e.Seq, micros(e.At), a.ID, a.Name, action, subject, string(d), e.Hash)
	if err != nil {
		return AuditEntry{}, fmt.Errorf("portfolio: writing the audit entry: %w", err)
	}
	return e, nil
}

// auditPage is how many audit entries Audit reads at a time.
const auditPage = 1000

// Audit yields the audit chain's entries after since (the last Seq seen;
// 0 for all), in order, reading a page at a time: memory stays bounded
// however long the chain. The second value is non-nil when reading
// fails; the loop ends after it.
func (p *Portfolio) Audit(ctx context.Context, since int64) iter.Seq2[AuditEntry, error] {
	return paged(auditPage, since,
		func(after int64) ([]AuditEntry, error) { return p.auditAfter(ctx, after) },
		func(e AuditEntry) int64 { return e.Seq })
}

func (p *Portfolio) auditAfter(ctx context.Context, since int64) ([]AuditEntry, error) {
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT seq, at, actor_id, actor_name, action, subject, detail, hash
		FROM portfolio_audit WHERE seq > $1 ORDER BY seq LIMIT `+itoa(auditPage)), since)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the audit chain: %w", err)
	}
	defer rows.Close()
	var out []AuditEntry
	for rows.Next() {
		var e AuditEntry
		var at int64
		var detail string
		if err := rows.Scan(&e.Seq, &at, &e.Actor.ID, &e.Actor.Name, &e.Action, &e.Subject, &detail, &e.Hash); err != nil {
			return nil, fmt.Errorf("portfolio: reading the audit chain: %w", err)
		}
		e.At, e.Detail = fromMicros(at), json.RawMessage(detail)
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the audit chain: %w", err)
	}
	return out, nil
}

// VerifyAudit walks the audit chain from its first entry and checks that
// each entry's hash follows from the previous one and the entry's own
// content, and that the entries are numbered from 1 without a gap. It
// returns nil for an intact chain, or an *AuditError (wrapping
// ErrAuditBroken) naming the first entry that a changed, removed or
// inserted row breaks. The chain cannot show entries cut off at its end:
// keep the last Seq and Hash an auditor saw (AuditEntry) to compare.
func (p *Portfolio) VerifyAudit(ctx context.Context) error {
	prev, want := "", int64(1)
	for e, err := range p.Audit(ctx, 0) {
		if err != nil {
			return err
		}
		switch {
		case e.Seq > want:
			return &AuditError{Seq: want, Reason: fmt.Sprintf("it is missing (entry %d follows entry %d)", e.Seq, want-1)}
		case e.Seq < want:
			return &AuditError{Seq: e.Seq, Reason: "it is numbered out of order"}
		}
		if !json.Valid(e.Detail) {
			return &AuditError{Seq: e.Seq, Reason: "its detail is not JSON"}
		}
		// The hash covers the detail as JSON encodes it; the row keeps it
		// so: other spacing or escaping is an edit the hash cannot see.
		if c, err := json.Marshal(e.Detail); err != nil || !bytes.Equal(c, e.Detail) {
			return &AuditError{Seq: e.Seq, Reason: "its detail is not as the chain writes it (the row was changed)"}
		}
		if h := auditHash(prev, e.Seq, micros(e.At), e.Actor, e.Action, e.Subject, e.Detail); h != e.Hash {
			return &AuditError{Seq: e.Seq, Reason: "its hash does not follow from the entry before it and its content (the row was changed, or an entry before it was removed or inserted)"}
		}
		prev, want = e.Hash, want+1
	}
	return nil
}
