package portfolio

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"

	registerdata "github.com/registerdata/registerdata-go"
)

// Status is the outcome of a row of an import, and the state of an entry.
type Status string

// The statuses.
const (
	// Matched: the row names one company (its CompanyID, or the match's
	// Best candidate); the entry is monitored and journalled.
	Matched Status = "matched"
	// Ambiguous: several companies fit the query and none is confident
	// enough; the entry is kept for review with its candidates, never
	// guessed.
	Ambiguous Status = "ambiguous"
	// NotFound: no company fits the query; the entry is kept for review.
	NotFound Status = "none"
	// NoEntry: a person decided the customer has no register entry
	// (Resolve with no company id): the entry is kept, never monitored,
	// and never matched again while its row stays the same.
	NoEntry Status = "no_entry"
	// UnknownCompany: the entry names a company id the service does not
	// know (a company lookup answered 404); it waits for a person, and is
	// not monitored.
	UnknownCompany Status = "unknown_company"
	// Changed: a row a person resolved was imported again with other
	// data. It is not matched again: it keeps the person's company (and
	// its monitor) and waits in the review queue, with both versions of
	// the row, for a person to decide again.
	Changed Status = "changed"
	// Unchanged: the row was imported before with the same data; nothing
	// was matched or billed again (its tags are updated).
	Unchanged Status = "unchanged"
	// Failed: the row could not be resolved now (ImportResult.Err says
	// why: an invalid row, a Ref repeated in the import, the credit
	// budget, a service error). A valid row whose match failed is kept
	// for review (Reviews) unless its Ref was stored before, and the next
	// import resolves it again; an invalid or repeated row is not stored.
	Failed Status = "failed"
)

// importChunk is how many rows Import reads before matching them
// together: it bounds memory whatever the input's size.
const importChunk = 256

// ImportOptions tune Import.
type ImportOptions struct {
	// Match, when set, applies to every match instead of Batch.Match.
	Match *registerdata.MatchOptions
	// Batch sets the concurrency, the match options and the progress
	// callback of MatchCompaniesSeq, which matches the rows without a
	// company id.
	Batch registerdata.BatchOptions
}

// ImportResult is the outcome of one row of an import.
type ImportResult struct {
	// Row is the row as given.
	Row Row
	// Status is what became of it.
	Status Status
	// CompanyID is the company the row names: the stored one for
	// Unchanged, "" for Ambiguous, NotFound and Failed.
	CompanyID string
	// Score is the match's confidence, 1 for a row with a company id.
	Score float64
	// Credits is what resolving the row cost now (0 for Unchanged).
	Credits int64
	// Err is why the row Failed; nil otherwise.
	Err error
	// Reasons say what happened to a row that awaits review (Ambiguous,
	// NotFound): "2 companies fit and none is confident enough (best
	// score 0.90)". Reviews gives the same with the candidates.
	Reasons []string
}

// Import resolves rows to companies and stores the outcome per Ref, and
// yields one ImportResult per row, in the order of rows. A row with a
// CompanyID is Matched as it is; the others are matched with
// MatchCompaniesSeq (its budget rules: a row the budget cannot pay for
// Fails and is not stored). Each row's outcome is committed as soon as it
// is known, before its result is yielded: a transaction commits the rows
// resolved so far while the matches go on, and the rows resolved in the
// meantime are committed together in the next one; the importer never
// waits on a match with a resolved row uncommitted. So an
// import interrupted at any point (ctx, the budget, a crash) resumes
// where it stopped when run again: rows already stored with the same data
// are Unchanged and billed nothing; a row whose Ref is stored with other
// data is resolved again.
//
// Rows are resolved in chunks of 256, each compared with what is stored
// when it begins (the outcome of every earlier chunk): identical queries
// within a chunk share one match, whose credits go to the first of their
// rows; a Ref repeated in a later chunk is Unchanged when its data is.
// The free autocomplete answers of the matches are kept for the whole
// import (MatchOptions.Suggestions, when the options give none), so a
// word that rows of many chunks share is asked once; paid calls are not
// shared across chunks.
//
// The second value is non-nil when the whole import stops: ctx ended, the
// input yielded an error, or the store failed; the loop ends after it.
func (p *Portfolio) Import(ctx context.Context, rows iter.Seq2[Row, error], o ImportOptions) iter.Seq2[ImportResult, error] {
	return func(yield func(ImportResult, error) bool) {
		if rows == nil {
			yield(ImportResult{}, errors.New("portfolio: Import: nil rows: pass an iter.Seq2[portfolio.Row, error]"))
			return
		}
		if o.Match != nil {
			o.Batch.Match = o.Match
		}
		o.Batch.Match = o.Batch.Match.WithSuggestions()
		seen := newRefsSeen()
		// One committer for the whole import: the last group of a chunk
		// commits while the next chunk is read and prepared.
		c := &committer{p: p, ctx: ctx}
		defer c.wait()
		chunk := make([]Row, 0, importChunk)
		for r, err := range rows {
			if err != nil {
				err = fmt.Errorf("portfolio: Import: reading the rows: %w", err)
			} else {
				err = ctx.Err()
			}
			if err != nil {
				// What is committed is reported before the import stops.
				if c.finish(yield) {
					yield(ImportResult{}, err)
				}
				return
			}
			chunk = append(chunk, r)
			if len(chunk) == importChunk {
				if !p.importChunk(ctx, c, chunk, seen, o.Batch, yield) {
					return
				}
				chunk = chunk[:0]
			}
		}
		if len(chunk) > 0 && !p.importChunk(ctx, c, chunk, seen, o.Batch, yield) {
			return
		}
		c.flush(yield)
	}
}

// afterStoredRead, when set (by the tests), runs once the stored entries
// of a chunk's refs are read, before anything of the chunk is written.
var afterStoredRead func(refs []string)

// pending is a row of a chunk and what is known of it before matching.
type pending struct {
	row    Row
	fp     string
	res    *ImportResult                            // decided without a match
	stored bool                                     // its Ref was stored when the chunk was read
	retag  bool                                     // Unchanged, with other tags to store
	write  func(context.Context, *groupStmts) error // what to store for res, when not retag or Matched
	query  int                                      // index into the queries to match, or -1
}

// importChunk resolves one chunk and yields its results in order, through
// c; false when the import must stop. Its last group may still be
// committing when it returns: the refs of the next chunk are none of
// its own (a repeated Ref fails without a look at the store), so what
// that chunk reads of the store does not depend on it.
func (p *Portfolio) importChunk(ctx context.Context, c *committer, rows []Row, seen *refsSeen, b registerdata.BatchOptions, yield func(ImportResult, error) bool) bool {
	items, queries, err := p.prepareChunk(ctx, rows, seen)
	if err != nil {
		yield(ImportResult{}, err)
		return false
	}
	var matches <-chan matched
	if len(queries) > 0 {
		ch, stop := p.matchAhead(ctx, queries, b)
		defer stop()
		matches = ch
	}
	billed := map[*registerdata.Match]bool{}
	for i := range items {
		it := &items[i]
		if it.res != nil {
			// Stored only now, in order, as part of a group: an import
			// stopped here resumes with this row.
			switch {
			case it.retag:
				c.add(*it.res, func(ctx context.Context, s *groupStmts) error { return s.setTags(ctx, it.row.Ref, it.row.Tags) })
			case it.res.Status == Matched:
				oc := outcome{status: Matched, companyID: it.row.CompanyID, score: 1, reasons: byIDReasons, reasonsJSON: byIDReasonsJSON}
				c.add(*it.res, func(ctx context.Context, s *groupStmts) error { return s.storeOutcome(ctx, it, oc) })
			case it.write != nil:
				c.add(*it.res, it.write)
			default:
				c.add(*it.res, nil)
			}
			if !c.rotate(yield) {
				return false
			}
			continue
		}
		mi, ok, goOn := c.next(matches, yield)
		if !goOn {
			return false
		}
		if !ok || mi.err != nil {
			// The walk stopped: what was resolved before is kept.
			if !c.flush(yield) {
				return false
			}
			switch {
			case !ok && ctx.Err() != nil:
				yield(ImportResult{}, ctx.Err())
			case !ok:
				yield(ImportResult{}, errors.New("portfolio: Import: the match walk ended early"))
			default:
				yield(ImportResult{}, fmt.Errorf("portfolio: Import: matching: %w", mi.err))
			}
			return false
		}
		res, oc, store := resolved(it.row, mi.r, billed, b.Match)
		if store {
			c.add(res, func(ctx context.Context, s *groupStmts) error { return s.storeOutcome(ctx, it, oc) })
		} else {
			problem := "not matched: " + mi.r.Err.Error()
			c.add(res, func(ctx context.Context, s *groupStmts) error { return s.storeFailed(ctx, it, problem) })
		}
		if !c.rotate(yield) {
			return false
		}
	}
	return c.pass(yield)
}

// prepareChunk validates the rows of a chunk and sorts them into those
// decided without a match (invalid, repeated, Unchanged, decided by a
// person, by company id) and the queries to match, reading the stored
// entries of the chunk at once.
func (p *Portfolio) prepareChunk(ctx context.Context, rows []Row, seen *refsSeen) ([]pending, []registerdata.MatchQuery, error) {
	items := make([]pending, len(rows))
	refs := make([]string, 0, len(rows))
	for i, r := range rows {
		items[i] = pending{row: r, query: -1}
		if err := items[i].row.validate(); err != nil {
			seen.n++
			items[i].res = &ImportResult{Row: r, Status: Failed, Err: err}
			continue
		}
		if n, earlier := seen.first(r.Ref); earlier > 0 {
			items[i].res = &ImportResult{Row: r, Status: Failed, Err: &DuplicateRefError{Ref: r.Ref, Row: n, Earlier: earlier}}
			continue
		}
		items[i].fp = items[i].row.fingerprint()
		refs = append(refs, r.Ref)
	}
	stored, err := p.storedEntries(ctx, refs)
	if err != nil {
		return nil, nil, err
	}
	if afterStoredRead != nil {
		afterStoredRead(refs)
	}
	var queries []registerdata.MatchQuery
	for i := range items {
		it := &items[i]
		if it.res != nil {
			continue
		}
		r := it.row
		s := stored[r.Ref]
		it.stored = s != nil
		switch {
		case s != nil && s.fingerprint == it.fp:
			it.res = &ImportResult{Row: r, Status: Unchanged, CompanyID: s.CompanyID, Score: s.Score}
			it.retag = !slices.Equal(s.Tags, normTags(r.Tags))
		case s != nil && s.decidedFP != "":
			// A person resolved this row: its decision stands. Back to
			// the data decided on, it leaves the queue; with other data
			// it waits there, never matched again without a person.
			back := s.decidedFP == it.fp
			it.res = &ImportResult{Row: r, Status: Changed, CompanyID: s.CompanyID, Score: s.Score}
			if back {
				it.res.Status = Unchanged
			}
			it.write = func(ctx context.Context, gs *groupStmts) error { return gs.markChanged(ctx, it, !back) }
		case r.CompanyID != "":
			it.res = &ImportResult{Row: r, Status: Matched, CompanyID: r.CompanyID, Score: 1}
		default:
			it.query = len(queries)
			queries = append(queries, r.Query)
		}
	}
	return items, queries, nil
}

// resolved turns the match of row into its result and the outcome to
// store; store is false for a row that Failed (nothing is stored). The
// credits of a match shared by several rows go to the first.
func resolved(row Row, mr registerdata.MatchResult, billed map[*registerdata.Match]bool, mo *registerdata.MatchOptions) (ImportResult, outcome, bool) {
	res := ImportResult{Row: row}
	if mr.Err != nil {
		res.Status, res.Err = Failed, fmt.Errorf("portfolio: row %q not matched: %w", row.Ref, mr.Err)
		return res, outcome{}, false
	}
	m := mr.Match
	if !billed[m] {
		billed[m] = true
		res.Credits = m.Credits
	}
	oc := outcome{credits: res.Credits, candidates: m.Candidates}
	switch {
	case m.Best != nil:
		oc.status, oc.companyID, oc.name, oc.score, oc.reasons = Matched, m.Best.CompanyID, m.Best.Name, m.Best.Score, m.Best.Reasons
	case len(m.Candidates) > 0 && m.Candidates[0].Score >= minScore(mo):
		oc.status, oc.score = Ambiguous, m.Candidates[0].Score
		oc.problem = fmt.Sprintf("%d companies fit and none is confident enough (best score %.2f)", countFit(m.Candidates, minScore(mo)), oc.score)
	default:
		oc.status = NotFound
		oc.problem = "no company fits the row"
		if len(m.Candidates) > 0 {
			oc.score = m.Candidates[0].Score
			oc.problem = fmt.Sprintf("no company fits the row well enough (best score %.2f, %.2f needed)", oc.score, minScore(mo))
		}
	}
	res.Status, res.CompanyID, res.Score = oc.status, oc.companyID, oc.score
	if oc.problem != "" {
		res.Reasons = []string{oc.problem}
	}
	return res, oc, true
}

// countFit is how many candidates reach min.
func countFit(cs []registerdata.MatchCandidate, min float64) int {
	n := 0
	for _, c := range cs {
		if c.Score >= min {
			n++
		}
	}
	return n
}

// minScore is the score a candidate needs to count: below it, a query
// whose candidates all fall short is NotFound, not Ambiguous.
func minScore(o *registerdata.MatchOptions) float64 {
	if o != nil && o.MinScore > 0 {
		return o.MinScore
	}
	return registerdata.DefaultMatchMinScore
}

// outcome is what is stored for a resolved row.
type outcome struct {
	status      Status
	companyID   string
	name        string
	score       float64
	reasons     []string
	reasonsJSON string // reasons as stored, when known before; "" otherwise
	candidates  []registerdata.MatchCandidate
	credits     int64
	problem     string // what happened, in words, for a row awaiting review
}

// The reasons of a row matched by the company id it gives, and their
// JSON.
var (
	byIDReasons     = []string{"company id given"}
	byIDReasonsJSON = jsonStrings(byIDReasons)
)
