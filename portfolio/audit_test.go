package portfolio_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/registerdata/registerdata-go/redflags"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// auditEntries is the audit chain after since.
func auditEntries(t testing.TB, p *portfolio.Portfolio, since int64) []portfolio.AuditEntry {
	t.Helper()
	var out []portfolio.AuditEntry
	for e, err := range p.Audit(context.Background(), since) {
		require.NoError(t, err)
		out = append(out, e)
	}
	return out
}

// auditDetail is the detail of e, decoded.
type auditDetail struct {
	Decision int64  `json:"decision"`
	Kind     string `json:"kind"`
	State    string `json:"state"`
	Note     string `json:"note"`
	Ref      string `json:"ref"`
	Company  string `json:"company_id"`
	Code     string `json:"code"`
	Reason   string `json:"reason"`
	Row      *portfolio.Row
}

func detailOf(t testing.TB, e portfolio.AuditEntry) auditDetail {
	t.Helper()
	var d auditDetail
	require.NoError(t, json.Unmarshal(e.Detail, &d), "entry %d: %s", e.Seq, e.Detail)
	return d
}

var dollarArg = regexp.MustCompile(`\$[0-9]+`)

// execRaw runs a statement on the database at dsn with plain SQL, as
// someone with access to the database but not the portfolio would.
func execRaw(t testing.TB, db *sql.DB, dsn, query string, args ...any) {
	t.Helper()
	if strings.HasPrefix(dsn, "sqlite:") {
		query = dollarArg.ReplaceAllString(query, "?")
	}
	_, err := db.Exec(query, args...)
	require.NoError(t, err, query)
}

// TestEveryDecisionWritesOneAuditEntry takes each kind of decision, an
// approval and a rejection: each writes exactly one entry, naming the
// actor, the action, the subject, the decision and its note; a decision
// refused writes none; the chain verifies.
func TestEveryDecisionWritesOneAuditEntry(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		_, c, clk := newFake(t)
		p := open(t, dsn, c, clk)
		cands := ambiguousCandidates(t, p)
		importFlagged(t, p)
		p4 := open(t, dsn, c, clk, portfolio.WithFourEyes())
		require.NoError(t, p.VerifyAudit(bg), "an empty chain is intact")

		type want struct {
			actor    portfolio.Actor
			action   string
			subject  string
			note     string
			decision func() int64 // the decision the entry names
		}
		var wants []want
		last := func(p *portfolio.Portfolio) func() int64 {
			ds := decisions(t, p, portfolio.AllDecisions)
			id := ds[len(ds)-1].ID
			return func() int64 { return id }
		}
		step := func(w want, do func() error) {
			t.Helper()
			before := len(auditEntries(t, p, 0))
			clk.Advance(time.Minute)
			require.NoError(t, do(), w.action+" "+w.subject)
			if w.decision == nil {
				w.decision = last(p)
			}
			wants = append(wants, w)
			assert.Len(t, auditEntries(t, p, 0), before+1, "%s %s writes one entry", w.action, w.subject)
		}
		refused := func(what string, do func() error) {
			t.Helper()
			before := len(auditEntries(t, p, 0))
			require.Error(t, do(), what)
			assert.Len(t, auditEntries(t, p, 0), before, "%s, refused, writes no entry", what)
		}

		step(want{actor: anna, action: portfolio.KindResolve, subject: "C-3", note: "the address fits"},
			func() error { return p.Resolve(as(bg, anna), "C-3", cands[0].CompanyID, "the address fits") })
		step(want{actor: anna, action: portfolio.KindAcknowledge, subject: inLiquidation + " " + redflags.FlagLiquidation, note: "known"},
			func() error { return p.Acknowledge(as(bg, anna), inLiquidation, redflags.FlagLiquidation, "known") })
		step(want{actor: ben, action: portfolio.KindRemove, subject: "C-1"},
			func() error { return p.Remove(as(bg, ben), "C-1") })
		step(want{actor: anna, action: portfolio.KindResolve, subject: "C-4", note: "a sole trader"},
			func() error { return p4.Resolve(as(bg, anna), "C-4", "", "a sole trader") })
		proposed := wants[len(wants)-1].decision
		step(want{actor: ben, action: "approve", note: "agreed", decision: proposed},
			func() error { return p4.Approve(as(bg, ben), proposed(), "agreed") })
		step(want{actor: anna, action: portfolio.KindRemove, subject: "C-2"},
			func() error { return p4.Remove(as(bg, anna), "C-2") })
		withdrawn := wants[len(wants)-1].decision
		step(want{actor: ben, action: "reject", note: "the customer is active", decision: withdrawn},
			func() error { return p4.Reject(as(bg, ben), withdrawn(), "the customer is active") })

		refused("a resolution to an unknown id", func() error { return p.Resolve(as(bg, anna), "C-2", unknownID, "typed") })
		refused("an acknowledgement of a flag not open", func() error {
			return p.Acknowledge(as(bg, anna), nordlicht, redflags.FlagLiquidation, "known")
		})
		require.NoError(t, p4.Remove(as(bg, anna), "L-1"))
		pending := decisions(t, p4, portfolio.Pending)
		require.Len(t, pending, 1)
		refused("a self-approval", func() error { return p4.Approve(as(bg, anna), pending[0].ID, "") })
		refused("a rejection without a reason", func() error { return p4.Reject(as(bg, ben), pending[0].ID, "") })
		refused("an approval of a decided decision", func() error { return p4.Approve(as(bg, ben), proposed(), "") })

		es := auditEntries(t, p, 0)
		require.Len(t, es, len(wants)+1, "the decisions, the reviews and the last proposal")
		hashes := map[string]bool{}
		for i, w := range wants {
			e := es[i]
			assert.Equal(t, int64(i+1), e.Seq, "numbered from 1 without gaps")
			assert.Equal(t, start.Add(time.Duration(i+1)*time.Minute), e.At)
			assert.Equal(t, w.actor, e.Actor, "entry %d", e.Seq)
			assert.Equal(t, w.action, e.Action, "entry %d", e.Seq)
			d := detailOf(t, e)
			assert.Equal(t, w.decision(), d.Decision, "entry %d names its decision", e.Seq)
			assert.Equal(t, w.note, d.Note, "entry %d", e.Seq)
			if w.subject != "" {
				assert.Equal(t, w.subject, e.Subject, "entry %d", e.Seq)
			} else {
				assert.Equal(t, "decision "+itoa(w.decision()), e.Subject, "entry %d", e.Seq)
			}
			assert.Len(t, e.Hash, 64)
			assert.False(t, hashes[e.Hash])
			hashes[e.Hash] = true
		}
		assert.Equal(t, "C-1", detailOf(t, es[2]).Row.Ref, "a removal keeps the row as it stood")
		assert.Equal(t, redflags.FlagLiquidation, detailOf(t, es[1]).Code)
		assert.NotEmpty(t, detailOf(t, es[1]).Reason, "an acknowledgement keeps the finding it saw")
		assert.Equal(t, es[3:], auditEntries(t, p, 3), "Audit reads on after the Seq given")
		require.NoError(t, p.VerifyAudit(bg))
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// auditRow is a row of portfolio_audit as stored.
type auditRow struct {
	seq, at                                         int64
	actorID, actorName, action, subject, detail, hs string
}

// chainOf builds a portfolio at dsn with a chain of six entries and
// returns it with the rows as stored.
func chainOf(t *testing.T, dsn string) (*portfolio.Portfolio, *sql.DB, []auditRow) {
	t.Helper()
	bg := context.Background()
	_, c, clk := newFake(t)
	p := open(t, dsn, c, clk)
	cands := ambiguousCandidates(t, p)
	importFlagged(t, p)
	for i := range 3 {
		clk.Advance(time.Minute)
		require.NoError(t, p.Resolve(as(bg, anna), "C-3", cands[i%len(cands)].CompanyID, "look "+itoa(int64(i))+" <ok>"))
		require.NoError(t, p.Acknowledge(as(bg, ben), inLiquidation, redflags.FlagLiquidation, "seen "+itoa(int64(i))))
	}
	require.NoError(t, p.VerifyAudit(bg))
	db := rawDB(t, dsn)
	rows, err := db.Query(`SELECT seq, at, actor_id, actor_name, action, subject, detail, hash FROM portfolio_audit ORDER BY seq`)
	require.NoError(t, err)
	defer rows.Close()
	var out []auditRow
	for rows.Next() {
		var r auditRow
		require.NoError(t, rows.Scan(&r.seq, &r.at, &r.actorID, &r.actorName, &r.action, &r.subject, &r.detail, &r.hs))
		out = append(out, r)
	}
	require.NoError(t, rows.Err())
	require.Len(t, out, 6)
	return p, db, out
}

// restore puts the chain back as rows had it.
func restore(t *testing.T, db *sql.DB, dsn string, rows []auditRow) {
	t.Helper()
	execRaw(t, db, dsn, `DELETE FROM portfolio_audit`)
	for _, r := range rows {
		insertAudit(t, db, dsn, r)
	}
}

func insertAudit(t *testing.T, db *sql.DB, dsn string, r auditRow) {
	t.Helper()
	execRaw(t, db, dsn, `INSERT INTO portfolio_audit (seq, at, actor_id, actor_name, action, subject, detail, hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
		r.seq, r.at, r.actorID, r.actorName, r.action, r.subject, r.detail, r.hs)
}

// brokenAt asserts that err is the *AuditError of entry seq.
func brokenAt(t *testing.T, err error, seq int64, what string) {
	t.Helper()
	require.Error(t, err, "%s must break the chain", what)
	assert.ErrorIs(t, err, portfolio.ErrAuditBroken, what)
	var ae *portfolio.AuditError
	require.True(t, errors.As(err, &ae), "%s: %v is not an *AuditError", what, err)
	assert.Equal(t, seq, ae.Seq, "%s: %v", what, err)
	assert.Contains(t, err.Error(), "entry "+itoa(seq), "the error names the entry")
}

// TestVerifyAuditNamesAnEntryEditedWithPlainSQL changes each field of an
// audit row with plain SQL, as someone with the database's password but
// not the portfolio's code would: VerifyAudit names the row.
func TestVerifyAuditNamesAnEntryEditedWithPlainSQL(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		p, db, rows := chainOf(t, dsn)
		for _, edit := range []struct {
			what, sql string
			arg       any
		}{
			{"the detail", `UPDATE portfolio_audit SET detail = $1 WHERE seq = 3`, strings.Replace(rows[2].detail, `"note":"look 1 `, `"note":"look 7 `, 1)},
			{"the detail's spacing", `UPDATE portfolio_audit SET detail = $1 WHERE seq = 3`, strings.Replace(rows[2].detail, `,`, `, `, 1)},
			{"the detail's escaping", `UPDATE portfolio_audit SET detail = $1 WHERE seq = 3`, strings.Replace(rows[2].detail, `\u003cok\u003e`, `<ok>`, 1)},
			{"the detail, not JSON", `UPDATE portfolio_audit SET detail = $1 WHERE seq = 3`, "not json"},
			{"the actor's id", `UPDATE portfolio_audit SET actor_id = $1 WHERE seq = 3`, "mallory@bank.example"},
			{"the actor's name", `UPDATE portfolio_audit SET actor_name = $1 WHERE seq = 3`, "Mallory"},
			{"the action", `UPDATE portfolio_audit SET action = $1 WHERE seq = 3`, "remove"},
			{"the subject", `UPDATE portfolio_audit SET subject = $1 WHERE seq = 3`, "C-4"},
			{"the time", `UPDATE portfolio_audit SET at = at + $1 WHERE seq = 3`, 1},
			{"the hash", `UPDATE portfolio_audit SET hash = $1 WHERE seq = 3`, strings.Repeat("0", 64)},
		} {
			require.NotEqual(t, rows[2].detail, edit.arg, edit.what)
			execRaw(t, db, dsn, edit.sql, edit.arg)
			brokenAt(t, p.VerifyAudit(bg), 3, edit.what)
			restore(t, db, dsn, rows)
			require.NoError(t, p.VerifyAudit(bg), "restored after %s", edit.what)
		}

		// Edited and its hash computed again: the next entry's hash no
		// longer follows.
		r := rows[2]
		r.detail = strings.Replace(r.detail, `"note":"look 1 `, `"note":"look 7 `, 1)
		require.NotEqual(t, rows[2].detail, r.detail)
		r.hs = portfolio.AuditHash(rows[1].hs, r.seq, r.at, portfolio.Actor{ID: r.actorID, Name: r.actorName}, r.action, r.subject, []byte(r.detail))
		execRaw(t, db, dsn, `UPDATE portfolio_audit SET detail = $1, hash = $2 WHERE seq = 3`, r.detail, r.hs)
		brokenAt(t, p.VerifyAudit(bg), 4, "an edit with its hash computed again")
	})
}

// TestVerifyAuditNamesAnEntryRemovedOrInserted deletes and inserts audit
// rows with plain SQL: VerifyAudit names the entry missing or forged.
func TestVerifyAuditNamesAnEntryRemovedOrInserted(t *testing.T) {
	engines(t, func(t *testing.T, dsn string) {
		bg := context.Background()
		p, db, rows := chainOf(t, dsn)

		// A middle entry deleted.
		execRaw(t, db, dsn, `DELETE FROM portfolio_audit WHERE seq = 3`)
		err := p.VerifyAudit(bg)
		brokenAt(t, err, 3, "a deleted entry")
		assert.Contains(t, err.Error(), "missing")
		restore(t, db, dsn, rows)

		// The first entry deleted.
		execRaw(t, db, dsn, `DELETE FROM portfolio_audit WHERE seq = 1`)
		brokenAt(t, p.VerifyAudit(bg), 1, "the first entry deleted")
		restore(t, db, dsn, rows)

		// A deleted entry's place taken by a forged one.
		forged := rows[2]
		forged.actorID, forged.actorName, forged.subject = "mallory@bank.example", "Mallory", "C-4"
		execRaw(t, db, dsn, `DELETE FROM portfolio_audit WHERE seq = 3`)
		insertAudit(t, db, dsn, forged)
		brokenAt(t, p.VerifyAudit(bg), 3, "a forged entry in the gap")
		restore(t, db, dsn, rows)

		// A forged entry inserted at 3, the rest renumbered after it.
		var shifted []auditRow
		for _, r := range rows {
			if r.seq >= 3 {
				r.seq++
			}
			shifted = append(shifted, r)
		}
		forged = rows[2]
		forged.subject = "C-4"
		shifted = append(shifted, forged)
		restore(t, db, dsn, shifted)
		brokenAt(t, p.VerifyAudit(bg), 3, "a forged entry inserted, the rest renumbered")
		restore(t, db, dsn, rows)

		// An entry copied to the end of the chain, renumbered.
		copied := rows[5]
		copied.seq = 7
		insertAudit(t, db, dsn, copied)
		brokenAt(t, p.VerifyAudit(bg), 7, "an entry copied to the end")
		restore(t, db, dsn, rows)

		// An entry appended after a gap.
		late := rows[5]
		late.seq = 9
		insertAudit(t, db, dsn, late)
		brokenAt(t, p.VerifyAudit(bg), 7, "an entry after a gap")
		restore(t, db, dsn, rows)

		// Two entries swapped.
		swapped := append([]auditRow(nil), rows...)
		swapped[2].seq, swapped[3].seq = rows[3].seq, rows[2].seq
		restore(t, db, dsn, swapped)
		brokenAt(t, p.VerifyAudit(bg), 3, "two entries swapped")
		restore(t, db, dsn, rows)

		require.NoError(t, p.VerifyAudit(bg))
	})
}
