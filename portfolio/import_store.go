package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync/atomic"

	registerdata "github.com/registerdata/registerdata-go"
)

// maxGroup is the most rows Import commits in one transaction.
const maxGroup = importChunk

// storedRow is an entry as Import compares it with a row.
type storedRow struct {
	Entry
	fingerprint string
	decidedFP   string // the fingerprint of the row a person resolved, or ""
}

// storedEntriesSQL reads the entries whose Refs its one argument lists,
// a JSON array of strings: one statement, prepared once, for a chunk of
// any size.
const storedEntriesSQL = `SELECT ref, company_id, status, score, tags, fingerprint, decided_fp FROM portfolio_entries
	WHERE ref IN (SELECT value FROM `

// storedEntries are the stored entries of refs, by Ref, read in one
// query.
func (p *Portfolio) storedEntries(ctx context.Context, refs []string) (map[string]*storedRow, error) {
	out := make(map[string]*storedRow, len(refs))
	if len(refs) == 0 {
		return out, nil
	}
	query := storedEntriesSQL + `json_each($1))`
	if p.engine == enginePostgres {
		query = storedEntriesSQL + `json_array_elements_text($1::json))`
	}
	st, err := p.stmts.get(ctx, p.db, p.q(query))
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the stored entries: %w", err)
	}
	rows, err := st.QueryContext(ctx, jsonStrings(refs))
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the stored entries: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		s := &storedRow{}
		var tags string
		if err := rows.Scan(&s.Ref, &s.CompanyID, &s.Status, &s.Score, &tags, &s.fingerprint, &s.decidedFP); err != nil {
			return nil, fmt.Errorf("portfolio: reading the stored entries: %w", err)
		}
		s.Tags = decodeTags(tags)
		out[s.Ref] = s
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the stored entries: %w", err)
	}
	return out, nil
}

// matched is one answer of the match walk.
type matched struct {
	r   registerdata.MatchResult
	err error
}

// matchWalks counts the goroutines of matchAhead running, so that tests
// can see that an import leaves none behind.
var matchWalks atomic.Int64

// matchAhead runs MatchCompaniesSeq over queries in a goroutine and hands
// its answers over an unbuffered channel, so that the importer can tell
// an answer that is ready from one it would wait for. stop ends the walk
// (cancelling what is in flight) and waits for the goroutine.
func (p *Portfolio) matchAhead(ctx context.Context, queries []registerdata.MatchQuery, b registerdata.BatchOptions) (<-chan matched, func()) {
	mctx, cancel := context.WithCancel(ctx)
	ch := make(chan matched)
	matchWalks.Add(1)
	go func() {
		defer matchWalks.Add(-1)
		defer close(ch)
		for r, err := range p.c.MatchCompaniesSeq(mctx, queries, b) {
			select {
			case ch <- matched{r, err}:
			case <-mctx.Done():
				return
			}
			if err != nil {
				return
			}
		}
	}()
	return ch, func() {
		cancel()
		for range ch {
			// drained until the goroutine ends
		}
	}
}

// group is the results of consecutive rows and what to store for them.
type group struct {
	results []ImportResult
	writes  []func(context.Context, *groupStmts) error
}

// committer commits the rows of an import in groups, one group at a time
// in the background while the next gathers, and yields each result only
// once it is stored: an import killed at any point loses no row it
// yielded, and a match answer waits for its commit no longer than the
// commit before it takes.
type committer struct {
	p     *Portfolio
	ctx   context.Context
	cur   group      // gathering
	busy  *group     // being committed, or nil
	spare group      // the emptied slices of a group yielded, or none
	done  chan error // busy's outcome
}

// add appends a row's result and its write (nil when nothing is stored).
func (c *committer) add(res ImportResult, write func(context.Context, *groupStmts) error) {
	if c.cur.results == nil {
		// A group holds at most maxGroup rows: its slices are sized
		// once, and those of a group yielded serve again.
		c.cur, c.spare = c.spare, group{}
		if c.cur.results == nil {
			c.cur.results = make([]ImportResult, 0, maxGroup)
			c.cur.writes = make([]func(context.Context, *groupStmts) error, 0, maxGroup)
		}
	}
	c.cur.results = append(c.cur.results, res)
	if write != nil {
		c.cur.writes = append(c.cur.writes, write)
	}
}

// start commits the gathered group in the background; busy must be nil.
// The writes store what was billed already: they run even when the
// import's context has ended, so that an interrupted import does not pay
// for them again.
func (c *committer) start() {
	g := c.cur
	c.cur = group{}
	done := make(chan error, 1)
	c.busy, c.done = &g, done
	ctx := context.WithoutCancel(c.ctx)
	go func() {
		if len(g.writes) == 0 {
			done <- nil
			return
		}
		// Prepared before the transaction: SQLite's one connection is
		// the transaction's once it begins.
		var upserts, inserts [upsertSizes]*sql.Stmt
		pg := c.p.engine == enginePostgres
		for i := range upserts {
			var err error
			if upserts[i], err = c.p.stmts.get(ctx, c.p.db, upsertEntriesSQL(1<<i, pg)); err == nil && !pg {
				inserts[i], err = c.p.stmts.get(ctx, c.p.db, insertEntriesSQL(1<<i))
			}
			if err != nil {
				done <- fmt.Errorf("portfolio: preparing the import's statements: %w", err)
				return
			}
		}
		retag, err := c.p.stmts.get(ctx, c.p.db, c.p.q(retagSQL))
		if err != nil {
			done <- fmt.Errorf("portfolio: preparing the import's statements: %w", err)
			return
		}
		write := func(inserts *[upsertSizes]*sql.Stmt) error {
			return c.p.inTx(ctx, func(tx *sql.Tx) error {
				s := &groupStmts{tx: tx, upsertsOnDB: &upserts, insertsOnDB: inserts, retagOnDB: retag, now: micros(c.p.cfg.now()), q: c.p.q}
				defer s.close()
				for _, w := range g.writes {
					if err := w(ctx, s); err != nil {
						return err
					}
				}
				return s.writeOutcomes(ctx)
			})
		}
		if pg {
			// PostgreSQL keeps no copy of the pages a statement changes:
			// every outcome is an upsert.
			done <- write(nil)
			return
		}
		err = write(&inserts)
		if errors.Is(err, errStoredMeanwhile) {
			err = write(nil)
		}
		done <- err
	}()
}

// settle yields the results of the busy group, whose commit ended with
// err; false when the import must stop.
func (c *committer) settle(err error, yield func(ImportResult, error) bool) bool {
	g := c.busy
	c.busy = nil
	if err != nil {
		yield(ImportResult{}, err)
		return false
	}
	for _, r := range g.results {
		if !yield(r, nil) {
			return false
		}
	}
	clear(g.results)
	clear(g.writes)
	c.spare = group{results: g.results[:0], writes: g.writes[:0]}
	return true
}

// finish waits for the busy group and yields it; false when the import
// must stop.
func (c *committer) finish(yield func(ImportResult, error) bool) bool {
	if c.busy == nil {
		return true
	}
	return c.settle(<-c.done, yield)
}

// flush commits and yields everything gathered; false when the import
// must stop.
func (c *committer) flush(yield func(ImportResult, error) bool) bool {
	if !c.finish(yield) {
		return false
	}
	if len(c.cur.results) == 0 {
		return true
	}
	c.start()
	return c.finish(yield)
}

// pass starts committing what is gathered, without waiting for it;
// false when the import must stop.
func (c *committer) pass(yield func(ImportResult, error) bool) bool {
	if len(c.cur.results) == 0 {
		return true
	}
	if !c.finish(yield) {
		return false
	}
	c.start()
	return true
}

// rotate starts committing the gathered group once it is full.
func (c *committer) rotate(yield func(ImportResult, error) bool) bool {
	if len(c.cur.results) < maxGroup {
		return true
	}
	if !c.finish(yield) {
		return false
	}
	c.start()
	return true
}

// next is the next answer of the match walk. While none is ready, it
// commits what is gathered and yields what is committed; go on is false
// when the import must stop.
func (c *committer) next(matches <-chan matched, yield func(ImportResult, error) bool) (mi matched, ok, goOn bool) {
	for {
		select {
		case mi, ok = <-matches:
			return mi, ok, true
		default:
		}
		if c.busy == nil {
			if len(c.cur.results) == 0 {
				mi, ok = <-matches
				return mi, ok, true
			}
			c.start()
		}
		select {
		case mi, ok = <-matches:
			return mi, ok, true
		case err := <-c.done:
			if !c.settle(err, yield) {
				return matched{}, false, false
			}
		}
	}
}

// wait lets a commit under way end before the import returns.
func (c *committer) wait() {
	if c.busy != nil {
		<-c.done
		c.busy = nil
	}
}
