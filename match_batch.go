package registerdata

import (
	"context"
	"encoding/json"
	"fmt"
	"iter"
	"strconv"
	"time"
)

// MatchResult is the outcome of one query of MatchCompaniesSeq.
type MatchResult struct {
	// Index is the query's position in the input.
	Index int
	// Query is the query as given.
	Query MatchQuery
	// Match is the outcome, nil when Err is set. A query given several
	// times is matched once and yields the same *Match at each position.
	Match *Match
	// Err is why this query has no Match: MatchCompany's own error
	// (ErrInvalidRequest for a query naming no company, ...), or an error
	// wrapping ErrBudgetExceeded for a query the walk did not match
	// because the credit budget could not pay for it.
	Err error
}

// MatchCompaniesSeq matches many customer records, o.Concurrency at a
// time, and yields one MatchResult per query in the order of queries.
// Each match is a MatchCompany with o.Match and opts (WithResponseInfo is
// filled once at the end with the total Attempts and Charged); identical
// queries are matched once, and when o.Match.Suggestions is nil the walk
// keeps the free autocomplete answers of its matches in a cache of its
// own (see MatchOptions.WithSuggestions), so a word many queries share
// is asked once. It runs on the machinery of GetCompaniesSeq: the
// client's rate limit and cache apply; when the credit budget
// (WithCreditBudget) cannot pay for a match even with no other in
// flight, the walk stops and every query not yet matched gets an error
// wrapping ErrBudgetExceeded; o.Progress counts distinct queries.
//
// The second value is non-nil only when the whole walk fails: invalid
// options, or ctx ended. Breaking out of the loop cancels the matches in
// flight and returns once they have stopped.
func (c *Client) MatchCompaniesSeq(ctx context.Context, queries []MatchQuery, o BatchOptions, opts ...CallOption) iter.Seq2[MatchResult, error] {
	return func(yield func(MatchResult, error) bool) {
		cfg := newCallConfig(opts)
		_, optErr := o.Match.resolve()
		switch {
		case cfg.err != nil:
			yield(MatchResult{}, cfg.err)
			return
		case optErr != nil:
			yield(MatchResult{}, optErr)
			return
		case ctx == nil:
			yield(MatchResult{}, fmt.Errorf("%w: MatchCompaniesSeq: nil context: pass context.Background() or a request's context", ErrInvalidRequest))
			return
		case o.Concurrency < 0 || o.Concurrency > MaxBatchConcurrency:
			yield(MatchResult{}, fmt.Errorf("%w: MatchCompaniesSeq: BatchOptions.Concurrency is %d: want 1 to %d (0 means 1)", ErrInvalidRequest, o.Concurrency, MaxBatchConcurrency))
			return
		}
		keys := make([]string, len(queries))
		byKey := make(map[string]MatchQuery, len(queries))
		for i, q := range queries {
			b, err := json.Marshal(q)
			if err != nil { // a MatchQuery of strings always encodes; keep the query apart anyway
				b = []byte("#" + strconv.Itoa(i))
			}
			keys[i] = string(b)
			byKey[keys[i]] = q
		}
		mo := o.Match.WithSuggestions()
		fetch := func(ctx context.Context, key string, opts []CallOption) (*Match, error) {
			return c.MatchCompany(ctx, byKey[key], mo, opts...)
		}
		skipped := func(_ string, cause error) error {
			return fmt.Errorf("registerdata: query not matched: the walk stopped because the credit budget cannot pay for more matches: %w", cause)
		}
		w := newBatchWalk(keys, o, opts, "MatchCompaniesSeq", fetch, skipped)
		defer w.stop()
		w.run(ctx, func(p int, m *Match, err error) bool {
			return yield(MatchResult{Index: p, Query: queries[p], Match: m, Err: err}, nil)
		}, func(err error) { yield(MatchResult{}, err) })
		if info := cfg.info; info != nil {
			*info = ResponseInfo{Attempts: w.attempts, Charged: w.progress.Charged}
		}
	}
}

// Bounds of the autocomplete answers MatchOptions.WithSuggestions keeps
// (and so a MatchCompaniesSeq walk whose options have no Suggestions). An
// answer of ten suggestions takes a few kilobytes; the bytes bound holds
// whatever the service answers.
const (
	DefaultMatchSuggestions = 4096
	MaxMatchSuggestionBytes = 8 << 20
	MatchSuggestionsLife    = 10 * time.Minute
)

// WithSuggestions returns o when it has Suggestions, and otherwise a copy
// of o (the defaults when o is nil) whose Suggestions is a new memory
// cache of at most DefaultMatchSuggestions answers and
// MaxMatchSuggestionBytes, each kept for MatchSuggestionsLife: the
// options for a loop of matches that should ask each autocomplete text
// once.
func (o *MatchOptions) WithSuggestions() *MatchOptions {
	var w MatchOptions
	if o != nil {
		if o.Suggestions != nil {
			return o
		}
		w = *o
	}
	mc := newMemoryCache(DefaultMatchSuggestions, MatchSuggestionsLife, time.Now)
	mc.maxBytes = MaxMatchSuggestionBytes
	w.Suggestions = mc
	return &w
}
