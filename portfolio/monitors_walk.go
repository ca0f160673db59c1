package portfolio

import (
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
)

// walkPage is how many companies a walk of the store reads at a time.
var walkPage = 2048

// eachWanted yields each company of the matched entries, with whether
// its baseline is stored, a page at a time (paged) in the store's order
// of company ids: its index's, byte order on SQLite and the database's
// collation on PostgreSQL. A page is read whole and its query closed
// before its companies are yielded, so that what is done with them (Sync
// creates a monitor and stores a baseline) never waits on an open read;
// and the next page starts after the last id of the one before, so that
// companies leaving the set while it is walked (an entry Sync finds the
// service does not know) move no other.
func (p *Portfolio) eachWanted(ctx context.Context) iter.Seq2[wanted, error] {
	return paged(walkPage, "", func(after string) ([]wanted, error) { return p.wantedAfter(ctx, after) },
		func(w wanted) string { return w.id })
}

// wantedAfter reads a page of eachWanted: the companies after id after.
func (p *Portfolio) wantedAfter(ctx context.Context, after string) ([]wanted, error) {
	rows, err := p.db.QueryContext(ctx, p.q(`SELECT e.company_id, MAX(e.name), MAX(CASE WHEN s.fetched_at > 0 THEN 1 ELSE 0 END)
		FROM portfolio_entries e LEFT JOIN portfolio_snapshots s ON s.company_id = e.company_id
		WHERE e.status = 'matched' AND e.company_id > $1 GROUP BY e.company_id ORDER BY e.company_id LIMIT $2`), after, walkPage)
	if err != nil {
		return nil, fmt.Errorf("portfolio: reading the store: %w", err)
	}
	defer rows.Close()
	var out []wanted
	for rows.Next() {
		var w wanted
		var stored int
		if err := rows.Scan(&w.id, &w.name, &stored); err != nil {
			return nil, fmt.Errorf("portfolio: reading the store: %w", err)
		}
		w.stored = stored == 1
		out = append(out, w)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("portfolio: reading the store: %w", err)
	}
	return out, nil
}

// eachUnwanted yields each company whose monitor Sync created and that
// no matched entry names any more, a page at a time in the store's
// order, as eachWanted does.
func (p *Portfolio) eachUnwanted(ctx context.Context) iter.Seq2[string, error] {
	return paged(walkPage, "", func(after string) ([]string, error) {
		return p.strings(ctx, p.q(`SELECT m.company_id FROM portfolio_monitors m
			WHERE m.company_id > $1 AND NOT EXISTS (SELECT 1 FROM portfolio_entries e WHERE e.company_id = m.company_id AND e.status = 'matched')
			ORDER BY m.company_id LIMIT $2`), after, walkPage)
	}, func(id string) string { return id })
}

// step is what Sync does for a company of the matched entries.
type step int

const (
	stepKeep     step = iota // monitored, its baseline stored
	stepCreate               // no monitor on the account: create it
	stepBaseline             // monitored, its baseline not stored: fetch it
)

// stepOf is what Sync does for w, by the account's monitors as the plan
// listed them.
func (pl *Plan) stepOf(w wanted) step {
	switch _, ok := pl.account[w.id]; {
	case !ok:
		return stepCreate
	case !w.stored:
		return stepBaseline
	}
	return stepKeep
}

// wantedFor yields the companies of the matched entries for which Sync
// takes step s.
func (pl *Plan) wantedFor(ctx context.Context, s step) iter.Seq2[string, error] {
	return idsOf(pl.p.eachWanted(ctx), func(w wanted) (string, bool) { return w.id, pl.stepOf(w) == s })
}

// deletable yields the companies whose monitor Sync deletes: its own
// monitors, on the account, that no matched entry names.
func (pl *Plan) deletable(ctx context.Context) iter.Seq2[string, error] {
	return idsOf(pl.p.eachUnwanted(ctx), func(id string) (string, bool) {
		_, ok := pl.account[id]
		return id, ok
	})
}

// idsOf yields the id of each item of seq that pick keeps, and seq's
// error.
func idsOf[T any](seq iter.Seq2[T, error], pick func(T) (string, bool)) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		for it, err := range seq {
			if err != nil {
				yield("", err)
				return
			}
			if id, ok := pick(it); ok && !yield(id, nil) {
				return
			}
		}
	}
}

// tally walks the store for pl: it counts the companies to create, to
// baseline and to delete, and lists them too unless pl is a plan of
// PlanTotals (each list in byte order). It returns what the monitors
// kept cost a month, each at its own frequency as the account lists it
// (a disabled one is not billed: the account's monitors may have been
// made by syncs of different frequencies), and how many baselines leave
// the owners out, unasked, for the legal form the entry's name states.
func (p *Portfolio) tally(ctx context.Context, pl *Plan, withOwners bool) (kept int64, notPublished int, err error) {
	if !pl.totals {
		pl.Create, pl.Baseline, pl.Delete, pl.OwnersNotPublished = []string{}, []string{}, []string{}, map[string]string{}
	}
	for w, err := range p.eachWanted(ctx) {
		if err != nil {
			return 0, 0, err
		}
		switch pl.stepOf(w) {
		case stepCreate:
			pl.CreateCount++
			if !pl.totals {
				pl.Create = append(pl.Create, w.id)
			}
		case stepBaseline:
			pl.BaselineCount++
			kept += monthlyOf(p.prices, pl.account[w.id])
			if !pl.totals {
				pl.Baseline = append(pl.Baseline, w.id)
			}
		default:
			kept += monthlyOf(p.prices, pl.account[w.id])
			continue
		}
		if why := ownersNotPublished(w.name); withOwners && why != "" {
			notPublished++
			if !pl.totals {
				pl.OwnersNotPublished[w.id] = why
			}
		}
	}
	for id, err := range pl.deletable(ctx) {
		if err != nil {
			return 0, 0, err
		}
		pl.DeleteCount++
		if !pl.totals {
			pl.Delete = append(pl.Delete, id)
		}
	}
	for _, ids := range [][]string{pl.Create, pl.Baseline, pl.Delete} {
		slices.Sort(ids) // the store's order is its collation's on PostgreSQL
	}
	return kept, notPublished, nil
}

// PlanTotals is Plan for a portfolio too large to hold its lists: it
// prices the same work by the same rules, but counts the companies
// instead of listing them. Create, Baseline and Delete are nil and
// CreateCount, BaselineCount and DeleteCount say how many there are;
// OwnersNotPublished is nil too (BaselineCredits leaves out the owners of
// those companies as Plan does). EachCreate, EachBaseline and EachDelete
// walk the store for the companies, a page at a time, and Sync applies
// the plan the same way, so that planning and syncing 100,000 companies
// takes no more memory than 10,000.
//
// The store is walked again when the plan is applied: Sync never creates,
// fetches or deletes more than the plan counted. An import between
// PlanTotals and Sync that adds companies stops Sync with an error
// wrapping ErrPlanChanged once the counted work is done; make the plan
// again to price the rest.
func (p *Portfolio) PlanTotals(ctx context.Context, o MonitorOptions) (Plan, error) {
	return p.plan(ctx, o, true)
}

// ErrPlanChanged is what Sync's error wraps when the store holds more
// work than a plan of PlanTotals counted (companies imported between the
// plan and Sync): Sync stops before it, so that it never spends more
// than the plan said. Make the plan again.
var ErrPlanChanged = errors.New("portfolio: the portfolio changed since the plan was made: make the plan again")

// EachCreate yields the companies Sync creates a monitor for: those of
// Create for a plan of Plan, in order, and for a plan of PlanTotals those
// the store holds when it is walked (see PlanTotals), at most CreateCount
// of them before it yields ErrPlanChanged.
func (pl Plan) EachCreate(ctx context.Context) iter.Seq2[string, error] {
	if !pl.totals {
		return listed(pl.Create)
	}
	return capped(pl.CreateCount, pl.wantedFor(ctx, stepCreate))
}

// EachBaseline yields the companies monitored already whose baseline Sync
// fetches: Baseline for a plan of Plan, and for a plan of PlanTotals
// those the store holds when it is walked, at most BaselineCount of them
// before it yields ErrPlanChanged.
func (pl Plan) EachBaseline(ctx context.Context) iter.Seq2[string, error] {
	if !pl.totals {
		return listed(pl.Baseline)
	}
	return capped(pl.BaselineCount, pl.wantedFor(ctx, stepBaseline))
}

// EachDelete yields the companies whose monitor Sync deletes: Delete for
// a plan of Plan, and for a plan of PlanTotals those the store holds when
// it is walked, at most DeleteCount of them before it yields
// ErrPlanChanged.
func (pl Plan) EachDelete(ctx context.Context) iter.Seq2[string, error] {
	if !pl.totals {
		return listed(pl.Delete)
	}
	return capped(pl.DeleteCount, pl.deletable(ctx))
}

// listed yields ids, never an error.
func listed(ids []string) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		for _, id := range ids {
			if !yield(id, nil) {
				return
			}
		}
	}
}

// capped yields what ids yields, at most limit ids: one more ends it
// with ErrPlanChanged, as an error of ids does.
func capped(limit int, ids iter.Seq2[string, error]) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		n := 0
		for id, err := range ids {
			if err == nil && n == limit {
				err = fmt.Errorf("%w (it counted %d, and there are more)", ErrPlanChanged, limit)
			}
			if err != nil {
				yield("", err)
				return
			}
			n++
			if !yield(id, nil) {
				return
			}
		}
	}
}
