package portfolio

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"iter"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// RescreenOptions tune Rescreen.
type RescreenOptions struct {
	// MaxCredits bounds what Rescreen spends polling the companies
	// without a monitor, as a registerdata.WithCreditLimit held at every
	// write: a poll is made only when its price fits in what is left (10
	// per company, 20 when its owners are kept too). 0 polls nothing; a
	// negative value is refused. The client's budget (WithCreditBudget)
	// applies as well.
	MaxCredits int64
}

// Rescreen brings the portfolio up to date where no event will tell:
//
//   - it evaluates the red flags of every company again with today's
//     date, from the stored records (free): what time alone changes,
//     such as annual accounts becoming overdue, is raised or cleared;
//   - it polls the matched companies without a monitor of the account
//     (ListMonitors, free), and those whose check was given up (an open
//     redflags.FlagCheckFailed, monitor or not: see CheckFailure),
//     fetching each, comparing it with its stored record and journalling
//     what changed, within o.MaxCredits. A poll that succeeds clears
//     FlagCheckFailed.
//
// It yields the journal entries it writes. The second value is non-nil
// when Rescreen stops early: ctx ended, the store or the service failed
// (an error wrapping registerdata.ErrBudgetExceeded when the client's
// budget cannot pay for a poll); what was written stays written, and a
// later Rescreen continues from the stored state.
func (p *Portfolio) Rescreen(ctx context.Context, o RescreenOptions) iter.Seq2[Event, error] {
	return func(yield func(Event, error) bool) {
		if o.MaxCredits < 0 {
			yield(Event{}, fmt.Errorf("portfolio: Rescreen: MaxCredits is %d: give 0 (no polls) or a positive limit", o.MaxCredits))
			return
		}
		if !p.reevaluate(ctx, yield) {
			return
		}
		p.poll(ctx, o.MaxCredits, yield)
	}
}

// reevaluate runs the rules over the stored snapshot of every company a
// matched entry names with today's date (a company no entry names is
// left alone: its flags are not open for review, and nothing is
// journalled about it); false when the caller stopped or an error was
// yielded.
func (p *Portfolio) reevaluate(ctx context.Context, yield func(Event, error) bool) bool {
	after := ""
	for {
		ids, err := p.strings(ctx, p.q(`SELECT s.company_id FROM portfolio_snapshots s WHERE s.fetched_at > 0 AND s.company_id > $1 AND `+stillNamed("s")+`
			ORDER BY s.company_id LIMIT `+itoa(entriesPage)), after)
		if err != nil {
			yield(Event{}, err)
			return false
		}
		for _, id := range ids {
			if err := ctx.Err(); err != nil {
				yield(Event{}, err)
				return false
			}
			e, err := p.apply(ctx, check{companyID: id}) // nothing fetched: the stored records, judged today
			if err != nil {
				yield(Event{}, err)
				return false
			}
			if e != nil && !yield(*e, nil) {
				return false
			}
		}
		if len(ids) < entriesPage {
			return true
		}
		after = ids[len(ids)-1]
	}
}

// poll fetches the matched companies without a monitor within limit.
func (p *Portfolio) poll(ctx context.Context, limit int64, yield func(Event, error) bool) {
	if limit == 0 {
		return
	}
	ms, err := p.c.ListMonitors(ctx)
	if err != nil {
		yield(Event{}, fmt.Errorf("portfolio: Rescreen: listing the monitors: %w", err))
		return
	}
	monitored := map[string]bool{}
	for _, m := range ms {
		if m.EntityType == enums.EntityTypeCompany && !m.Disabled {
			monitored[m.EntityID] = true
		}
	}
	failed, err := p.failedCompanies(ctx)
	if err != nil {
		yield(Event{}, err)
		return
	}
	ids, err := p.companies(ctx)
	if err != nil {
		yield(Event{}, err)
		return
	}
	// The limit is held at every write, retries included: the polls
	// never spend more than it, whatever the network does.
	ctx, lim := registerdata.WithCreditLimit(ctx, limit)
	for _, id := range ids {
		if monitored[id] && !failed[id] {
			continue // its monitor tells; but a check of it given up is not news that will come
		}
		if err := ctx.Err(); err != nil {
			yield(Event{}, err)
			return
		}
		owners, err := p.keepsOwners(ctx, id)
		if err != nil {
			yield(Event{}, err)
			return
		}
		cost := p.prices.Of(routeCompany, false)
		if owners {
			cost += p.prices.Of(routeOwners, false)
		}
		if cost > lim.Remaining() {
			return // the limit is reached: the next Rescreen goes on
		}
		started := p.cfg.now()
		fresh, credits, err := p.fetch(ctx, id, owners)
		if err != nil {
			if lim.Refused(err) {
				return
			}
			if credits > 0 || !errors.Is(err, registerdata.ErrNotFound) {
				yield(Event{}, err)
				return
			}
			continue
		}
		e, err := p.apply(ctx, check{companyID: id, fresh: fresh, fetchedAt: started, credits: credits, always: true})
		if err != nil {
			yield(Event{}, err)
			return
		}
		if e != nil && !yield(*e, nil) {
			return
		}
	}
}

// keepsOwners reports whether the stored snapshot of id holds its owners
// (a poll then fetches them again to compare).
func (p *Portfolio) keepsOwners(ctx context.Context, id string) (bool, error) {
	var data string
	err := p.db.QueryRowContext(ctx, p.q(`SELECT data FROM portfolio_snapshots WHERE company_id = $1`), id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil // no snapshot: the record alone is the baseline
	}
	if err != nil {
		return false, fmt.Errorf("portfolio: reading the snapshot of %s: %w", id, err)
	}
	var s snapshot
	if err := json.Unmarshal([]byte(data), &s); err != nil {
		return false, fmt.Errorf("portfolio: the stored snapshot of %s is not valid (%v): delete its row in portfolio_snapshots to start from a new baseline", id, err)
	}
	return s.Owners != nil, nil
}
