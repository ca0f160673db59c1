package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/bits"
	"strings"
)

// groupStmts are the statements of one group's transaction: the
// store's prepared statements, each bound to the transaction on first
// use, and the outcomes gathered for them.
type groupStmts struct {
	tx          *sql.Tx
	upsertsOnDB *[upsertSizes]*sql.Stmt
	insertsOnDB *[upsertSizes]*sql.Stmt // nil: every outcome is an upsert
	retagOnDB   *sql.Stmt
	upserts     [upsertSizes]*sql.Stmt
	inserts     [upsertSizes]*sql.Stmt
	retag       *sql.Stmt
	now         int64
	nowArg      any                 // now as an argument, boxed once
	q           func(string) string // the store's spelling of a query
	// The outcomes stored but not written yet: those of Refs not stored
	// when their chunk was read (inserted, with insertsOnDB) and the
	// others (upserted).
	insert, upsert outcomeBatch
}

// outcomeBatch is outcomes to write: the arguments of each (upsertArgs)
// and their Refs.
type outcomeBatch struct {
	args []any
	refs []string
}

func (s *groupStmts) close() {
	for _, st := range append(append(s.upserts[:], s.inserts[:]...), s.retag) {
		if st != nil {
			_ = st.Close()
		}
	}
}

// bound is onDB bound to the group's transaction, once.
func (s *groupStmts) bound(ctx context.Context, slot **sql.Stmt, onDB *sql.Stmt) *sql.Stmt {
	if *slot == nil {
		*slot = s.tx.StmtContext(ctx, onDB)
	}
	return *slot
}

const retagSQL = `UPDATE portfolio_entries SET tags = $1, updated_at = $2 WHERE ref = $3`

// upsertSizes is how many upsert statements there are: one for each
// power of two of rows up to maxGroup, so that the outcomes of a group
// are written in as many statements as the ones in the binary number of
// its rows.
const upsertSizes = 7

// upsertArgs is how many arguments each row of an upsert has.
const upsertArgs = 15

// upsertEntriesSQL stores n outcomes in one statement: a row of an entry
// not stored before is inserted, a stored one takes the new outcome and
// adds its credits. Its placeholders are numbered ($1, $2, ...) for
// PostgreSQL and anonymous (?) for SQLite, where the driver looks each
// numbered one up by a scan of the statement's names: binding thousands
// of them would take time quadratic in their number.
func upsertEntriesSQL(n int, numbered bool) string {
	return entriesSQL(`INSERT INTO`, n, numbered) + `
	ON CONFLICT (ref) DO UPDATE SET company_id = excluded.company_id, name = excluded.name, status = excluded.status,
		score = excluded.score, reasons = excluded.reasons, candidates = excluded.candidates, tags = excluded.tags,
		fingerprint = excluded.fingerprint, credits = portfolio_entries.credits + excluded.credits, updated_at = excluded.updated_at,
		row_data = excluded.row_data, problem = excluded.problem,
		queued_at = CASE WHEN excluded.queued_at = 0 THEN 0 WHEN portfolio_entries.queued_at > 0 THEN portfolio_entries.queued_at ELSE excluded.queued_at END`
}

// insertEntriesSQL stores n outcomes of Refs not stored when their chunk
// was read, on SQLite: it inserts them and leaves a Ref stored meanwhile
// as it is (the statement's changes say how many it inserted). A
// statement of several rows that may abort halfway makes SQLite keep a
// journal of the statement, a copy of every page it changes, to undo it
// alone; an upsert's update may abort, and so may a constraint of the
// insert unless it fails without undoing (OR FAIL). This statement needs
// no such journal: a failure fails the group's whole transaction anyway.
func insertEntriesSQL(n int) string {
	return entriesSQL(`INSERT OR FAIL INTO`, n, false) + ` ON CONFLICT (ref) DO NOTHING`
}

// entriesSQL is verb, the columns of an outcome and n rows of
// placeholders (see upsertEntriesSQL).
func entriesSQL(verb string, n int, numbered bool) string {
	var b strings.Builder
	b.WriteString(verb + ` portfolio_entries
	(ref, company_id, name, status, score, reasons, candidates, tags, fingerprint, credits, added_at, updated_at, row_data, problem, queued_at)
	VALUES `)
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteByte('(')
		for j := range upsertArgs {
			if j > 0 {
				b.WriteString(", ")
			}
			if numbered {
				b.WriteString("$" + itoa(i*upsertArgs+j+1))
			} else {
				b.WriteByte('?')
			}
		}
		b.WriteByte(')')
	}
	return b.String()
}

// errStoredMeanwhile fails a group's transaction when a Ref its chunk
// found not stored was stored by another writer before the group's
// insert: the group is written again with upserts only.
var errStoredMeanwhile = errors.New("portfolio: an entry was stored while the import wrote it")

// storeOutcome stores the outcome of one row: it is written with the
// outcomes of the other rows of the group, before the group commits
// (writeOutcomes). The rows of a group have Refs of their own, so the
// order of their writes does not matter.
func (s *groupStmts) storeOutcome(ctx context.Context, it *pending, oc outcome) error {
	cands := "[]"
	if len(oc.candidates) > 0 {
		sc := make([]storedCandidate, 0, len(oc.candidates))
		for _, c := range oc.candidates {
			sc = append(sc, storeCandidate(c))
		}
		cands = mustJSON(sc)
	}
	var queued int64
	if oc.status != Matched {
		queued = s.now
	}
	reasons := oc.reasonsJSON
	if reasons == "" {
		reasons = jsonStrings(oc.reasons)
	}
	b := &s.upsert
	if s.insertsOnDB != nil && !it.stored {
		b = &s.insert
	}
	if b.args == nil {
		b.args = make([]any, 0, maxGroup*upsertArgs)
		b.refs = make([]string, 0, maxGroup)
	}
	if s.nowArg == nil {
		s.nowArg = s.now
	}
	b.args = append(b.args, it.row.Ref, oc.companyID, oc.name, string(oc.status), oc.score,
		reasons, cands, jsonStrings(it.row.Tags), it.fp, oc.credits, s.nowArg, s.nowArg,
		rowJSON(it.row), oc.problem, queued)
	b.refs = append(b.refs, it.row.Ref)
	if len(b.refs) == maxGroup {
		return s.writeOutcomes(ctx)
	}
	return nil
}

// writeOutcomes writes the outcomes gathered, in one statement per power
// of two of their number, largest first.
func (s *groupStmts) writeOutcomes(ctx context.Context) error {
	if err := s.write(ctx, &s.insert, s.insertsOnDB, &s.inserts); err != nil {
		return err
	}
	return s.write(ctx, &s.upsert, s.upsertsOnDB, &s.upserts)
}

// write writes the outcomes of b with the statements onDB, bound to the
// transaction in slots.
func (s *groupStmts) write(ctx context.Context, b *outcomeBatch, onDB, slots *[upsertSizes]*sql.Stmt) error {
	for at := 0; at < len(b.refs); {
		i := min(bits.Len(uint(len(b.refs)-at))-1, upsertSizes-1)
		n := 1 << i
		res, err := s.bound(ctx, &slots[i], onDB[i]).ExecContext(ctx, b.args[at*upsertArgs:(at+n)*upsertArgs]...)
		if err == nil && b == &s.insert {
			var stored int64
			if stored, err = res.RowsAffected(); err == nil && stored != int64(n) {
				return errStoredMeanwhile
			}
		}
		if err != nil {
			if n == 1 {
				return fmt.Errorf("portfolio: storing the entry %q: %w", b.refs[at], err)
			}
			return fmt.Errorf("portfolio: storing the entries %q to %q: %w", b.refs[at], b.refs[at+n-1], err)
		}
		at += n
	}
	b.args, b.refs = b.args[:0], b.refs[:0]
	return nil
}

// storeFailed keeps a row whose match failed, for review, unless an entry
// has its Ref already (that entry stays as it is). Its fingerprint is
// empty, so the next import resolves it again.
func (s *groupStmts) storeFailed(ctx context.Context, it *pending, problem string) error {
	_, err := s.tx.ExecContext(ctx, s.q(`INSERT INTO portfolio_entries
		(ref, status, tags, fingerprint, added_at, updated_at, row_data, problem, queued_at)
		VALUES ($1, 'failed', $2, '', $3, $3, $4, $5, $3) ON CONFLICT (ref) DO NOTHING`),
		it.row.Ref, jsonStrings(it.row.Tags), s.now, rowJSON(it.row), problem)
	if err != nil {
		return fmt.Errorf("portfolio: storing the failed row %q: %w", it.row.Ref, err)
	}
	return nil
}

// markChanged keeps the new data of a row a person resolved without
// matching it again: the entry keeps its company and waits for review.
// changed is false when the row is back to the data the person decided
// on, which leaves the queue.
func (s *groupStmts) markChanged(ctx context.Context, it *pending, changed bool) error {
	flag, queued := 0, int64(0)
	if changed {
		flag, queued = 1, s.now
	}
	_, err := s.tx.ExecContext(ctx, s.q(`UPDATE portfolio_entries SET row_data = $1, fingerprint = $2, tags = $3, changed = $4,
		queued_at = $5, updated_at = $6 WHERE ref = $7`), rowJSON(it.row), it.fp, jsonStrings(it.row.Tags), flag, queued, s.now, it.row.Ref)
	if err != nil {
		return fmt.Errorf("portfolio: storing the changed row %q: %w", it.row.Ref, err)
	}
	return nil
}

// setTags updates the tags of an Unchanged entry.
func (s *groupStmts) setTags(ctx context.Context, ref string, tags []string) error {
	_, err := s.bound(ctx, &s.retag, s.retagOnDB).ExecContext(ctx, jsonStrings(tags), s.now, ref)
	if err != nil {
		return fmt.Errorf("portfolio: updating the tags of %q: %w", ref, err)
	}
	return nil
}

// The upserts cover a whole group: the largest writes maxGroup rows.
var _ = uint(maxGroup - 1<<(upsertSizes-1))
