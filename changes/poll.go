package changes

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"time"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// Clock is the time source of Poll: the wall clock by default, a manual
// one in tests.
type Clock interface {
	// Now returns the current time.
	Now() time.Time
	// After returns a channel that receives once d has passed.
	After(d time.Duration) <-chan time.Time
}

type wallClock struct{}

func (wallClock) Now() time.Time                         { return time.Now() }
func (wallClock) After(d time.Duration) <-chan time.Time { return time.After(d) }

// PollOptions configure Poll.
type PollOptions struct {
	// Every is the interval between the starts of two rounds: any
	// positive duration; zero or less is refused. A round that takes
	// longer than Every is followed by the next one at once.
	Every time.Duration
	// Categories are what to check, as monitor preferences. Empty means
	// basic, representation, financials, documents and insolvencies for a
	// company (the company record alone) and management_positions for a
	// person. ownership adds the owners, holdings the holdings; see the
	// package documentation for what each costs.
	Categories []enums.Preference
	// Rounds stops after that many rounds, the first (baseline) round
	// included; 0 polls until the context ends.
	Rounds int
	// Clock is the time source; nil means the wall clock. Tests pass a
	// manual clock to run rounds without waiting.
	Clock Clock
}

// Poll checks every id in ids once per opts.Every and yields a Set for
// each entity whose records changed since its last check, for accounts
// without monitoring (or entities without a monitor). A UUID is a person,
// any other id a company identifier.
//
// The first round stores a baseline for every id that has no snapshot in
// store yet and yields nothing for them; ids already in store (a store
// that outlived the last run) are compared at once. A snapshot is stored
// after its Set was yielded, so a Set is never lost (a process that dies
// in between yields it again on its next run).
//
// Every fetch goes through c, so the client's budget (WithCreditBudget) and
// rate limit apply: when the budget is spent, Poll yields the error
// (wrapping registerdata.ErrBudgetExceeded) and stops. Any other error of
// one id is yielded with that id's Set (EntityID filled, no changes) and
// polling goes on; break out of the loop to stop. The context ends
// polling without an error. Give it a client without a cache
// (WithCache): an answer from the cache, maybe the record already seen,
// is yielded as an error.
//
// Cost: each round fetches, per company id, the record, plus the owners
// with ownership, the holdings with holdings, and each insolvency
// proceeding the record lists with insolvencies; per person id, the
// person, plus the holdings with holdings; each at the client's price of
// its route (Client.Prices). A day of polling costs per id that price
// times 24h/Every: at DefaultPrices, 10 credits a day per company with
// Every 24h, 70 a week, 240 a day polled hourly. A weekly monitor of the
// service costs Prices.MonitorMonthly a month (25 at DefaultPrices) and
// fetches nothing;
// the Watcher then fetches only when something changed.
func Poll(ctx context.Context, c *registerdata.Client, store Store, ids []string, opts PollOptions) iter.Seq2[Set, error] {
	return func(yield func(Set, error) bool) {
		switch {
		case opts.Every <= 0:
			yield(Set{}, fmt.Errorf("changes: Poll needs a positive PollOptions.Every (got %v), such as 24*time.Hour", opts.Every))
			return
		case c == nil || store == nil:
			yield(Set{}, errors.New("changes: Poll needs a client and a store, such as changes.NewMemoryStore()"))
			return
		}
		clk := opts.Clock
		if clk == nil {
			clk = wallClock{}
		}
		k := &checker{c: c, store: store}
		start := clk.Now()
		for round := 0; opts.Rounds <= 0 || round < opts.Rounds; round++ {
			if round > 0 {
				next := start.Add(time.Duration(round) * opts.Every)
				if wait := next.Sub(clk.Now()); wait > 0 {
					select {
					case <-ctx.Done():
						return
					case <-clk.After(wait):
					}
				}
			}
			for _, id := range ids {
				if ctx.Err() != nil {
					return
				}
				if !pollOne(ctx, k, clk, id, opts.Categories, yield) {
					return
				}
			}
		}
	}
}

// pollOne checks one id and reports whether polling goes on.
func pollOne(ctx context.Context, k *checker, clk Clock, id string, cats []enums.Preference, yield func(Set, error) bool) bool {
	t := entityTypeOf(id)
	old, found, err := k.load(ctx, storeKey(t, id))
	var r result
	if err == nil {
		r, err = k.check(ctx, t, id, cats, old, found)
	} else {
		r.set = Set{EntityType: t, EntityID: id}
	}
	r.set.DetectedAt = clk.Now().UTC()
	if err != nil {
		if ctx.Err() != nil {
			return false
		}
		r.set.Changes = []Change{}
		return yield(r.set, err) && !errors.Is(err, registerdata.ErrBudgetExceeded)
	}
	more := true
	if !r.set.Baseline && len(r.set.Changes) > 0 {
		more = yield(r.set, nil)
	}
	if r.dirty {
		if err := k.commit(ctx, r.key, &r.next); err != nil {
			return more && yield(Set{EntityType: t, EntityID: id, DetectedAt: r.set.DetectedAt, Changes: []Change{}}, err)
		}
	}
	return more
}
