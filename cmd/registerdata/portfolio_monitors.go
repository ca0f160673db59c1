package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"strings"

	"github.com/registerdata/registerdata-go"
	"github.com/registerdata/registerdata-go/cmd/registerdata/internal/output"
	"github.com/registerdata/registerdata-go/enums"
	"github.com/registerdata/registerdata-go/portfolio"
	"github.com/spf13/pflag"
)

// monitorFlags are the monitor options of plan and sync.
type monitorFlags struct {
	prefs *string
	daily *bool
}

func declareMonitorFlags(fs *pflag.FlagSet) monitorFlags {
	return monitorFlags{
		prefs: fs.String("preferences", "", "comma-separated `list` of categories to watch (default: basic,representation,ownership,financials,insolvencies)"),
		daily: fs.Bool("daily", false, fmt.Sprintf("check daily (%d credits a monitor and month) instead of weekly (%d)", helpPrices().Monitor(enums.UpdateFrequencyDaily), helpPrices().Monitor(enums.UpdateFrequencyWeekly))),
	}
}

func (f monitorFlags) options() (portfolio.MonitorOptions, error) {
	var o portfolio.MonitorOptions
	for _, p := range splitList(*f.prefs) {
		pref := enums.Preference(strings.ToLower(p))
		if !pref.IsKnown() {
			return o, usagef("--preferences: unknown category %q", p)
		}
		o.Preferences = append(o.Preferences, pref)
	}
	if *f.daily {
		o.UpdateFrequency = enums.UpdateFrequencyDaily
	}
	return o, nil
}

func portfolioPlan() *command {
	return &command{
		name: "plan", nargs: 0,
		summary: "what sync would create and delete, and what it costs (free)",
		help: `Compares the portfolio's companies with the account's monitors and says
which monitors sync would create and delete, what creating them costs, what
their first records cost (the baselines changes are compared with), and
what the portfolio's monitors will cost each month (each monitor at its own
frequency), and what the portfolio's monitor ledger expects them to cost
this month and over the twelve months to it (sync keeps the ledger: a
row for each monitor it creates, finds changed or deletes). Nothing is
spent.`,
		examples: []string{
			"registerdata portfolio plan",
			"registerdata portfolio plan --daily --json",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			mf := declareMonitorFlags(fs)
			return func(a *app, _ []string) error {
				return a.withPlan(*db, mf, func(p *portfolio.Portfolio, pl portfolio.Plan) error {
					year, err := ledgerYear(a, p, pl)
					if err != nil {
						return err
					}
					if a.jsonOut {
						return writePlanJSON(a, pl, year)
					}
					return writePlan(a, pl, year)
				})
			}
		},
	}
}

func portfolioSync() *command {
	return &command{
		name: "sync", nargs: 0, billable: true,
		summary: fmt.Sprintf("create and delete monitors as the plan says (%d credits a weekly monitor, %d daily)", helpPrices().Monitor(enums.UpdateFrequencyWeekly), helpPrices().Monitor(enums.UpdateFrequencyDaily)),
		help: `Applies the plan: creates a monitor for each company of the portfolio
without one and fetches its first record, and deletes the monitors the
portfolio created for companies it no longer names (monitors made for other
purposes are never touched). It can be stopped and run again: a monitor
whose creation answer was lost is found, not created twice. --budget caps
what it spends; run "portfolio plan" first to see the cost. Monitoring is
early access at the service: on an account without it the first create is
refused (403), and sync stops there, says so and bills nothing. A company
the service does not know (its lookup answers 404) is not monitored: sync
lists it, sends its entries to the review queue ("portfolio review") and
goes on; --json lists it under "unknown".`,
		examples: []string{
			"registerdata portfolio plan && registerdata --budget 5000 portfolio sync",
			"registerdata portfolio sync --daily",
		},
		setup: func(fs *pflag.FlagSet) runFunc {
			db := dbFlag(fs)
			mf := declareMonitorFlags(fs)
			return reconciled(fs, func(a *app, _ []string) error {
				return a.withPlan(*db, mf, func(p *portfolio.Portfolio, pl portfolio.Plan) error {
					return a.runSync(p, pl)
				})
			})
		},
	}
}

// runSync applies the plan and says what it did, and which companies
// the service does not know (sent to the review queue: findings, not a
// failure of the sync).
func (a *app) runSync(p *portfolio.Portfolio, pl portfolio.Plan) error {
	res, err := p.Sync(a.ctx, pl)
	names := unknownNames(a, p, res.Unknown)
	if a.jsonOut {
		unknown := make([]map[string]string, len(res.Unknown))
		for i, id := range res.Unknown {
			unknown[i] = map[string]string{"company_id": id, "name": names[id]}
		}
		if jerr := a.jsonLine(map[string]any{"created": res.Created, "deleted": res.Deleted, "credits": res.Credits, "unknown": unknown}); jerr != nil {
			return jerr
		}
	} else {
		fmt.Fprintf(a.stdout, "created %d monitors, deleted %d; %d credits\n", res.Created, res.Deleted, res.Credits)
		if n := len(res.Unknown); n > 0 {
			fmt.Fprintf(a.stdout, "%d %s the service does not know, not monitored and sent to review (\"registerdata portfolio review\"):\n",
				n, nounFor(n, "company", "companies"))
			for _, id := range res.Unknown {
				fmt.Fprintf(a.stdout, "  %s\n", output.Clean(companyLabel(id, names[id])))
			}
		}
	}
	switch {
	case errors.Is(err, registerdata.ErrForbidden):
		// No monitor can be created on this account: running again would
		// only be refused again.
		return err
	case err != nil:
		return fmt.Errorf("%w (run the command again to continue: what was done is kept)", err)
	}
	return nil
}

// unknownNames are the names the portfolio stores for the companies ids
// (entries of the review queue), by id; "" when it has none.
func unknownNames(a *app, p *portfolio.Portfolio, ids []string) map[string]string {
	names := map[string]string{}
	if len(ids) == 0 {
		return names
	}
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	for r, err := range p.Reviews(a.ctx) {
		if err != nil {
			break // the names are a courtesy: the ids are printed anyway
		}
		if want[r.CompanyID] && r.Name != "" {
			names[r.CompanyID] = r.Name
		}
	}
	return names
}

// withPlan opens the portfolio and makes the plan of the monitor flags,
// for plan and sync: a plan of totals (PlanTotals), whose companies are
// walked from the store when they are written or synced, so that the
// commands take as much memory for 100,000 companies as for 10,000.
func (a *app) withPlan(db string, mf monitorFlags, fn func(*portfolio.Portfolio, portfolio.Plan) error) error {
	o, err := mf.options()
	if err != nil {
		return err
	}
	p, err := a.openPortfolioCalling(db)
	if err != nil {
		return err
	}
	defer p.Close()
	pl, err := p.PlanTotals(a.ctx, o)
	if err != nil {
		return err
	}
	return fn(p, pl)
}

// ledgerYear is what the monitor ledger expects the twelve months to the
// plan's month (it included) to cost.
func ledgerYear(a *app, p *portfolio.Portfolio, pl portfolio.Plan) (portfolio.LedgerSum, error) {
	next := pl.Ledger.Month.AddDate(0, 1, 0)
	return p.MonitorCosts(a.ctx, next.AddDate(-1, 0, 0), next)
}

// writePlanJSON writes "portfolio plan --json": one object, its lists
// written a company at a time as the plan's walks yield them.
func writePlanJSON(a *app, pl portfolio.Plan, year portfolio.LedgerSum) error {
	b := bufio.NewWriter(a.stdout)
	field := func(name string, v any) error {
		enc, err := json.Marshal(v)
		if err != nil {
			return err
		}
		fmt.Fprintf(b, "%q:%s", name, enc)
		return nil
	}
	list := func(name string, ids iter.Seq2[string, error]) error {
		fmt.Fprintf(b, "%q:[", name)
		n := 0
		for id, err := range ids {
			if err != nil {
				return err
			}
			if n > 0 {
				b.WriteByte(',')
			}
			n++
			enc, err := json.Marshal(id)
			if err != nil {
				return err
			}
			b.Write(enc)
		}
		b.WriteByte(']')
		return nil
	}
	b.WriteByte('{')
	steps := []func() error{
		func() error { return field("baseline_credits", pl.BaselineCredits) },
		func() error { return list("create", pl.EachCreate(a.ctx)) },
		func() error { return field("credits", pl.Credits) },
		func() error { return list("delete", pl.EachDelete(a.ctx)) },
		func() error {
			return field("ledger", map[string]any{
				"month": pl.Ledger.Month.Format("2006-01"), "month_credits": pl.Ledger.Credits, "month_monitors": pl.Ledger.Monitors,
				"year_from": year.From.Format("2006-01"), "year_credits": year.Credits,
			})
		},
		func() error { return field("monthly_credits", pl.MonthlyCredits) },
		func() error { return field("update_frequency", string(pl.Options.UpdateFrequency)) },
	}
	for i, step := range steps {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := step(); err != nil {
			return err
		}
	}
	b.WriteString("}\n")
	return b.Flush()
}

// nonNil is s, or an empty list where s is nil: JSON says [], not null.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// writePlan writes the plan for a person, a line at a time (a plan for
// a large portfolio lists many companies).
func writePlan(a *app, pl portfolio.Plan, year portfolio.LedgerSum) error {
	b := bufio.NewWriter(a.stdout)
	freq := "weekly"
	if pl.Options.UpdateFrequency == enums.UpdateFrequencyDaily {
		freq = "daily"
	}
	fmt.Fprintf(b, "create %d %s monitors: %d credits, and %d for their first records\n", pl.CreateCount, freq, pl.Credits, pl.BaselineCredits)
	fmt.Fprintf(b, "delete %d monitors of companies the portfolio no longer names\n", pl.DeleteCount)
	fmt.Fprintf(b, "then %d credits a month for the portfolio's monitors\n", pl.MonthlyCredits)
	fmt.Fprintf(b, "the ledger expects %d credits for %d monitors in %s, %d in the 12 months from %s\n",
		pl.Ledger.Credits, pl.Ledger.Monitors, pl.Ledger.Month.Format("2006-01"), year.Credits, year.From.Format("2006-01"))
	for _, l := range []struct {
		mark string
		ids  iter.Seq2[string, error]
	}{{"+", pl.EachCreate(a.ctx)}, {"-", pl.EachDelete(a.ctx)}} {
		for id, err := range l.ids {
			if err != nil {
				return err
			}
			fmt.Fprintf(b, "  %s %s\n", l.mark, id)
		}
	}
	return b.Flush()
}
