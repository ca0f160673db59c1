package portfolio

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"time"
)

// ErrNotFound is wrapped by the error of Remove and Acknowledge when the
// portfolio holds no such entry or flag.
var ErrNotFound = errors.New("portfolio: not found")

// Entry is one counterparty of the portfolio.
type Entry struct {
	// Ref is the customer's own key.
	Ref string
	// CompanyID is the company the entry names; "" while Ambiguous or
	// NotFound.
	CompanyID string
	// Name is the company's name as the match or the register gave it;
	// "" until known.
	Name string
	// Status is Matched, Ambiguous, NotFound, Failed (the match could
	// not run: the next import tries again), UnknownCompany or NoEntry.
	Status Status
	// Score is the match's confidence (1 for a company id given or a
	// person's resolution).
	Score float64
	// Tags are the row's tags.
	Tags []string
	// AddedAt is when the entry was first imported.
	AddedAt time.Time
	// Row is what the customer wrote, as last imported (an entry stored
	// before rows were kept has only its Ref and Tags here).
	Row Row
	// Reasons say why the entry names its company (the match's reasons,
	// "company id given", "resolved by Anna Richter <anna@bank.example>")
	// or, for an entry awaiting review, what happened.
	Reasons []string
	// InReview is true while the entry waits for a person (Reviews).
	InReview bool
}

// entriesPage is how many entries Entries reads at a time.
const entriesPage = 500

// Entries yields every entry of the portfolio in the order of Ref,
// reading the store a page at a time (memory stays bounded). The second
// value is non-nil when reading fails; the loop ends after it.
func (p *Portfolio) Entries(ctx context.Context) iter.Seq2[Entry, error] {
	return paged(entriesPage, "", // every Ref is longer
		func(after string) ([]Entry, error) { return p.entriesAfter(ctx, after) },
		func(e Entry) string { return e.Ref })
}

// EntriesOf yields the entries of company id (the refs that name it) in
// the order of Ref, a page at a time, as Entries does for all: the
// entries are read by company, not scanned.
func (p *Portfolio) EntriesOf(ctx context.Context, id string) iter.Seq2[Entry, error] {
	return paged(entriesPage, "",
		func(after string) ([]Entry, error) {
			return p.entriesWhere(ctx, `company_id = $2 AND ref > $1`, entriesPage, after, id)
		},
		func(e Entry) string { return e.Ref })
}

func (p *Portfolio) entriesAfter(ctx context.Context, after string) ([]Entry, error) {
	return p.entriesWhere(ctx, `ref > $1`, entriesPage, after)
}

// entriesWhere reads at most limit entries matching cond (SQL over the
// entries' columns, with args), in the order of Ref.
func (p *Portfolio) entriesWhere(ctx context.Context, cond string, limit int, args ...any) ([]Entry, error) {
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT ref, company_id, name, status, score, tags, added_at, row_data, reasons, problem,
		CASE WHEN `+inQueue+` THEN 1 ELSE 0 END FROM portfolio_entries WHERE `+cond+` ORDER BY ref LIMIT `+itoa(limit)), args...)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the entries: %w", err)
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		var tags, row, reasons, problem string
		var added int64
		var queued int
		if err := rows.Scan(&e.Ref, &e.CompanyID, &e.Name, &e.Status, &e.Score, &tags, &added, &row, &reasons, &problem, &queued); err != nil {
			return nil, fmt.Errorf("portfolio: reading the entries: %w", err)
		}
		e.Tags, e.AddedAt, e.InReview = decodeTags(tags), fromMicros(added), queued == 1
		if json.Unmarshal([]byte(row), &e.Row) != nil || e.Row.Ref == "" {
			e.Row = Row{Ref: e.Ref, CompanyID: e.CompanyID}
		}
		e.Row.Tags = e.Tags
		e.Reasons = decodeTags(reasons)
		if problem != "" {
			e.Reasons = append(e.Reasons, problem)
		}
		out = append(out, e)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the entries: %w", err)
	}
	return out, nil
}

// Remove takes the entry ref out of the portfolio, as a decision of the
// actor of ctx (WithActor; without one it fails with ErrNoActor): the
// removal and its audit entry, which keeps the row as it stood, are
// written in one transaction; under four eyes (WithFourEyes) it waits as
// Pending until another person approves it. Its company stays monitored
// until the next Sync (Plan lists the monitor to delete when no other
// entry names the company). An unknown ref fails with an error wrapping
// ErrNotFound.
func (p *Portfolio) Remove(ctx context.Context, ref string) error {
	if _, err := actorOf(ctx, "Remove"); err != nil {
		return err
	}
	return p.decide(ctx, &Decision{Kind: KindRemove, Ref: ref}, "")
}

// normTags is tags as stored: never nil.
func normTags(tags []string) []string {
	if tags == nil {
		return []string{}
	}
	return slices.Clone(tags)
}

func decodeTags(s string) []string {
	var tags []string
	if json.Unmarshal([]byte(s), &tags) != nil || tags == nil {
		return []string{}
	}
	return tags
}
