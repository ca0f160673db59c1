package portfolio

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	registerdata "github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/enums"
)

// MonitorOptions say how the portfolio's companies are monitored.
type MonitorOptions struct {
	// Preferences are the categories to watch; empty means basic,
	// representation, ownership, financials and insolvencies.
	Preferences []enums.Preference
	// UpdateFrequency is weekly (the default, empty) or daily.
	UpdateFrequency enums.UpdateFrequency
}

// preferences are o's preferences, the default when empty.
// The routes whose prices the portfolio's plans and limits read.
const (
	routeCompany = "GET /v1/company/{company_id}"
	routeOwners  = "GET /v1/company/{company_id}/owners"
)

func (o MonitorOptions) preferences() []enums.Preference {
	if len(o.Preferences) > 0 {
		return o.Preferences
	}
	return []enums.Preference{enums.PreferenceBasic, enums.PreferenceRepresentation, enums.PreferenceOwnership,
		enums.PreferenceFinancials, enums.PreferenceInsolvencies}
}

// Plan is what Sync would do, and what it costs, before a credit is
// spent.
type Plan struct {
	// Create are the companies of the portfolio without a monitor, in
	// order.
	Create []string
	// Baseline are the companies monitored already whose first record is
	// not stored (an earlier Sync stopped between creating the monitor
	// and fetching it): Sync fetches them.
	Baseline []string
	// Delete are the companies whose monitor the portfolio created and
	// that no entry names any more. Monitors the account has for other
	// purposes are never deleted.
	Delete []string
	// Credits is what creating the monitors costs, by the client's price
	// table (registerdata.Prices.Monitor: 25 per weekly and 50 per daily
	// monitor in DefaultPrices).
	Credits int64
	// BaselineCredits is what fetching the first record of each company
	// of Create and Baseline costs (a company lookup each, and an owner
	// list with ownership among the preferences, by the client's price
	// table): the snapshot the first change is compared with. The owners
	// of a company of OwnersNotPublished are not counted: Sync does not
	// ask for them.
	BaselineCredits int64
	// OwnersNotPublished are the companies of Create and Baseline whose
	// baseline, with ownership among the preferences, leaves the owners
	// out at no cost, each with the reason (registerdata.NotPublished):
	// the service does not publish owners for the legal form the entry's
	// company name states ("owners: not published for a UG"). A company
	// whose name states no form certainly is counted; Sync, knowing the
	// form from the record it fetches, may still leave its owners out and
	// spend less than planned.
	OwnersNotPublished map[string]string
	// MonthlyCredits is what the portfolio's monitors cost each month
	// once the plan is applied (registerdata.Prices.MonitorMonthly): each
	// monitor kept at its own frequency, as the account's monitor list
	// gives it (a portfolio synced daily once and weekly since has
	// both), nothing for a disabled one (the service does not bill it),
	// and each monitor of Create at the plan's frequency.
	MonthlyCredits int64
	// Options are the options the plan was made with; Sync creates the
	// monitors with them.
	Options MonitorOptions
	// Ledger is what the monitor ledger expects the portfolio's monitors
	// to cost this month (the portfolio's clock), as they stand before
	// the plan is applied: MonitorCosts over the month.
	Ledger LedgerMonth

	// CreateCount, BaselineCount and DeleteCount are how many companies
	// Create, Baseline and Delete hold; for a plan of PlanTotals, which
	// holds no lists, how many the store held when the plan was made.
	CreateCount, BaselineCount, DeleteCount int

	// account are the account's company monitors as the plan listed
	// them, by company: Sync brings the monitor ledger in line with them.
	account map[string]registerdata.Monitor
	// totals is set for a plan of PlanTotals: its companies are walked
	// from p's store.
	totals bool
	p      *Portfolio
}

// SyncResult is what Sync did.
type SyncResult struct {
	// Created is how many monitors Sync created (a monitor found to
	// exist already is not counted: it was billed before).
	Created int
	// Deleted is how many monitors it deleted.
	Deleted int
	// Credits is what Sync spent: the monitors created and their
	// baselines.
	Credits int64
	// OwnersNotPublished are the companies whose baseline left the owners
	// out, unasked and at no cost, although ownership is among the
	// preferences, each with the reason (registerdata.NotPublished, from
	// the legal form of the record the baseline fetched): "owners: not
	// published for a UG". Plan counts the owners of a company whose form
	// it could not tell from the entry's name, so Sync spends
	// the price of an owner list less than planned for each of these not in
	// Plan.OwnersNotPublished.
	OwnersNotPublished map[string]string
	// Unknown are the companies the service does not know (its lookup
	// answered 404): their entries wait in the review queue as
	// UnknownCompany instead of stopping Sync, and are not monitored.
	Unknown []string
}

// Plan compares the portfolio's matched companies with the account's
// monitors (ListMonitors, free) and says what Sync would create and
// delete and what that costs. It spends nothing. For a portfolio too
// large to list, PlanTotals prices the same work without the lists.
func (p *Portfolio) Plan(ctx context.Context, o MonitorOptions) (Plan, error) {
	return p.plan(ctx, o, false)
}

// plan is Plan, or with totals PlanTotals.
func (p *Portfolio) plan(ctx context.Context, o MonitorOptions, totals bool) (Plan, error) {
	req := registerdata.MonitorRequest{EntityID: "DE-HRB-F1103-1", EntityType: enums.EntityTypeCompany, Preferences: o.preferences(), UpdateFrequency: o.UpdateFrequency}
	if err := req.Validate(); err != nil {
		return Plan{}, fmt.Errorf("portfolio: Plan: %w", err)
	}
	ms, err := p.c.ListMonitors(ctx)
	if err != nil {
		return Plan{}, fmt.Errorf("portfolio: Plan: listing the monitors: %w", err)
	}
	account := make(map[string]registerdata.Monitor, len(ms))
	for _, m := range ms {
		if m.EntityType == enums.EntityTypeCompany {
			account[m.EntityID] = m
		}
	}
	ms = nil
	pl := Plan{Options: o, account: account, totals: totals, p: p}
	withOwners := needsOwners(o.preferences())
	kept, notPublished, err := p.tally(ctx, &pl, withOwners)
	if err != nil {
		return Plan{}, err
	}
	pl.Credits = int64(pl.CreateCount) * p.prices.Monitor(o.UpdateFrequency)
	n := int64(pl.CreateCount + pl.BaselineCount)
	pl.BaselineCredits = n * p.prices.Of(routeCompany, false)
	if withOwners {
		pl.BaselineCredits += (n - int64(notPublished)) * p.prices.Of(routeOwners, false)
	}
	pl.MonthlyCredits = kept + int64(pl.CreateCount)*p.prices.MonitorMonthly(o.UpdateFrequency)
	if pl.Ledger, err = p.monthCosts(ctx, p.cfg.now()); err != nil {
		return Plan{}, fmt.Errorf("portfolio: Plan: %w", err)
	}
	return pl, nil
}

// ownersNotPublished is why the service publishes no owners for the
// legal form a company's name states, "" when it may.
func ownersNotPublished(name string) string {
	f := registerdata.LegalFormOfName(name)
	return registerdata.NotPublished(registerdata.PartOwners, f, bestAvailable(f))
}

// Sync applies pl: it creates the missing monitors, fetches the baseline
// of each new company (and of the companies of pl.Baseline), and deletes
// the monitors no entry needs. It is
// idempotent and can be interrupted (ctx, the client's budget) and run
// again with the same plan: a monitor that exists already is adopted,
// not created twice (CreateMonitor reconciles a lost answer by listing),
// and a company whose baseline is stored is not fetched again. The
// client's budget (WithCreditBudget) bounds what it spends: a create it
// cannot pay for stops Sync with an error wrapping
// registerdata.ErrBudgetExceeded, the result saying what was done. An
// account without monitoring access (403, registerdata.ErrForbidden:
// monitoring is early access at the service) stops Sync at the first
// create, with the SDK's error saying where to ask for access; nothing is
// billed and no further create is tried.
//
// A plan of PlanTotals lists no companies: Sync walks them from the
// store (EachCreate, EachBaseline, EachDelete), and stops with an error
// wrapping ErrPlanChanged before it would create, fetch or delete more
// than the plan counted.
//
// Sync keeps the monitor ledger (see MonitorCosts): each monitor it
// creates, adopts or deletes, and each whose frequency or state the
// account's monitor list shows changed, gets its row for the month in
// the same transaction as the portfolio's record of it.
func (p *Portfolio) Sync(ctx context.Context, pl Plan) (SyncResult, error) {
	res := SyncResult{OwnersNotPublished: map[string]string{}}
	prefs := pl.Options.preferences()
	if err := p.keepLedger(ctx, pl.account); err != nil {
		return res, err
	}
	for id, err := range pl.EachCreate(ctx) {
		if err != nil {
			return res, err // the walk says what failed
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		// Recorded before the create: a crash after it leaves the monitor
		// known as the portfolio's.
		if _, err := p.db.ExecContext(ctx, p.q(`INSERT INTO portfolio_monitors (company_id, created_at) VALUES ($1, $2) ON CONFLICT (company_id) DO NOTHING`), id, micros(p.cfg.now())); err != nil {
			return res, fmt.Errorf("portfolio: Sync: recording the monitor of %s: %w", id, err)
		}
		var ri registerdata.ResponseInfo
		_, err := p.c.CreateMonitor(ctx, registerdata.MonitorRequest{EntityID: id, EntityType: enums.EntityTypeCompany,
			Preferences: prefs, UpdateFrequency: pl.Options.UpdateFrequency}, registerdata.WithResponseInfo(&ri))
		res.Credits += ri.Charged
		switch {
		case err == nil:
			if ri.Charged > 0 {
				res.Created++
			}
			err = p.inTx(ctx, func(tx *sql.Tx) error { return p.recordCreated(ctx, tx, id, pl.Options.UpdateFrequency) })
		case errors.Is(err, registerdata.ErrConflict):
			// It exists: created by an earlier, interrupted Sync.
			err = p.inTx(ctx, func(tx *sql.Tx) error { return p.recordCreated(ctx, tx, id, pl.Options.UpdateFrequency) })
		case errors.Is(err, registerdata.ErrNotFound):
			// The service does not know the company: a finding for a
			// person, not a stop.
			if err := p.unknownCompany(ctx, id, &res); err != nil {
				return res, err
			}
			continue
		case errors.Is(err, registerdata.ErrForbidden):
			// The account lacks monitoring (early access at the service):
			// every further create would be refused alike, so Sync stops
			// at the first, and forgets the monitor it did not get.
			if derr := p.forgetMonitor(ctx, id); derr != nil {
				return res, derr
			}
			return res, fmt.Errorf("portfolio: Sync: stopped at the first monitor (%s, of %d to create), as none can be created: %w", id, max(len(pl.Create), pl.CreateCount), err)
		default:
			return res, fmt.Errorf("portfolio: Sync: creating the monitor of %s: %w", id, err)
		}
		if err != nil {
			return res, fmt.Errorf("portfolio: Sync: the monitor of %s is created but not in the ledger (run Sync again: it records it): %w", id, err)
		}
		credits, why, err := p.baseline(ctx, id, needsOwners(prefs))
		res.Credits += credits
		if why != "" {
			res.OwnersNotPublished[id] = why
		}
		if errors.Is(err, registerdata.ErrNotFound) {
			err = p.unknownCompany(ctx, id, &res)
		}
		if err != nil {
			return res, err
		}
	}
	for id, err := range pl.EachBaseline(ctx) {
		if err != nil {
			return res, err // the walk says what failed
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		credits, why, err := p.baseline(ctx, id, needsOwners(prefs))
		res.Credits += credits
		if why != "" {
			res.OwnersNotPublished[id] = why
		}
		if errors.Is(err, registerdata.ErrNotFound) {
			err = p.unknownCompany(ctx, id, &res)
		}
		if err != nil {
			return res, err
		}
	}
	for id, err := range pl.EachDelete(ctx) {
		if err != nil {
			return res, err // the walk says what failed
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		err := p.c.DeleteMonitor(ctx, id)
		switch {
		case err == nil:
			res.Deleted++
		case errors.Is(err, registerdata.ErrNotFound):
		default:
			return res, fmt.Errorf("portfolio: Sync: deleting the monitor of %s: %w", id, err)
		}
		if err := p.forgetMonitor(ctx, id); err != nil {
			return res, err
		}
	}
	return res, nil
}

// unknownCompany records that the service does not know company id: its
// entries go to the review queue as UnknownCompany (no longer monitored),
// and the monitor, if Sync created one, is deleted and forgotten.
func (p *Portfolio) unknownCompany(ctx context.Context, id string, res *SyncResult) error {
	res.Unknown = append(res.Unknown, id)
	err := p.inTx(ctx, func(tx *sql.Tx) error {
		now := micros(p.cfg.now())
		if _, err := tx.ExecContext(ctx, p.q(`UPDATE portfolio_entries SET status = 'unknown_company', problem = $1, queued_at = $2, updated_at = $2
			WHERE company_id = $3 AND status = 'matched'`), "the service does not know "+id, now, id); err != nil {
			return fmt.Errorf("portfolio: Sync: recording that the service does not know %s: %w", id, err)
		}
		if _, err := tx.ExecContext(ctx, p.q(`DELETE FROM portfolio_snapshots WHERE company_id = $1 AND fetched_at = 0`), id); err != nil {
			return fmt.Errorf("portfolio: Sync: forgetting the snapshot of %s: %w", id, err)
		}
		return nil
	})
	if err != nil {
		return err
	}
	if err := p.c.DeleteMonitor(ctx, id); err != nil && !errors.Is(err, registerdata.ErrNotFound) {
		return fmt.Errorf("portfolio: Sync: deleting the monitor of %s, which the service does not know: %w", id, err)
	}
	return p.forgetMonitor(ctx, id)
}

// baseline fetches and stores the first snapshot of company id, unless
// one is stored; it raises the flags the record shows already and writes
// a journal entry without changes (with what the fetch cost). why is
// the reason the owners were left out unasked (owners wanted, but not
// published for the company's legal form), else "".
func (p *Portfolio) baseline(ctx context.Context, id string, owners bool) (credits int64, why string, err error) {
	var at int64
	err = p.db.QueryRowContext(ctx, p.q(`SELECT fetched_at FROM portfolio_snapshots WHERE company_id = $1`), id).Scan(&at)
	if err == nil && at > 0 {
		return 0, "", nil
	}
	started := p.cfg.now()
	fresh, credits, err := p.fetch(ctx, id, owners)
	if err != nil {
		return credits, "", fmt.Errorf("portfolio: Sync: the baseline of %s: %w", id, err)
	}
	if owners {
		f := fresh.Company.LegalForm
		why = registerdata.NotPublished(registerdata.PartOwners, f, bestAvailable(f))
	}
	_, err = p.apply(ctx, check{companyID: id, fresh: fresh, fetchedAt: started, credits: credits, always: true})
	return credits, why, err
}
