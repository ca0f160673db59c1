package portfolio

import (
	"context"
	"database/sql"
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
	// Unchanged: the row was imported before with the same data; nothing
	// was matched or billed again (its tags are updated).
	Unchanged Status = "unchanged"
	// Failed: the row could not be resolved now (ImportResult.Err says
	// why: an invalid row, the credit budget, a service error). Nothing
	// was stored for it: importing it again resolves it.
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
}

// Import resolves rows to companies and stores the outcome per Ref, and
// yields one ImportResult per row, in the order of rows. A row with a
// CompanyID is Matched as it is; the others are matched with
// MatchCompaniesSeq (its budget rules: a row the budget cannot pay for
// Fails and is not stored). Each row's outcome is committed in its own
// transaction as soon as it is known, so an import interrupted at any
// point (ctx, the budget, a crash) resumes where it stopped when run
// again: rows already stored with the same data are Unchanged and billed
// nothing; a row whose Ref is stored with other data is resolved again.
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
		chunk := make([]Row, 0, importChunk)
		for r, err := range rows {
			if err != nil {
				yield(ImportResult{}, fmt.Errorf("portfolio: Import: reading the rows: %w", err))
				return
			}
			if ctx.Err() != nil {
				yield(ImportResult{}, ctx.Err())
				return
			}
			chunk = append(chunk, r)
			if len(chunk) == importChunk {
				if !p.importChunk(ctx, chunk, o.Batch, yield) {
					return
				}
				chunk = chunk[:0]
			}
		}
		if len(chunk) > 0 {
			p.importChunk(ctx, chunk, o.Batch, yield)
		}
	}
}

// pending is a row of a chunk and what is known of it before matching.
type pending struct {
	row   Row
	fp    string
	res   *ImportResult // decided without a match
	retag bool          // Unchanged, with other tags to store
	query int           // index into the queries to match, or -1
}

// importChunk resolves one chunk and yields its results in order; false
// when the import must stop.
func (p *Portfolio) importChunk(ctx context.Context, rows []Row, b registerdata.BatchOptions, yield func(ImportResult, error) bool) bool {
	items := make([]pending, len(rows))
	var queries []registerdata.MatchQuery
	for i, r := range rows {
		it := pending{row: r, query: -1}
		if err := it.row.validate(); err != nil {
			it.res = &ImportResult{Row: r, Status: Failed, Err: err}
			items[i] = it
			continue
		}
		it.fp = it.row.fingerprint()
		stored, err := p.storedEntry(ctx, r.Ref)
		if err != nil {
			yield(ImportResult{}, err)
			return false
		}
		switch {
		case stored != nil && stored.fingerprint == it.fp:
			it.res = &ImportResult{Row: r, Status: Unchanged, CompanyID: stored.CompanyID, Score: stored.Score}
			it.retag = !slices.Equal(stored.Tags, normTags(r.Tags))
		case r.CompanyID != "":
			it.res = &ImportResult{Row: r, Status: Matched, CompanyID: r.CompanyID, Score: 1}
		default:
			it.query = len(queries)
			queries = append(queries, r.Query)
		}
		items[i] = it
	}
	var next func() (registerdata.MatchResult, error, bool)
	if len(queries) > 0 {
		var stop func()
		next, stop = iter.Pull2(p.c.MatchCompaniesSeq(ctx, queries, b))
		defer stop()
	}
	billed := map[*registerdata.Match]bool{}
	for i := range items {
		it := &items[i]
		if it.res != nil {
			// Stored only now, as it is yielded: an import stopped here
			// resumes with this row.
			var err error
			switch {
			case it.retag:
				err = p.setTags(ctx, it.row.Ref, it.row.Tags)
			case it.res.Status == Matched:
				err = p.storeOutcome(ctx, it, outcome{status: Matched, companyID: it.row.CompanyID, score: 1, reasons: []string{"company id given"}})
			}
			if err != nil {
				yield(ImportResult{}, err)
				return false
			}
			if !yield(*it.res, nil) {
				return false
			}
			continue
		}
		mr, err, ok := next()
		if !ok {
			yield(ImportResult{}, errors.New("portfolio: Import: the match walk ended early"))
			return false
		}
		if err != nil {
			yield(ImportResult{}, fmt.Errorf("portfolio: Import: matching: %w", err))
			return false
		}
		res := ImportResult{Row: it.row}
		if mr.Err != nil {
			res.Status, res.Err = Failed, fmt.Errorf("portfolio: row %q not matched: %w", it.row.Ref, mr.Err)
			if !yield(res, nil) {
				return false
			}
			continue
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
		case len(m.Candidates) > 0 && m.Candidates[0].Score >= minScore(b.Match):
			oc.status, oc.score = Ambiguous, m.Candidates[0].Score
		default:
			oc.status = NotFound
			if len(m.Candidates) > 0 {
				oc.score = m.Candidates[0].Score
			}
		}
		res.Status, res.CompanyID, res.Score = oc.status, oc.companyID, oc.score
		if err := p.storeOutcome(ctx, it, oc); err != nil {
			yield(ImportResult{}, err)
			return false
		}
		if !yield(res, nil) {
			return false
		}
	}
	return true
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
	status     Status
	companyID  string
	name       string
	score      float64
	reasons    []string
	candidates []registerdata.MatchCandidate
	credits    int64
}

// storedEntry is the stored entry of ref, or nil.
type storedRow struct {
	Entry
	fingerprint string
}

func (p *Portfolio) storedEntry(ctx context.Context, ref string) (*storedRow, error) {
	var s storedRow
	var tags string
	err := p.db.QueryRowContext(ctx, p.q(`SELECT company_id, status, score, tags, fingerprint FROM portfolio_entries WHERE ref = $1`), ref).
		Scan(&s.CompanyID, &s.Status, &s.Score, &tags, &s.fingerprint)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the entry %q: %w", ref, err)
	}
	s.Tags = decodeTags(tags)
	return &s, nil
}

// storeOutcome writes the outcome of one row in its own transaction.
func (p *Portfolio) storeOutcome(ctx context.Context, it *pending, oc outcome) error {
	now := micros(p.cfg.now())
	cands := make([]candidate, 0, len(oc.candidates))
	for _, c := range oc.candidates {
		cands = append(cands, candidate{CompanyID: c.CompanyID, Name: c.Name, Score: c.Score})
	}
	if oc.reasons == nil {
		oc.reasons = []string{}
	}
	_, err := p.db.ExecContext(ctx, p.q(`INSERT INTO portfolio_entries
		(ref, company_id, name, status, score, reasons, candidates, tags, fingerprint, credits, added_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)
		ON CONFLICT (ref) DO UPDATE SET company_id = excluded.company_id, name = excluded.name, status = excluded.status,
			score = excluded.score, reasons = excluded.reasons, candidates = excluded.candidates, tags = excluded.tags,
			fingerprint = excluded.fingerprint, credits = portfolio_entries.credits + excluded.credits, updated_at = excluded.updated_at`),
		it.row.Ref, oc.companyID, oc.name, string(oc.status), oc.score, mustJSON(oc.reasons), mustJSON(cands),
		mustJSON(normTags(it.row.Tags)), it.fp, oc.credits, now)
	if err != nil {
		return fmt.Errorf("portfolio: storing the entry %q: %w", it.row.Ref, err)
	}
	return nil
}

func (p *Portfolio) setTags(ctx context.Context, ref string, tags []string) error {
	_, err := p.db.ExecContext(ctx, p.q(`UPDATE portfolio_entries SET tags = $1, updated_at = $2 WHERE ref = $3`),
		mustJSON(normTags(tags)), micros(p.cfg.now()), ref)
	if err != nil {
		return fmt.Errorf("portfolio: updating the tags of %q: %w", ref, err)
	}
	return nil
}

// candidate is a match candidate as stored for review.
type candidate struct {
	CompanyID string  `json:"company_id"`
	Name      string  `json:"name"`
	Score     float64 `json:"score"`
}
