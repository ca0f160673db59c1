package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"iter"
)

// walkPage is how many companies a walk of the store reads at a time.
var walkPage = 2048

// eachWanted calls fn for each company of the matched entries, with
// whether its baseline is stored, in the store's order of company ids
// (its index's: byte order on SQLite, the database's collation on
// PostgreSQL).
func (p *Portfolio) eachWanted(ctx context.Context, fn func(wanted) error) error {
	return walkPages(ctx, p, `SELECT e.company_id, MAX(e.name), MAX(CASE WHEN s.fetched_at > 0 THEN 1 ELSE 0 END)
		FROM portfolio_entries e LEFT JOIN portfolio_snapshots s ON s.company_id = e.company_id
		WHERE e.status = 'matched' AND e.company_id > $1 GROUP BY e.company_id ORDER BY e.company_id LIMIT $2`,
		func(rows *sql.Rows) (wanted, error) {
			var w wanted
			var stored int
			err := rows.Scan(&w.id, &w.name, &stored)
			w.stored = stored == 1
			return w, err
		}, func(w wanted) string { return w.id }, fn)
}

// eachUnwanted calls fn for each company whose monitor Sync created and
// that no matched entry names any more, in the store's order.
func (p *Portfolio) eachUnwanted(ctx context.Context, fn func(id string) error) error {
	return walkPages(ctx, p, `SELECT m.company_id FROM portfolio_monitors m
		WHERE m.company_id > $1 AND NOT EXISTS (SELECT 1 FROM portfolio_entries e WHERE e.company_id = m.company_id AND e.status = 'matched')
		ORDER BY m.company_id LIMIT $2`,
		func(rows *sql.Rows) (id string, err error) { return id, rows.Scan(&id) },
		func(id string) string { return id }, fn)
}

// walkPages runs query (its $1 the last company id of the page before,
// its $2 the page's size, ordered by company id) a page at a time, scans
// each row with scan and calls fn for each item. A page is read whole
// and its query closed before fn sees it, so that what fn does (Sync
// creates a monitor and stores a baseline) never waits on an open read;
// and the next page starts after the last id of the one before, so that
// companies leaving the walk's set while it runs (an entry Sync finds the
// service does not know) move no other.
func walkPages[T any](ctx context.Context, p *Portfolio, query string, scan func(*sql.Rows) (T, error), key func(T) string, fn func(T) error) error {
	page := make([]T, 0, walkPage)
	last := ""
	for {
		page = page[:0]
		rows, err := p.db.QueryContext(ctx, p.q(query), last, walkPage)
		if err != nil {
			return fmt.Errorf("portfolio: reading the store: %w", err)
		}
		for rows.Next() {
			item, err := scan(rows)
			if err != nil {
				rows.Close()
				return fmt.Errorf("portfolio: reading the store: %w", err)
			}
			page = append(page, item)
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return fmt.Errorf("portfolio: reading the store: %w", err)
		}
		for _, item := range page {
			if err := fn(item); err != nil {
				return err
			}
		}
		if len(page) < walkPage {
			return nil
		}
		last = key(page[len(page)-1])
	}
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

// planTotals fills pl's counts and prices from walks of the store.
func (p *Portfolio) planTotals(ctx context.Context, pl *Plan, have map[string]int64, withOwners bool) (kept int64, notPublished int, err error) {
	err = p.eachWanted(ctx, func(w wanted) error {
		monthly, ok := have[w.id]
		switch {
		case !ok:
			pl.CreateCount++
		case !w.stored:
			pl.BaselineCount++
			kept += monthly
		default:
			kept += monthly
			return nil
		}
		if withOwners && ownersNotPublished(w.name) != "" {
			notPublished++
		}
		return nil
	})
	if err != nil {
		return 0, 0, err
	}
	err = p.eachUnwanted(ctx, func(id string) error {
		if _, ok := have[id]; ok {
			pl.DeleteCount++
		}
		return nil
	})
	return kept, notPublished, err
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
	return capped(pl.CreateCount, func(yield func(string) error) error {
		return pl.p.eachWanted(ctx, func(w wanted) error {
			if _, ok := pl.account[w.id]; ok {
				return nil
			}
			return yield(w.id)
		})
	})
}

// EachBaseline yields the companies monitored already whose baseline Sync
// fetches: Baseline for a plan of Plan, and for a plan of PlanTotals
// those the store holds when it is walked, at most BaselineCount of them
// before it yields ErrPlanChanged.
func (pl Plan) EachBaseline(ctx context.Context) iter.Seq2[string, error] {
	if !pl.totals {
		return listed(pl.Baseline)
	}
	return capped(pl.BaselineCount, func(yield func(string) error) error {
		return pl.p.eachWanted(ctx, func(w wanted) error {
			if _, ok := pl.account[w.id]; !ok || w.stored {
				return nil
			}
			return yield(w.id)
		})
	})
}

// EachDelete yields the companies whose monitor Sync deletes: Delete for
// a plan of Plan, and for a plan of PlanTotals those the store holds when
// it is walked, at most DeleteCount of them before it yields
// ErrPlanChanged.
func (pl Plan) EachDelete(ctx context.Context) iter.Seq2[string, error] {
	if !pl.totals {
		return listed(pl.Delete)
	}
	return capped(pl.DeleteCount, func(yield func(string) error) error {
		return pl.p.eachUnwanted(ctx, func(id string) error {
			if _, ok := pl.account[id]; !ok {
				return nil
			}
			return yield(id)
		})
	})
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

// errStopWalk ends a walk its consumer left.
var errStopWalk = errors.New("portfolio: walk stopped")

// capped yields what walk hands it, at most limit ids: one more ends the
// walk with ErrPlanChanged, as does a walk's error (wrapped).
func capped(limit int, walk func(yield func(string) error) error) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		n := 0
		err := walk(func(id string) error {
			if n == limit {
				return fmt.Errorf("%w (it counted %d, and there are more)", ErrPlanChanged, limit)
			}
			n++
			if !yield(id, nil) {
				return errStopWalk
			}
			return nil
		})
		if err != nil && !errors.Is(err, errStopWalk) {
			yield("", err)
		}
	}
}
